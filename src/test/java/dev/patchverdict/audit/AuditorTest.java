// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.TestGroups;
import dev.patchverdict.plan.ReferenceFolder;
import dev.patchverdict.verify.Bundle;
import dev.patchverdict.verify.Verification;
import dev.patchverdict.verify.Verifier;
import dev.patchverdict.verify.VerifyRequest;
import dev.patchverdict.verify.upstream.PyJson;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bundles written by verify, then copies with one thing changed, each with the verdict and the
 * reason an auditor must give; and the record family's two copies of its real v0.4 result.
 */
class AuditorTest {
    static final Verifier VERIFIER = new Verifier(new Verifier.Environment(Clock.systemUTC(), "test", "test", "test"));
    static final Path DIR = Path.of("verification/fixtures/patch-transition");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;
    Path good;
    final Auditor auditor = new Auditor(VERIFIER);

    @BeforeEach
    void writeABundle() throws Exception {
        good = bundle("decoy", "0.4");
    }

    private Path bundle(String candidate, String version) throws Exception {
        VerifyRequest request = VerifyRequest.of(DIR.resolve("work-unit.json"), DIR.resolve("candidates/" + candidate + ".result-manifest.json"),
                DIR.resolve("candidates/" + candidate), DIR.resolve("plan-v" + version + ".json"));
        Verification v = VERIFIER.verify(request);
        Path dir = tmp.resolve(candidate + "-" + version);
        Bundle.write(dir, request, v, (PyJson.dumpsIndented(v.result()) + "\n").getBytes(StandardCharsets.UTF_8));
        return dir;
    }

    private Path copy(String name, Consumer<Path> change) throws Exception {
        Path dir = tmp.resolve(name);
        dev.patchverdict.TestFiles.copyTree(good, dir);
        change.accept(dir);
        return dir;
    }

    private static void editJson(Path file, Consumer<ObjectNode> edit) {
        try {
            ObjectNode n = (ObjectNode) JSON.readTree(file.toFile());
            edit.accept(n);
            Files.writeString(file, PyJson.dumpsIndented(n) + "\n");
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private void expect(Path bundle, Verdict verdict, String reason) {
        AuditOutcome o = auditor.audit(bundle, bundle.getFileName().toString());
        assertEquals(verdict, o.verdict(), o.reasons().toString());
        assertTrue(o.reasons().stream().anyMatch(r -> r.contains(reason)), o.reasons() + " should name " + reason);
    }

    @Test
    void aBundleWrittenByVerifyIsReproducedForEveryPlanVersion() throws Exception {
        expect(good, Verdict.REPRODUCED, "re-verified under EvaluatorPlan v0.4 (adapter 0.3.0)");
        for (String v : List.of("0.2", "0.3", "0.5")) {
            expect(bundle("correct", v), Verdict.REPRODUCED, "re-verified under EvaluatorPlan v" + v);
        }
    }

    @Test
    void oneByteOfThePatchChangedIsTampered() throws Exception {
        expect(copy("patch", d -> append(d.resolve("candidate/changes.patch"), " ")), Verdict.TAMPERED, "candidate changes.patch (manifest)");
    }

    @Test
    void aChangedLogIsTampered() throws Exception {
        expect(copy("log", d -> append(d.resolve("candidate/stdout.txt"), "more\n")), Verdict.TAMPERED, "log stdout.txt");
    }

    @Test
    void aChangedPlanIsTampered() throws Exception {
        expect(copy("plan", d -> editJson(d.resolve("evaluator-plan.json"), p -> p.put("visibility", "hidden"))), Verdict.TAMPERED,
                "plan digest (provenance.verifier_config_digest)");
    }

    @Test
    void aChangedManifestDigestIsTampered() throws Exception {
        expect(copy("manifest-digest", d -> editJson(d.resolve("verification-result.json"), r -> ((ObjectNode) r.get("provenance"))
                .put("result_manifest_digest", "sha256:" + "0".repeat(64)))), Verdict.TAMPERED, "result manifest digest");
    }

    @Test
    void aFlippedStatusWithIntactInputsDiverges() throws Exception {
        expect(copy("status", d -> editJson(d.resolve("verification-result.json"), r -> r.put("status", "passed"))), Verdict.DIVERGED,
                "/status: recorded \"passed\", re-verified \"failed\"");
    }

    @Test
    void anEditedEvidenceDigestIsTamperedAndNamed() throws Exception {
        expect(copy("evidence", d -> editJson(d.resolve("verification-result.json"), r -> ((ObjectNode) r.withArray("evidence").get(4))
                .put("digest", "sha256:" + "1".repeat(64)))), Verdict.TAMPERED, "evidence patch-semantic-observation");
    }

    @Test
    void aVerifierIdEqualToTheWorkerIdIsTampered() throws Exception {
        expect(copy("identity", d -> editJson(d.resolve("verification-result.json"), r -> ((ObjectNode) r.get("verifier"))
                .put("id", "agent/coder-7"))), Verdict.TAMPERED, "claims independence but verifier id equals worker id");
    }

    @Test
    void aMissingLogIsUnverifiable() throws Exception {
        expect(copy("missing-log", d -> delete(d.resolve("candidate/stderr.txt"))), Verdict.UNVERIFIABLE, "log stderr.txt is missing");
    }

    @Test
    void aVersionWeDoNotImplementIsUnverifiableNeverPassed() throws Exception {
        expect(copy("adapter", d -> editJson(d.resolve("verification-result.json"), r -> ((ObjectNode) r.get("verifier"))
                .put("adapter_version", "9.9.9"))), Verdict.UNVERIFIABLE, "adapter 9.9.9 is not one this tool implements");
    }

    @Test
    @Tag(TestGroups.REFERENCE)
    void theRecordFamilysEditedCopyOfItsV04ResultIsCaughtAndTheConsistentOneIsNot() throws Exception {
        Path edited = Files.createDirectories(tmp.resolve("edited"));
        Files.writeString(edited.resolve("bundle.json"), "{\"verification_result\": \"" + ReferenceFolder
                .file("benchmarks/phase-b2-successor-five/evidence/task-001/attempt-001/verification-result.json") + "\"}");
        AuditOutcome o = auditor.audit(edited, "edited");
        assertEquals(Verdict.TAMPERED, o.verdict());
        assertEquals(4, o.reasons().size(), o.reasons().toString());
        assertTrue(o.reasons().get(3).startsWith("UNSIGNED: "), "a bundle without an envelope says so last: " + o.reasons());
        for (String id : List.of("patch-semantic-observation", "added-substring-semantic-observation", "removed-substring-semantic-observation")) {
            assertTrue(o.reasons().stream().anyMatch(r -> r.startsWith("evidence " + id + " ")), id);
        }
        Path consistent = Files.createDirectories(tmp.resolve("consistent"));
        Files.writeString(consistent.resolve("bundle.json"), "{\"verification_result\": \"" + ReferenceFolder
                .file("results/benchmarks/phase-b2-successor-five/task-001/attempt-001/verification-result.json") + "\"}");
        AuditOutcome c = auditor.audit(consistent, "consistent");
        assertEquals(Verdict.UNVERIFIABLE, c.verdict(), "its inputs are not in the reference folder: " + c.reasons());
    }

    @Test
    @Tag(TestGroups.REFERENCE)
    void theRealV03ResultIsConsistentButItsWorkUnitIsNotInTheReferenceFolder() throws Exception {
        String base = "results/benchmarks/phase-b2-successor-five/task-002/attempt-001/";
        Path dir = Files.createDirectories(tmp.resolve("task-002"));
        Files.writeString(dir.resolve("bundle.json"), "{\"verification_result\": \"" + ReferenceFolder.file(base + "verification-result.json")
                + "\", \"result_manifest\": \"" + ReferenceFolder.file(base + "result-manifest.json") + "\", \"candidate_root\": \""
                + ReferenceFolder.root().resolve(base) + "\", \"evaluator_plan\": \"" + ReferenceFolder.file(
                        "benchmarks/phase-b2-successor-five/evaluators/task-002-frozen-definition-digest-test.evaluator-plan.json") + "\"}");
        expect(dir, Verdict.UNVERIFIABLE, "the work unit is missing");
    }

    private static void append(Path f, String s) {
        try {
            Files.writeString(f, s, java.nio.file.StandardOpenOption.APPEND);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static void delete(Path f) {
        try {
            Files.delete(f);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
