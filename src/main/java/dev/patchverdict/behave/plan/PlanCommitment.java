// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.behave.BehaveException;
import dev.patchverdict.digest.Digest;
import dev.patchverdict.json.PrettyJson;
import dev.patchverdict.report.IoMessages;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * A pre-outcome commitment: the plan's canonical digest and the time it was fixed, written before
 * any run so a plan cannot be tuned after its outcomes are seen. A commitment is written once;
 * committing a different plan to the same place is refused.
 */
public record PlanCommitment(String planId, Digest planDigest, Instant committedAt, String committedBy) {
    public static final String KIND = "behavioural_plan_commitment";
    public static final String SCHEMA_VERSION = "0.1";
    private static final Set<String> FIELDS = Set.of("kind", "schema_version", "plan_id", "plan_digest",
            "committed_at", "committed_by");

    public PlanCommitment {
        Objects.requireNonNull(planId, "planId");
        Objects.requireNonNull(planDigest, "planDigest");
        Objects.requireNonNull(committedAt, "committedAt");
        Objects.requireNonNull(committedBy, "committedBy");
    }

    /** Where {@code behave} looks for a plan's commitment unless told otherwise. */
    public static Path defaultLocation(Path plan) {
        return plan.resolveSibling(plan.getFileName() + ".commitment.json");
    }

    public ObjectNode toJson() {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("kind", KIND);
        o.put("schema_version", SCHEMA_VERSION);
        o.put("plan_id", planId);
        o.put("plan_digest", planDigest.toString());
        o.put("committed_at", committedAt.toString());
        o.put("committed_by", committedBy);
        return o;
    }

    /**
     * Commits the plan at {@code out}. An existing commitment to the same digest is kept as is
     * (its earlier time stands); one to another digest is refused.
     */
    public static PlanCommitment commit(LoadedPlan plan, Path out, Clock clock, String committedBy)
            throws BehaveException {
        PlanCommitment c = new PlanCommitment(plan.plan().id(), plan.digest(), clock.instant(), committedBy);
        byte[] bytes = PrettyJson.text(c.toJson()).getBytes(StandardCharsets.UTF_8);
        try {
            Files.write(out, bytes, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            return c;
        } catch (FileAlreadyExistsException e) {
            PlanCommitment existing = read(out);
            if (existing.planDigest().equals(plan.digest())) {
                return existing;
            }
            throw new BehaveException(out.toString(), "already commits " + existing.planDigest() + " (plan "
                    + existing.planId() + ", " + existing.committedAt() + "); a commitment is never replaced, so"
                    + " a changed plan needs a new plan id and its own commitment");
        } catch (IOException e) {
            throw new BehaveException(out.toString(), "cannot write the commitment: " + IoMessages.describe(e), e);
        }
    }

    public static PlanCommitment read(Path file) throws BehaveException {
        JsonNode doc = Documents.readJson(file);
        String what = file.toString();
        if (!doc.isObject()) {
            throw new BehaveException(what, "a plan commitment is a JSON object");
        }
        Set<String> unknown = new TreeSet<>();
        doc.fieldNames().forEachRemaining(unknown::add);
        unknown.removeAll(FIELDS);
        if (!unknown.isEmpty()) {
            throw new BehaveException(what, "unknown fields in a plan commitment: " + unknown);
        }
        if (!KIND.equals(text(doc, "kind")) || !SCHEMA_VERSION.equals(text(doc, "schema_version"))) {
            throw new BehaveException(what, "not a plan commitment (expected kind \"" + KIND + "\", schema_version \""
                    + SCHEMA_VERSION + "\")");
        }
        try {
            return new PlanCommitment(require(doc, "plan_id", what), Digest.parse(require(doc, "plan_digest", what)),
                    Instant.parse(require(doc, "committed_at", what)), require(doc, "committed_by", what));
        } catch (IllegalArgumentException | DateTimeParseException e) {
            throw new BehaveException(what, "malformed plan commitment: " + e.getMessage(), e);
        }
    }

    private static String require(JsonNode doc, String field, String what) throws BehaveException {
        String t = text(doc, field);
        if (t == null || t.isEmpty()) {
            throw new BehaveException(what, "plan commitment field " + field + " is missing or not a string");
        }
        return t;
    }

    private static String text(JsonNode doc, String field) {
        JsonNode n = doc.get(field);
        return n != null && n.isTextual() ? n.textValue() : null;
    }
}
