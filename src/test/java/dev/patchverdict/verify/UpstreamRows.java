// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.digest.Digests;
import dev.patchverdict.json.StrictJson;
import dev.patchverdict.plan.ReferenceFolder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Shared inputs and read-outs for the SPEC §B row tests: the upstream fixture paths, writable copies
 * of candidate roots, edited records written as plain JSON, and the parts of a VerificationResult
 * the rows speak about.
 */
final class UpstreamRows {
    static final String JSON_WU = "examples/work-units/local-verifier-smoke.work-unit.json";
    static final String PATCH_WU = "examples/work-units/patch-verifier-smoke.work-unit.json";
    static final String JSON_PLAN = "verification/fixtures/verifier-smoke-evaluator-plan.json";
    static final String PATCH_PLAN = "verification/fixtures/patch-smoke-evaluator-plan-v0.2.json";
    static final String FRAGMENT_V02 = "verification/fixtures/patch-fragment-exact-evaluator-plan-v0.2.json";
    static final String FRAGMENT_V03 = "verification/fixtures/patch-fragment-substring-evaluator-plan-v0.3.json";
    static final String TRANSITION_V04 = "verification/fixtures/patch-transition-evaluator-plan-v0.4.json";
    static final String JSON_GOOD = "examples/verifier/good";
    static final String JSON_BAD = "examples/verifier/bad";
    static final String PATCH_GOOD = "examples/verifier/patch/good";
    static final String PATCH_WRONG = "examples/verifier/patch/wrong-semantic";
    static final String PATCH_FORBIDDEN = "examples/verifier/patch/forbidden";

    static final String ZERO_DIGEST = "sha256:" + "0".repeat(64);

    static final String SEMANTIC_FINDING = "Candidate patch does not contain all verifier-owned required added text inside validated hunks.";
    static final String STRUCTURE_FINDING = "Candidate patch is empty, undecodable, or structurally invalid as a supported textual Git unified diff.";
    static final String DIGEST_FINDING = "Candidate patch bytes do not match worker-declared digest.";
    static final String SIZE_FINDING = "Candidate patch exceeds verifier-owned byte limit.";
    static final String LOG_FINDING = "Evaluator-required worker logs are missing/duplicated, lack digests, are oversized, missing, or do not match declared digests.";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private UpstreamRows() {}

    static Path ref(String relative) {
        return ReferenceFolder.file(relative);
    }

    static Path refDir(String relative) {
        return ReferenceFolder.root().resolve(relative);
    }

    /** A record read the way the verifier reads it (ints stay ints, floats stay floats). */
    static ObjectNode read(Path file) throws Exception {
        return (ObjectNode) StrictJson.withDefaults().read(file);
    }

    static ObjectNode readRef(String relative) throws Exception {
        return read(ref(relative));
    }

    static JsonNode parse(String text) throws IOException {
        return MAPPER.readTree(text);
    }

    static Path write(Path file, JsonNode value) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.deleteIfExists(file);
        return Files.write(file, MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(value));
    }

    static Path write(Path file, byte[] bytes) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.deleteIfExists(file);
        return Files.write(file, bytes);
    }

    static Path write(Path file, String text) throws IOException {
        return write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    /** A writable copy of a reference folder's regular files (the reference files are read-only). */
    static Path copyDir(String relative, Path target) throws IOException {
        Path source = refDir(relative);
        Files.createDirectories(target);
        try (Stream<Path> files = Files.walk(source)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                if (Files.isRegularFile(p)) {
                    write(target.resolve(source.relativize(p).toString()), Files.readAllBytes(p));
                }
            }
        }
        return target;
    }

    static String canonical(JsonNode value) {
        return Digests.canonical(value).toString();
    }

    static String fileDigest(byte[] bytes) {
        return Digests.bytes(bytes).toString();
    }

    static String fileDigest(String text) {
        return fileDigest(text.getBytes(StandardCharsets.UTF_8));
    }

    static Verification verify(Path workUnit, Path manifest, Path root, Path plan) throws Exception {
        return new Verifier(UpstreamResults.FIXED).verify(VerifyRequest.of(workUnit, manifest, root, plan));
    }

    /** The upstream exit-2 message of a run that must fail closed. */
    static String failure(Path workUnit, Path manifest, Path root, Path plan, List<Path> writeTargets) {
        return assertThrows(VerificationException.class,
                () -> new Verifier(UpstreamResults.FIXED).verify(new VerifyRequest(workUnit, manifest, root, plan, writeTargets)))
                .getMessage();
    }

    static String failure(Path workUnit, Path manifest, Path root, Path plan) {
        return failure(workUnit, manifest, root, plan, List.of());
    }

    static JsonNode check(JsonNode result, String id) {
        List<JsonNode> hits = new ArrayList<>();
        result.path("checks").forEach(c -> {
            if (id.equals(c.path("id").asText())) {
                hits.add(c);
            }
        });
        assertEquals(1, hits.size(), "checks with id " + id);
        return hits.get(0);
    }

    static List<String> checkStatuses(JsonNode result) {
        List<String> out = new ArrayList<>();
        result.path("checks").forEach(c -> out.add(c.path("id").asText() + "=" + c.path("status").asText()));
        return out;
    }

    /** The digest of the one evidence item with this id. */
    static String evidence(JsonNode result, String id) {
        List<String> hits = new ArrayList<>();
        result.path("evidence").forEach(e -> {
            if (id.equals(e.path("id").asText())) {
                hits.add(e.path("digest").asText());
            }
        });
        assertEquals(1, hits.size(), "evidence items with id " + id);
        return hits.get(0);
    }

    static List<String> evidenceIds(JsonNode result) {
        List<String> out = new ArrayList<>();
        result.path("evidence").forEach(e -> out.add(e.path("id").asText()));
        return out;
    }

    /** The {@code independent-review} diagnostics, parsed. */
    static JsonNode diagnostics(JsonNode result) throws IOException {
        return parse(check(result, "independent-review").path("diagnostics").asText());
    }

    /** Each finding as {@code severity/category: summary @ path}, without {@code @} when it has no path. */
    static List<String> findings(JsonNode result) {
        List<String> out = new ArrayList<>();
        for (JsonNode f : result.path("findings")) {
            out.add(finding(f.path("severity").asText(), f.path("category").asText(), f.path("summary").asText(),
                    f.has("path") ? f.path("path").asText() : null));
        }
        return out;
    }

    static String finding(String severity, String category, String summary, String path) {
        return severity + "/" + category + ": " + summary + (path == null ? "" : " @ " + path);
    }

    static String high(String category, String summary, String path) {
        return finding("high", category, summary, path);
    }

    static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.isNull() ? null : n.asText()));
        return out;
    }

    static ArrayNode array(String... values) {
        ArrayNode a = MAPPER.createArrayNode();
        for (String v : values) {
            a.add(v);
        }
        return a;
    }

    static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /** Points the manifest's first artifact at these bytes. */
    static ObjectNode sealArtifact(ObjectNode manifest, byte[] bytes) {
        ((ObjectNode) manifest.path("produced_artifacts").get(0)).put("digest", fileDigest(bytes));
        return manifest;
    }
}
