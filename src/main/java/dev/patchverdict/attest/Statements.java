// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.attest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.digest.Digest;
import dev.patchverdict.json.CanonicalJson;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;

/**
 * The in-toto Statement v1 that carries one VerificationResult. Its subjects are the candidate
 * patch (SHA-256 of its bytes, named by its locator) and the work unit (SHA-256 of its canonical
 * JSON, named {@code work_unit:<id>}). Its predicate, of type {@link #PREDICATE_TYPE}, has the SLSA
 * Verification Summary v1 fields that fit a patch verdict, and the full result under {@code result}.
 */
public final class Statements {
    public static final String STATEMENT_TYPE = "https://in-toto.io/Statement/v1";
    public static final String PREDICATE_TYPE = "https://patchverdict.dev/verification-result/v1";
    /** Prefix of the work unit subject's name; the other subject is the patch. */
    public static final String WORK_UNIT_PREFIX = "work_unit:";
    /** What the SHA-256 of each subject is taken over, in its annotations. */
    static final String DIGEST_OF = "patchverdict.digest_of";

    private Statements() {}

    /**
     * Who attests, and when: the verifier's id (a URI), its version, the time of the attestation
     * (from an injected clock), and optionally the URI of the resource the patch belongs to
     * (a pull request, say; default: the patch's locator).
     */
    public record Attestor(String verifierId, String version, Instant timeVerified, Optional<String> resourceUri) {
        public Attestor {
            Objects.requireNonNull(verifierId, "verifierId");
            Objects.requireNonNull(version, "version");
            Objects.requireNonNull(timeVerified, "timeVerified");
            Objects.requireNonNull(resourceUri, "resourceUri");
        }
    }

    /** What a result says it is about: its candidate patch and its work unit, by digest. */
    public record Bound(String patchLocator, Digest patch, String workUnitId, Digest workUnit) {
        public Bound {
            Objects.requireNonNull(patchLocator, "patchLocator");
            Objects.requireNonNull(patch, "patch");
            Objects.requireNonNull(workUnitId, "workUnitId");
            Objects.requireNonNull(workUnit, "workUnit");
        }

        /** The candidate (the artifact_hash evidence) and the work unit (provenance.work_unit_digest) a result records. */
        public static Bound of(JsonNode result) throws EnvelopeFormatException {
            if (result == null || !result.isObject()) {
                throw new EnvelopeFormatException("a VerificationResult is a JSON object");
            }
            JsonNode candidate = null;
            for (JsonNode e : result.path("evidence")) {
                if ("artifact_hash".equals(e.path("type").asText())) {
                    candidate = e;
                }
            }
            if (candidate == null) {
                throw new EnvelopeFormatException("the result names no candidate patch (no artifact_hash evidence)");
            }
            return new Bound(candidate.path("locator").asText(), digest(candidate.path("digest").asText(), "evidence digest"),
                    result.path("work_unit_id").asText(), digest(result.path("provenance").path("work_unit_digest").asText(),
                            "provenance.work_unit_digest"));
        }
    }

    private static Digest digest(String text, String what) throws EnvelopeFormatException {
        try {
            return Digest.parse(text);
        } catch (IllegalArgumentException e) {
            throw new EnvelopeFormatException(what + ": " + e.getMessage());
        }
    }

    /** The statement for {@code result}, attested by {@code by}. */
    public static ObjectNode statement(JsonNode result, Attestor by) throws EnvelopeFormatException {
        Bound bound = Bound.of(result);
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode s = f.objectNode();
        s.put("_type", STATEMENT_TYPE);
        ArrayNode subjects = s.putArray("subject");
        ObjectNode patch = subjects.addObject().put("name", bound.patchLocator());
        patch.putObject("digest").put("sha256", bound.patch().hex());
        patch.putObject("annotations").put(DIGEST_OF, "bytes");
        ObjectNode wu = subjects.addObject().put("name", WORK_UNIT_PREFIX + bound.workUnitId());
        wu.putObject("digest").put("sha256", bound.workUnit().hex());
        wu.putObject("annotations").put(DIGEST_OF, "canonical-json");
        s.put("predicateType", PREDICATE_TYPE);
        ObjectNode p = s.putObject("predicate");
        ObjectNode verifier = p.putObject("verifier").put("id", by.verifierId());
        verifier.putObject("version").put("patchverdict", by.version());
        p.put("timeVerified", DateTimeFormatter.ISO_INSTANT.format(by.timeVerified().truncatedTo(ChronoUnit.MICROS)));
        p.put("resourceUri", by.resourceUri().orElse(bound.patchLocator()));
        ObjectNode policy = p.putObject("policy");
        JsonNode ext = result.path("extensions");
        String planId = ext.path("org.patchverdict.evaluator_plan.id").asText(ext.path("org.idkmesh.evaluator_plan.id").asText(""));
        policy.put("uri", "urn:patchverdict:evaluator-plan:" + (planId.isEmpty() ? "unnamed" : planId));
        String planDigest = result.path("provenance").path("verifier_config_digest").asText("");
        if (Digest.isWellFormed(planDigest)) {
            policy.putObject("digest").put("sha256", Digest.parse(planDigest).hex());
        }
        // the worker's ResultManifest is the claim the verifier checked: the one input attestation
        String manifestDigest = result.path("provenance").path("result_manifest_digest").asText("");
        ArrayNode inputs = p.putArray("inputAttestations");
        if (Digest.isWellFormed(manifestDigest)) {
            ObjectNode in = inputs.addObject().put("uri", "urn:patchverdict:result-manifest:" + result.path("result_manifest_id").asText(""));
            in.putObject("digest").put("sha256", Digest.parse(manifestDigest).hex());
        }
        p.put("verificationResult", "passed".equals(result.path("status").asText()) ? "PASSED" : "FAILED");
        p.set("result", result.deepCopy());
        return s;
    }

    /** The payload bytes of a statement: its canonical JSON. */
    public static byte[] payload(JsonNode statement) {
        return CanonicalJson.bytes(statement);
    }

    /** Signs the statement for {@code result} into a DSSE envelope. */
    public static Envelope attest(JsonNode result, Attestor by, SigningKey key) throws EnvelopeFormatException {
        return Envelope.sign(Envelope.IN_TOTO, payload(statement(result, by)), key);
    }
}
