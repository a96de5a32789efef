// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.digest.Digest;
import dev.patchverdict.digest.Digests;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A model writes back exactly what it was read from, and what it writes its schema accepts. */
class RoundTripTest {
    private static final DocumentReader READER = DocumentReader.strict();

    @Test
    void workUnitManifestAndResultWriteBackWhatWasRead() throws Exception {
        Document[] models = {
            READER.readWorkUnit(Fixtures.json(WorkUnit.VERSION)),
            READER.readResultManifest(Fixtures.json(ResultManifest.VERSION)),
            READER.readVerificationResult(Fixtures.json(VerificationResult.VERSION)),
        };
        for (Document m : models) {
            ObjectNode written = m.toJson();
            assertEquals(Fixtures.json(m.documentVersion()), written, m.documentVersion().toString());
            assertEquals(List.of(), READER.problems(m), m.documentVersion().toString());
            assertEquals(m, reread(written), "reading the written JSON gives an equal model");
        }
    }

    private static Document reread(ObjectNode json) throws InvalidDocumentException {
        ValidDocument d = READER.validate(json);
        return switch (d.type()) {
            case WORK_UNIT -> WorkUnit.from(d);
            case RESULT_MANIFEST -> ResultManifest.from(d);
            case VERIFICATION_RESULT -> VerificationResult.from(d);
            case EVALUATOR_PLAN -> throw new AssertionError("plans are covered in the plan package");
        };
    }

    @Test
    void integerAndFractionStayDistinct() throws Exception {
        ObjectNode one = Fixtures.with(Fixtures.json(ResultManifest.VERSION), "/resources/wall_seconds",
                JsonNodeFactory.instance.numberNode(1));
        ObjectNode oneDotZero = Fixtures.with(Fixtures.json(ResultManifest.VERSION), "/resources/wall_seconds",
                JsonNodeFactory.instance.numberNode(1.0));
        ResultManifest a = READER.readResultManifest(one);
        ResultManifest b = READER.readResultManifest(oneDotZero);
        assertNotEquals(a, b);
        assertNotEquals(a.canonicalDigest(), b.canonicalDigest());
        assertEquals(one, a.toJson());
        assertEquals(oneDotZero, b.toJson());
    }

    @Test
    void extensionsAreKeptVerbatimAndCannotBeChangedFromOutside() throws Exception {
        WorkUnit wu = READER.readWorkUnit(Fixtures.json(WorkUnit.VERSION));
        ObjectNode ext = wu.extensions().orElseThrow();
        assertEquals(Fixtures.json(WorkUnit.VERSION).get("extensions"), ext);
        ext.put("tampered", true);
        assertEquals(Fixtures.json(WorkUnit.VERSION).get("extensions"), wu.extensions().orElseThrow());
    }

    @Test
    void aVerificationResultBuiltInCodeIsSchemaValidAndReadsBack() throws Exception {
        Digest manifest = Digest.parse("sha256:" + "1".repeat(64));
        Digest workUnit = Digest.parse("sha256:" + "2".repeat(64));
        VerificationResult vr = new VerificationResult(
                "tinypage/fix-last-page/attempt-2/verdict",
                "tinypage/fix-last-page/attempt-2",
                "tinypage/fix-last-page",
                3,
                2,
                new Actor("patchverdict", ActorType.SYSTEM, "metadata-verifier", "0.1.0"),
                new VerificationResult.Independence(true, "agent/coder-7", false, false, Optional.empty()),
                VerificationResult.Status.FAILED,
                "2026-03-02T10:08:00Z",
                "2026-03-02T10:08:01Z",
                List.of(new VerificationResult.Check("scope-review", VerificationResult.CheckType.REVIEW, true,
                        VerificationResult.CheckStatus.FAILED, "The patch changes setup.cfg, which is forbidden.",
                        List.of("candidate-hash"), Optional.of("setup.cfg matches forbidden path setup.cfg"))),
                List.of(new VerificationResult.Evidence("candidate-hash", VerificationResult.EvidenceType.ARTIFACT_HASH,
                        "changes.patch", Digests.bytes(new byte[] {1, 2, 3}), Optional.of("text/x-diff"), Optional.empty())),
                List.of(new VerificationResult.Finding(VerificationResult.Severity.HIGH, VerificationResult.Category.SCOPE,
                        "Forbidden path changed.", Optional.of("setup.cfg"), Optional.of(1L))),
                List.of(Metric.of("changed_file_count", 2), new Metric("score", Optional.of(JsonNumber.of(0.5)))),
                ResourceUsage.ofWallSeconds(JsonNumber.of(0.25)),
                new VerificationResult.Provenance(manifest, workUnit, "4f1c2a9", Optional.empty(),
                        new Environment(Optional.of("linux"), Optional.empty(), Optional.empty(), Optional.of(Map.of("patchverdict", "0.1.0")))),
                new VerificationResult.DecisionSupport(VerificationResult.Recommendation.REJECT_CANDIDATE, JsonNumber.of(1.0),
                        "A required check failed."),
                Optional.empty(),
                Optional.empty());
        assertEquals(List.of(), READER.problems(vr));
        assertEquals(vr, READER.readVerificationResult(vr.toJson()));
    }

    @Test
    void compactConstructorsRefuseWhatTheSchemaRefuses() {
        assertThrows(IllegalArgumentException.class,
                () -> new WorkUnit.FailureSemantics(true, 0, WorkUnit.OnFailure.STOP));
        assertThrows(IllegalArgumentException.class, () -> new WorkUnit.Permissions(WorkUnit.Network.ALLOWLIST,
                Optional.empty(), List.of(), List.of(), false));
        assertThrows(IllegalArgumentException.class, () -> new WorkUnit.Constraints(List.of("a", "a"), List.of(), List.of()));
        assertThrows(IllegalArgumentException.class, () -> new VerificationResult.DecisionSupport(
                VerificationResult.Recommendation.ESCALATE, JsonNumber.of(1.5), ""));
        assertThrows(IllegalArgumentException.class, () -> new Actor("", ActorType.AGENT, "a", "1"));
        assertThrows(IllegalArgumentException.class, () -> new JsonNumber(Double.NaN));
    }
}
