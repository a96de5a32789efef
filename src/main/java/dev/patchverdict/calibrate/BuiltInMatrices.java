// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.StrictJson;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The matrices shipped in the jar: {@code seed} (the record family's correct/decoy calibration
 * with the v0.5 column) and {@code extended} (more candidates). They are written out to a folder
 * before running, because a verifier reads candidate roots from disk; only the files the matrix,
 * its plans and its manifests name are written.
 */
public final class BuiltInMatrices {
    private static final String BASE = "/dev/patchverdict/calibration/patch-transition/";
    public static final Map<String, String> FILES = Map.of("seed", "matrix.json", "extended", "matrix-extended.json");

    private BuiltInMatrices() {}

    public static List<String> names() {
        return List.of("seed", "extended");
    }

    /** Writes the named matrix and everything it refers to under {@code dir}; returns the matrix file. */
    public static Path extract(String name, Path dir) throws IOException {
        String file = FILES.get(name);
        if (file == null) {
            throw new IllegalArgumentException("no built-in matrix " + name + "; there are " + names());
        }
        JsonNode matrix = json(file);
        copy(file, dir);
        copy(matrix.path("work_unit").asText(), dir);
        for (JsonNode p : matrix.path("plans")) {
            copy(p.path("path").asText(), dir);
        }
        for (JsonNode c : matrix.path("candidates")) {
            String manifestPath = c.path("result_manifest").asText();
            String root = c.path("candidate_root").asText();
            copy(manifestPath, dir);
            Files.createDirectories(dir.resolve(root));
            JsonNode manifest = json(manifestPath);
            for (JsonNode a : manifest.path("produced_artifacts")) {
                copy(root + "/" + a.path("locator").asText(), dir);
            }
            for (JsonNode l : manifest.path("logs")) {
                copy(root + "/" + l.path("locator").asText(), dir);
            }
        }
        return dir.resolve(file);
    }

    private static JsonNode json(String relative) throws IOException {
        try {
            return StrictJson.withDefaults().read(bytes(relative));
        } catch (JsonInputException e) {
            throw new IllegalStateException("shipped calibration file " + relative + " is not valid JSON", e);
        }
    }

    private static byte[] bytes(String relative) throws IOException {
        try (InputStream in = BuiltInMatrices.class.getResourceAsStream(BASE + relative)) {
            if (in == null) {
                throw new IllegalStateException("shipped calibration file missing from the build: " + relative);
            }
            return in.readAllBytes();
        }
    }

    private static void copy(String relative, Path dir) throws IOException {
        Path target = dir.resolve(relative).normalize();
        if (!target.startsWith(dir)) {
            throw new IllegalStateException("shipped calibration file outside its folder: " + relative);
        }
        Files.createDirectories(target.getParent());
        Files.write(target, bytes(relative));
    }
}
