// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.patchverdict.behave.BehaveException;
import dev.patchverdict.behave.sandbox.SandboxLimits;
import dev.patchverdict.digest.Digest;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.StrictJson;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Reads BehaviouralPlan v0.1 and v0.2 strictly: strict JSON, then the shipped JSON Schema of the
 * declared version, then the rules a schema cannot say, into one immutable {@link BehaviouralPlan}.
 * A plan is selected only by its explicit kind and version; anything else (an unknown version
 * included) is refused with a message naming what this runner reads.
 */
public final class BehaviouralPlans {
    private static final String SCHEMA_RESOURCES = "/dev/patchverdict/schemas/behavioural-plan-v%s.schema.json";
    private static final int MAX_REPORTED_ERRORS = 10;
    private static final Map<String, Schema> SCHEMAS = new java.util.concurrent.ConcurrentHashMap<>();

    private BehaviouralPlans() {}

    /**
     * True for any document that declares itself a behavioural plan, by kind or by execution
     * mode, whatever its version. The static verifier uses this to refuse such a plan.
     */
    public static boolean isBehaviouralPlan(JsonNode document) {
        return document != null && document.isObject()
                && (BehaviouralPlan.KIND.equals(text(document, "kind"))
                        || BehaviouralPlan.EXECUTION_MODE.equals(text(document, "execution_mode")));
    }

    /** True for an EvaluatorPlan that only permits metadata checks; the runner never runs one. */
    public static boolean isMetadataOnlyPlan(JsonNode document) {
        return document != null && document.isObject() && "metadata_only".equals(text(document, "execution_mode"));
    }

    public static BehaviouralPlan read(Path file) throws BehaveException {
        return parse(Documents.readJson(file), file.toString());
    }

    /** Validates and builds the model; {@code what} names the document in messages. */
    public static BehaviouralPlan parse(JsonNode doc, String what) throws BehaveException {
        if (isMetadataOnlyPlan(doc)) {
            throw new BehaveException(what, "this is a metadata-only EvaluatorPlan; the behavioural runner never runs"
                    + " one. Use 'patchverdict verify' for it");
        }
        if (!isBehaviouralPlan(doc)) {
            throw new BehaveException(what, "not a behavioural plan (expected \"kind\": \"" + BehaviouralPlan.KIND
                    + "\" and \"execution_mode\": \"" + BehaviouralPlan.EXECUTION_MODE + "\")");
        }
        String version = text(doc, "schema_version");
        if (version == null || !BehaviouralPlan.SCHEMA_VERSIONS.contains(version)) {
            throw new BehaveException(what, "behavioural plan schema_version " + (version == null ? "is missing"
                    : "\"" + version + "\" is not supported") + "; this runner reads \""
                    + String.join("\" or \"", BehaviouralPlan.SCHEMA_VERSIONS) + "\"");
        }
        List<Error> errors = schema(version).validate(doc);
        if (!errors.isEmpty()) {
            List<String> lines = new ArrayList<>();
            for (Error e : errors.subList(0, Math.min(errors.size(), MAX_REPORTED_ERRORS))) {
                lines.add(pointer(e.getInstanceLocation()) + ": " + e.getMessage());
            }
            if (errors.size() > MAX_REPORTED_ERRORS) {
                lines.add("and " + (errors.size() - MAX_REPORTED_ERRORS) + " more");
            }
            throw new BehaveException(what, "does not match the BehaviouralPlan v" + version + " schema: "
                    + String.join("; ", lines));
        }
        try {
            return model(doc, version);
        } catch (IllegalArgumentException e) {
            throw new BehaveException(what, e.getMessage(), e);
        }
    }

    /** The instance location as a JSON pointer, the way every other message names places. */
    private static String pointer(com.networknt.schema.path.NodePath path) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; path != null && i < path.getNameCount(); i++) {
            Object element = path.getElement(i);
            sb.append('/').append(element instanceof Integer ? element.toString()
                    : dev.patchverdict.json.JsonPointers.escape(String.valueOf(element)));
        }
        return sb.length() == 0 ? "/" : sb.toString();
    }

    /** Where the schema of a version this runner reads is shipped. */
    public static String schemaResource(String version) {
        if (version == null || !BehaviouralPlan.SCHEMA_VERSIONS.contains(version)) {
            throw new IllegalArgumentException("no BehaviouralPlan schema for version " + version);
        }
        return String.format(java.util.Locale.ROOT, SCHEMA_RESOURCES, version);
    }

    static Schema schema(String version) {
        return SCHEMAS.computeIfAbsent(version, v -> {
            String resource = schemaResource(v);
            try (InputStream in = BehaviouralPlans.class.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IllegalStateException(resource + " is missing from the build");
                }
                JsonNode node = StrictJson.withDefaults().read(in.readAllBytes());
                return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(node);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + resource, e);
            } catch (JsonInputException e) {
                throw new IllegalStateException(resource + " is not valid JSON: " + e.getMessage(), e);
            }
        });
    }

    private static BehaviouralPlan model(JsonNode doc, String version) {
        JsonNode b = doc.get("binding");
        PlanBinding binding = new PlanBinding(b.get("work_unit_id").textValue(), b.get("work_unit_version").intValue(),
                Digest.parse(b.get("work_unit_digest").textValue()), b.get("source_revision").textValue(),
                Digest.parse(b.get("static_plan_digest").textValue()),
                Optional.ofNullable(text(b, "candidate_artifact_id")));
        JsonNode r = doc.get("runner");
        RunnerIdentity runner = new RunnerIdentity(r.get("id").textValue(), r.get("adapter").textValue(),
                r.get("adapter_version").textValue());
        JsonNode s = doc.get("sandbox");
        SandboxLimits limits = new SandboxLimits(s.get("wall_seconds").doubleValue(), s.get("cpu_seconds").intValue(),
                s.get("memory_mb").intValue(), s.get("output_bytes").longValue(), s.get("file_size_bytes").longValue());
        List<CheckSpec> checks = new ArrayList<>();
        for (JsonNode c : doc.get("checks")) {
            checks.add(check(c));
        }
        Optional<MutationAdequacy> adequacy = Optional.empty();
        JsonNode m = doc.get("mutation_adequacy");
        if (m != null) {
            Set<MutationOperator> ops = EnumSet.allOf(MutationOperator.class);
            if (m.has("operators")) {
                ops = EnumSet.noneOf(MutationOperator.class);
                for (JsonNode o : m.get("operators")) {
                    ops.add(MutationOperator.of(o.textValue()));
                }
            }
            adequacy = Optional.of(new MutationAdequacy(m.get("max_mutants").intValue(), m.get("min_score").doubleValue(),
                    ops, Optional.ofNullable(m.get("build")).map(BehaviouralPlans::command)));
        }
        JsonNode cp = doc.get("change_policy");
        ChangePolicy policy = cp == null ? ChangePolicy.NONE
                : new ChangePolicy(cp.path("allow_symlinks").asBoolean(false), cp.path("allow_mode_changes").asBoolean(false));
        List<Relation> relations = new ArrayList<>();
        JsonNode rs = doc.get("relations");
        for (int i = 0; rs != null && i < rs.size(); i++) {
            relations.add(relation(rs.get(i), "/relations/" + i));
        }
        JsonNode rr = doc.get("relation_rules");
        RelationRules rules = rr == null ? RelationRules.DEFAULT
                : new RelationRules(rr.path("veto_min").asInt(RelationRules.DEFAULT.vetoMin()),
                        rr.path("rescue").asBoolean(RelationRules.DEFAULT.rescue()));
        return new BehaviouralPlan(version, doc.get("id").textValue(), Optional.ofNullable(text(doc, "description")),
                binding, runner, limits, checks, adequacy, policy, relations, rules);
    }

    /** One relation; a wrong operator or option is refused naming its place ({@code at}). */
    private static Relation relation(JsonNode r, String at) {
        JsonNode op = r.get("relation");
        RelationOperator operator;
        try {
            operator = RelationOperator.parse(op.get("operator").textValue(), op.get("options"));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(at + "/relation: " + e.getMessage(), e);
        }
        JsonNode w = r.get("witness");
        return new Relation(r.get("id").textValue(), Optional.ofNullable(text(r, "description")),
                command(r.get("source")), command(r.get("followup")), operator,
                r.has("expected_exit_code") ? r.get("expected_exit_code").intValue() : 0,
                w == null ? Optional.empty() : Optional.of(WitnessPolarity.of(w.get("polarity").textValue())));
    }

    private static CheckSpec check(JsonNode c) {
        Optional<OutputExpectation> expect = Optional.empty();
        JsonNode e = c.get("expect_stdout");
        if (e != null) {
            String op = e.has("operator") ? e.get("operator").textValue() : "exact";
            expect = Optional.of(new OutputExpectation(Equivalence.parse(op, e.get("options")), e.get("body").textValue()));
        }
        Equivalence equivalence = Equivalence.EXACT;
        JsonNode q = c.get("equivalence");
        if (q != null) {
            equivalence = Equivalence.parse(q.get("operator").textValue(), q.get("options"));
        }
        JsonNode base = c.get("base_expected_exit_code");
        JsonNode w = c.get("witness");
        return new CheckSpec(c.get("id").textValue(), CheckKind.of(c.get("kind").textValue()),
                Optional.ofNullable(text(c, "description")), command(c),
                c.has("expected_exit_code") ? c.get("expected_exit_code").intValue() : 0,
                base == null ? OptionalInt.empty() : OptionalInt.of(base.intValue()), expect, equivalence,
                w == null ? Optional.empty() : Optional.of(WitnessPolarity.of(w.get("polarity").textValue())));
    }

    private static Command command(JsonNode c) {
        List<String> argv = new ArrayList<>();
        c.get("argv").forEach(a -> argv.add(a.textValue()));
        Map<String, String> env = new LinkedHashMap<>();
        JsonNode e = c.get("env");
        if (e != null) {
            e.fields().forEachRemaining(f -> env.put(f.getKey(), f.getValue().textValue()));
        }
        JsonNode t = c.get("timeout_seconds");
        return new Command(argv, c.has("cwd") ? c.get("cwd").textValue() : ".", env,
                t == null ? OptionalDouble.empty() : OptionalDouble.of(t.doubleValue()));
    }

    private static String text(JsonNode doc, String field) {
        JsonNode n = doc.get(field);
        return n != null && n.isTextual() ? n.textValue() : null;
    }
}
