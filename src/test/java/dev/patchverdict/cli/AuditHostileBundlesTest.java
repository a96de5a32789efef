// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import dev.patchverdict.TestGroups;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One broken bundle, or one folder the walk cannot enter, never ends an audit: each is that bundle's (or path's)
 * UNVERIFIABLE with the reason, and the DIVERGED bundle beside it is still reported, with exit 1.
 */
class AuditHostileBundlesTest {
    static final Path ROOT = Path.of("").toAbsolutePath();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    /** How audit names a bundle run from ROOT: relative below it, absolute elsewhere. */
    private static String name(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        return abs.startsWith(ROOT) ? ROOT.relativize(abs).toString() : abs.toString();
    }

    private Map<String, JsonNode> verdicts(CliRun r) throws IOException {
        Map<String, JsonNode> out = new HashMap<>();
        for (String l : r.out().split("\n")) {
            if (!l.isBlank()) {
                JsonNode o = JSON.readTree(l);
                out.put(o.path("bundle").asText(), o);
            }
        }
        return out;
    }

    private Path results() throws IOException {
        Path all = Files.createDirectories(tmp.resolve("results"));
        assertEquals(1, CliRun.in(ROOT, VerifyCommandTest.verify("decoy", "0.4", "--bundle", all.resolve("diverged").toString())).code());
        Path result = all.resolve("diverged/verification-result.json");
        ObjectNode r = (ObjectNode) JSON.readTree(result.toFile());
        r.put("status", "passed");
        Files.writeString(result, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(r));
        return all;
    }

    @Test
    void aResultThatIsAnArrayAndAMapWithANulAreEachUnverifiable() throws IOException {
        Path all = results();
        Files.createDirectories(all.resolve("array"));
        Files.writeString(all.resolve("array/verification-result.json"), "[]");
        Files.createDirectories(all.resolve("nul"));
        Files.writeString(all.resolve("nul/bundle.json"), "{\"verification_result\": \"a\\u0000b.json\"}");
        CliRun r = CliRun.in(ROOT, "audit", "--format", "jsonl", all.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        Map<String, JsonNode> v = verdicts(r);
        assertEquals("DIVERGED", v.get(name(all.resolve("diverged"))).path("verdict").asText(), r.out());
        JsonNode array = v.get(name(all.resolve("array")));
        assertEquals("UNVERIFIABLE", array.path("verdict").asText(), r.out());
        assertTrue(array.path("reasons").get(0).asText().contains("verification-result.json is not a JSON object"), r.out());
        JsonNode nul = v.get(name(all.resolve("nul")));
        assertEquals("UNVERIFIABLE", nul.path("verdict").asText(), r.out());
        assertTrue(nul.path("reasons").get(0).asText().contains("is not a usable path"), r.out());
        assertEquals("", r.err());
    }

    /** Made and removed by python3, whose working folder can go where no absolute path reaches. */
    private static void python(Path cwd, String code) throws Exception {
        Process p = new ProcessBuilder("python3", "-c", code).directory(cwd.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), out);
    }

    @Tag(TestGroups.PYTHON3)
    @Test
    void aFolderNestedPastThePathLimitIsReportedAndTheRestAudited() throws Exception {
        Path all = results();
        Path deep = Files.createDirectories(all.resolve("deep"));
        try {
            python(deep, "import os\nfor i in range(40):\n    os.mkdir('d' * 200)\n    os.chdir('d' * 200)\n");
            CliRun r = CliRun.in(ROOT, "audit", "--format", "jsonl", all.toString());
            assertEquals(1, r.code(), r.out() + r.err());
            Map<String, JsonNode> v = verdicts(r);
            assertEquals("DIVERGED", v.get(name(all.resolve("diverged"))).path("verdict").asText(), r.out());
            List<JsonNode> walk = v.values().stream().filter(o -> o.path("reasons").get(0).asText().startsWith("could not be walked")).toList();
            assertEquals(1, walk.size(), r.out());
            assertEquals("UNVERIFIABLE", walk.get(0).path("verdict").asText());
            assertTrue(walk.get(0).path("bundle").asText().startsWith(name(deep)), r.out());
            assertFalse(r.err().contains("internal error"), r.err());
        } finally {
            python(all, "import shutil\nshutil.rmtree('deep')\n");
        }
    }
}
