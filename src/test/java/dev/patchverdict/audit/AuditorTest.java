// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
    /** For bundles that name the record family's own files where they lie. */
    final Auditor everywhere = new Auditor(VERIFIER, SignaturePolicy.NONE, java.util.Optional.of(Path.of("/")));

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

    /**
     * One auditor reads a work unit or plan once for every bundle holding the same bytes: a bundle whose file
     * differs, at another path or at the same path rewritten in between, is judged on its own bytes, even when
     * only one byte differs and the length is the same.
     */
    @Test
    void aWorkUnitOrPlanReadBeforeIsReadAgainWhenItsBytesDiffer() throws Exception {
        Path plan = good.resolve("evaluator-plan.json");
        String original = Files.readString(plan);
        String edited = original.replace("\"visibility\" : \"public\"", "\"visibility\" : \"publiC\"");
        assertTrue(!edited.equals(original) && edited.length() == original.length(), "the plan names its visibility");
        Path otherPlan = copy("same-length-plan", d -> write(d.resolve("evaluator-plan.json"), edited));
        Path otherWorkUnit = copy("other-work-unit", d -> editJson(d.resolve("work-unit.json"), w -> w.put("title", "another")));
        expect(good, Verdict.REPRODUCED, "re-verified");
        expect(otherPlan, Verdict.TAMPERED, "plan digest (provenance.verifier_config_digest)");
        expect(otherWorkUnit, Verdict.TAMPERED, "work unit digest");
        expect(good, Verdict.REPRODUCED, "re-verified");
        // the same path, its bytes changed between two audits by the same auditor
        write(plan, edited);
        expect(good, Verdict.TAMPERED, "plan digest (provenance.verifier_config_digest)");
        write(plan, original);
        expect(good, Verdict.REPRODUCED, "re-verified");
    }

    /** The quick comparison of two results agrees with the one that names where they differ, and leaves both as they were. */
    @Test
    void theQuickComparisonAgreesWithTheFirstDifference() throws Exception {
        String base = "{\"status\": \"passed\", \"started_at\": \"x\", \"resources\": {\"wall_seconds\": 1.5, \"n\": 2},"
                + " \"provenance\": {\"environment\": {\"host\": \"a\", \"tool_versions\": {\"t\": \"1\"}}},"
                + " \"extensions\": {\"org.patchverdict.advisories\": [1], \"org.patchverdict.evaluator_plan.marks\": [2]},"
                + " \"checks\": [{\"id\": \"a\", \"n\": 1}, {\"id\": \"b\", \"n\": null}]}";
        List<String> others = List.of(base,
                base.replace("\"started_at\": \"x\"", "\"started_at\": \"y\"").replace("1.5", "9").replace("\"a\"}", "\"b\"}")
                        .replace("[1]", "[3]"),
                base.replace("\"n\": 1}", "\"n\": 1.0}"), base.replace("\"n\": 2", "\"n\": \"2\""),
                base.replace("\"n\": null", "\"n\": false"), base.replace(", {\"id\": \"b\", \"n\": null}", ""),
                base.replace("\"t\": \"1\"", "\"t\": \"2\""), base.replace("[2]", "[2, 2]"),
                base.replace("\"status\": \"passed\", ", ""), base.replace("\"passed\"", "\"passed\", \"extra\": 1"));
        for (String a : others) {
            for (String b : others) {
                JsonNode x = JSON.readTree(a);
                JsonNode y = JSON.readTree(b);
                JsonNode cx = Auditor.comparable(x);
                JsonNode cy = Auditor.comparable(y);
                assertEquals(Auditor.firstDifference(cx, cy, "").isEmpty(), Auditor.same(cx, cy), a + " against " + b);
                assertEquals(JSON.readTree(a), x, "the result compared is not changed");
            }
        }
        assertTrue(Auditor.same(Auditor.comparable(JSON.readTree(base)), Auditor.comparable(JSON.readTree(others.get(1)))));
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

    /**
     * Every field a result records is reproduced or named as one that may differ (times, the machine, patchverdict's own
     * extensions): an edit anywhere else, with every digest and input intact, is never REPRODUCED.
     */
    @Test
    void anEditOutsideStatusChecksAndEvidenceDiverges() throws Exception {
        Map<String, Consumer<ObjectNode>> edits = new LinkedHashMap<>();
        edits.put("/independence/shared_model_family", r -> ((ObjectNode) r.get("independence")).put("shared_model_family", true));
        edits.put("/independence/correlation_notes", r -> ((ObjectNode) r.get("independence")).put("correlation_notes", "reviewed by a person"));
        edits.put("/resources/human_minutes", r -> ((ObjectNode) r.get("resources")).put("human_minutes", 90.0));
        edits.put("/provenance/verifier_config_digest", r -> ((ObjectNode) r.get("provenance")).remove("verifier_config_digest"));
        edits.put("/extensions/com.example.approved", r -> ((ObjectNode) r.get("extensions")).put("com.example.approved", true));
        for (Map.Entry<String, Consumer<ObjectNode>> e : edits.entrySet()) {
            Path d = copy("edit" + edits.keySet().stream().toList().indexOf(e.getKey()),
                    b -> editJson(b.resolve("verification-result.json"), e.getValue()));
            expect(d, Verdict.DIVERGED, e.getKey() + ": recorded ");
        }
    }

    @Test
    void whatMayDifferDoesNot() throws Exception {
        expect(copy("may-differ", d -> editJson(d.resolve("verification-result.json"), r -> {
            r.put("started_at", "2020-01-01T00:00:00.000001Z");
            r.put("finished_at", "2020-01-01T00:00:01Z");
            ((ObjectNode) r.get("resources")).put("wall_seconds", 12.5);
            ((ObjectNode) r.path("provenance").path("environment")).put("platform", "elsewhere").put("python", "3.11.7");
            ((ObjectNode) r.get("extensions")).put("org.patchverdict.implementation", "another build");
        })), Verdict.REPRODUCED, "every digest matches");
    }

    /** A result no verifier writes (not a VerificationResult v0.1) is named as such, whatever else holds. */
    @Test
    void aResultThatIsNotAValidVerificationResultIsTampered() throws Exception {
        expect(copy("extra-field", d -> editJson(d.resolve("verification-result.json"), r -> r.put("human_approved", true))),
                Verdict.TAMPERED, "not a valid VerificationResult v0.1");
        expect(copy("bad-time", d -> editJson(d.resolve("verification-result.json"), r -> r.put("started_at", "yesterday"))),
                Verdict.TAMPERED, "not a valid VerificationResult v0.1");
        expect(copy("bad-version", d -> editJson(d.resolve("verification-result.json"), r -> r.put("schema_version", "9.9"))),
                Verdict.TAMPERED, "not a valid VerificationResult v0.1");
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
        AuditOutcome o = everywhere.audit(edited, "edited");
        assertEquals(Verdict.TAMPERED, o.verdict());
        assertEquals(4, o.reasons().size(), o.reasons().toString());
        assertTrue(o.reasons().get(3).startsWith("UNSIGNED: "), "a bundle without an envelope says so last: " + o.reasons());
        for (String id : List.of("patch-semantic-observation", "added-substring-semantic-observation", "removed-substring-semantic-observation")) {
            assertTrue(o.reasons().stream().anyMatch(r -> r.startsWith("evidence " + id + " ")), id);
        }
        Path consistent = Files.createDirectories(tmp.resolve("consistent"));
        Files.writeString(consistent.resolve("bundle.json"), "{\"verification_result\": \"" + ReferenceFolder
                .file("results/benchmarks/phase-b2-successor-five/task-001/attempt-001/verification-result.json") + "\"}");
        AuditOutcome c = everywhere.audit(consistent, "consistent");
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
        AuditOutcome o = everywhere.audit(dir, "task-002");
        assertEquals(Verdict.UNVERIFIABLE, o.verdict(), o.reasons().toString());
        assertTrue(o.reasons().contains("the work unit is missing"), o.reasons().toString());
    }

    /**
     * A bundle is read only below the folder the audit may read (the bundle itself unless widened): a bundle.json
     * naming a file elsewhere, or a link leading out, would make the audit read any file the auditor can and repeat
     * its first word in a parse error (a token file's whole token).
     */
    @Test
    void aBundleNamingAFileOutsideItIsUnverifiableAndNothingOfTheFileIsShown() throws Exception {
        Path secret = tmp.resolve("token.txt");
        Files.writeString(secret, "ghp_S3cretTokenValue\n");
        Path mapped = copy("mapped-out", d -> write(d.resolve("bundle.json"), "{\"work_unit\": \"../token.txt\"}"));
        Path linked = copy("linked-out", d -> link(d.resolve("candidate/changes.patch"), secret));
        Path folder = copy("folder-out", d -> {
            write(d.resolve("bundle.json"), "{\"candidate_root\": \"elsewhere\"}");
            link(d.resolve("elsewhere"), tmp);
        });
        for (Path b : List.of(mapped, linked, folder)) {
            AuditOutcome o = auditor.audit(b, b.getFileName().toString());
            assertEquals(Verdict.UNVERIFIABLE, o.verdict(), b + ": " + o.reasons());
            assertTrue(o.reasons().get(0).contains("leads outside the bundle"), b + ": " + o.reasons());
            assertTrue(o.reasons().stream().noneMatch(r -> r.contains("S3cret")), b + ": " + o.reasons());
        }
    }

    /** Widened to a folder the auditor names, a bundle may name files anywhere below it, as the record family lays them out. */
    @Test
    void aWidenedRootLetsABundleNameFilesBelowIt() throws Exception {
        Path layout = Files.createDirectories(tmp.resolve("family/results/attempt-001"));
        dev.patchverdict.TestFiles.copyTree(good, layout);
        Files.move(layout.resolve("evaluator-plan.json"), tmp.resolve("family/plan.json"));
        write(layout.resolve("bundle.json"), "{\"evaluator_plan\": \"../../plan.json\"}");
        assertEquals(Verdict.UNVERIFIABLE, auditor.audit(layout, "attempt-001").verdict());
        AuditOutcome o = new Auditor(VERIFIER, SignaturePolicy.NONE, java.util.Optional.of(tmp.resolve("family")))
                .audit(layout, "attempt-001");
        assertEquals(Verdict.REPRODUCED, o.verdict(), o.reasons().toString());
    }

    private static void write(Path f, String s) {
        try {
            Files.writeString(f, s);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static void link(Path at, Path target) {
        try {
            Files.deleteIfExists(at);
            Files.createSymbolicLink(at, target);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
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
