// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.TestGroups;
import dev.patchverdict.digest.Digest;
import dev.patchverdict.json.StrictJson;
import dev.patchverdict.plan.ReferenceFolder;
import dev.patchverdict.verify.upstream.Inputs;
import dev.patchverdict.verify.upstream.Nodes;
import dev.patchverdict.verify.upstream.SubstringLayer;
import dev.patchverdict.verify.upstream.Timing;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * SPEC part 2 §B146: the real v0.3 result the record family's canonical runner wrote for Task 002.
 * Its WorkUnit is not in the reference folder, so the binding checks cannot run; everything after
 * them can. The WorkUnit's scope lists are the ones the result itself records, and its digest the
 * one it declares; the v0.3 layer then must rebuild the stored result field for field (decision 6
 * aside), every evidence digest included.
 */
@Tag(TestGroups.REFERENCE)
class RealResultParityTest {
    private static final String DIR = "results/benchmarks/phase-b2-successor-five/task-002/attempt-001/";
    private static final String PLAN = "benchmarks/phase-b2-successor-five/evaluators/task-002-frozen-definition-digest-test.evaluator-plan.json";

    @Test
    void theRealV03ResultIsRebuiltFromItsInputs() throws Exception {
        StrictJson json = StrictJson.withDefaults();
        JsonNode stored = json.read(ReferenceFolder.file(DIR + "verification-result.json"));
        ObjectNode manifest = (ObjectNode) json.read(ReferenceFolder.file(DIR + "result-manifest.json"));
        ObjectNode plan = (ObjectNode) json.read(ReferenceFolder.file(PLAN));
        JsonNode scope = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(stored.path("checks").path(1).path("diagnostics").asText()).path("scope");
        ObjectNode workUnit = Nodes.object();
        workUnit.putObject("constraints").set("allowed_paths", scope.get("allowed_paths"));
        ((ObjectNode) workUnit.get("constraints")).set("forbidden_paths", scope.get("forbidden_paths"));
        workUnit.putObject("permissions").set("filesystem_write", scope.get("filesystem_write"));

        Digest wuDigest = Digest.parse(stored.path("provenance").path("work_unit_digest").asText());
        Digest planDigest = Nodes.digest(plan);
        assertEquals("sha256:185b46d16cb45948fc03b05a40622a58d96de05a149a1528d166625f1b82a059", planDigest.toString());
        Path root = ReferenceFolder.root().resolve(DIR);
        Inputs in = new Inputs(workUnit, wuDigest, manifest, Nodes.digest(manifest), plan, planDigest, root,
                ReferenceFolder.file(PLAN));
        byte[] patch = Files.readAllBytes(root.resolve("candidate.patch"));
        ObjectNode result = SubstringLayer.run(in, (ObjectNode) plan.get("backend"),
                (ObjectNode) manifest.path("produced_artifacts").get(0), patch, new Timing(UpstreamResults.FIXED.clock())).result;
        Verifier.finish(result, plan, planDigest.toString(), "0.3", UpstreamResults.FIXED);

        assertEquals("passed", result.path("status").asText());
        assertEquals(UpstreamResults.comparable(stored), UpstreamResults.comparable(result));
    }
}
