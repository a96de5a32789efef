// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.audit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.StrictJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where a bundle's files are. The default is what {@code verify --bundle} writes; an optional
 * {@code bundle.json} maps other names (paths relative to the bundle folder, which may lead out of
 * it), so a result kept beside its manifest, patch and logs can be audited where it lies. Its
 * {@code envelope} key names the signed result (default {@value #ENVELOPE}).
 * A file a bundle does not have is empty here.
 */
public record BundleLayout(Path dir, Optional<Path> result, Optional<Path> workUnit, Optional<Path> manifest,
        Optional<Path> plan, Optional<Path> candidateRoot, Optional<Path> envelope) {

    public static final String MAP = "bundle.json";
    /** The signed result, when there is one: what {@code verify --attest --bundle} writes beside the result. */
    public static final String ENVELOPE = "verification-result.intoto.jsonl";

    /** True when the folder is a bundle: it holds a result or a map. */
    public static boolean isBundle(Path dir) {
        return Files.isRegularFile(dir.resolve("verification-result.json")) || Files.isRegularFile(dir.resolve(MAP));
    }

    public static BundleLayout of(Path dir) throws IOException, JsonInputException {
        JsonNode map = Files.isRegularFile(dir.resolve(MAP)) ? StrictJson.withDefaults().read(dir.resolve(MAP)) : null;
        return new BundleLayout(dir, file(dir, map, "verification_result", "verification-result.json"),
                file(dir, map, "work_unit", "work-unit.json"), file(dir, map, "result_manifest", "result-manifest.json"),
                file(dir, map, "evaluator_plan", "evaluator-plan.json"), folder(dir, map, "candidate_root", "candidate"),
                file(dir, map, "envelope", ENVELOPE));
    }

    private static Optional<Path> file(Path dir, JsonNode map, String key, String fallback) {
        Path p = dir.resolve(map != null && map.hasNonNull(key) ? map.get(key).asText() : fallback).normalize();
        return Files.isRegularFile(p) ? Optional.of(p) : Optional.empty();
    }

    private static Optional<Path> folder(Path dir, JsonNode map, String key, String fallback) {
        Path p = dir.resolve(map != null && map.hasNonNull(key) ? map.get(key).asText() : fallback).normalize();
        return Files.isDirectory(p) ? Optional.of(p) : Optional.empty();
    }
}
