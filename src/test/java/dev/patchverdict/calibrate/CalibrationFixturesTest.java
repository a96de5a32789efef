// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.TestGroups;
import dev.patchverdict.digest.Digests;
import dev.patchverdict.json.StrictJson;
import dev.patchverdict.plan.ReferenceFolder;
import dev.patchverdict.record.DocumentReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The shipped calibration set is what docs/calibrate.md says it is: the two patches byte-identical to the
 * record family's fixtures, the v0.3 and v0.2 plans derived from the v0.4 plan exactly the way
 * SPEC part 2 §B derives them, and every manifest bound to the one WorkUnit.
 */
class CalibrationFixturesTest {
    static final Path DIR = Path.of("verification/fixtures/patch-transition");
    static final StrictJson JSON = StrictJson.withDefaults();

    @Test
    @Tag(TestGroups.REFERENCE)
    void thePatchesAreTheUpstreamBytes() throws Exception {
        for (String p : List.of("correct.patch", "decoy.patch")) {
            byte[] upstream = Files.readAllBytes(ReferenceFolder.file("verification/fixtures/patch-transition/" + p));
            assertArrayEquals(upstream, Files.readAllBytes(DIR.resolve(p)), p);
            String candidate = p.replace(".patch", "");
            assertArrayEquals(upstream, Files.readAllBytes(DIR.resolve("candidates/" + candidate + "/changes.patch")), p);
        }
    }

    @Test
    void theOlderPlansAreDerivedFromTheV04PlanAsTheRecordFamilyDerivesThem() throws Exception {
        ObjectNode v04 = (ObjectNode) JSON.read(DIR.resolve("plan-v0.4.json"));
        ObjectNode v03 = v04.deepCopy();
        v03.put("schema_version", "0.3");
        v03.put("id", v04.get("id").asText().replace("plan-v0.4", "plan-v0.3"));
        ((ObjectNode) v03.get("verifier")).put("adapter_version", "0.2.0");
        ((ObjectNode) v03.get("backend")).remove("required_removed_substrings");
        ObjectNode v02 = v03.deepCopy();
        v02.put("schema_version", "0.2");
        v02.put("id", v04.get("id").asText().replace("plan-v0.4", "plan-v0.2"));
        ((ObjectNode) v02.get("verifier")).put("adapter_version", "0.1.1");
        ObjectNode b = (ObjectNode) v02.get("backend");
        b.set("required_added_text", b.remove("required_added_substrings"));
        assertEquals(Digests.canonical(v03), Digests.canonical(JSON.read(DIR.resolve("plan-v0.3.json"))));
        assertEquals(Digests.canonical(v02), Digests.canonical(JSON.read(DIR.resolve("plan-v0.2.json"))));
    }

    @Test
    void everyRecordIsValidAndBoundToTheOneWorkUnit() throws Exception {
        DocumentReader reader = DocumentReader.strict();
        String wu = reader.validate(DIR.resolve("work-unit.json")).canonicalDigest().toString();
        for (String v : List.of("0.2", "0.3", "0.4", "0.5")) {
            JsonNode plan = reader.validate(DIR.resolve("plan-v" + v + ".json")).json();
            assertEquals(wu, plan.path("binding").path("work_unit_digest").asText(), v);
        }
        try (var files = Files.list(DIR.resolve("candidates"))) {
            for (Path m : files.filter(p -> p.toString().endsWith(".result-manifest.json")).toList()) {
                assertEquals(wu, reader.validate(m).json().path("provenance").path("work_unit_digest").asText(), m.toString());
            }
        }
    }
}
