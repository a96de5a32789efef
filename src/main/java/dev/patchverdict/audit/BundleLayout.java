// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.audit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.fs.Containment;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.StrictJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where a bundle's files are. The default is what {@code verify --bundle} writes; an optional
 * {@code bundle.json} maps other names (paths relative to the bundle folder), so a result kept beside its manifest,
 * patch and logs can be audited where it lies. Its {@code envelope} key names the signed result (default
 * {@value #ENVELOPE}). A file a bundle does not have is empty here.
 *
 * <p>A bundle is someone else's folder: every file it leads to, by its map or through a link, must lie below the
 * folder the audit may read ({@code within}: the bundle itself, or a folder the auditor names). One elsewhere is
 * never opened, only {@link #refused named}: otherwise a bundle could make an audit read any file the auditor can,
 * and show its first word in a parse error.
 */
public record BundleLayout(Path dir, Optional<Path> result, Optional<Path> workUnit, Optional<Path> manifest,
        Optional<Path> plan, Optional<Path> candidateRoot, Optional<Path> envelope, List<String> refused) {

    public static final String MAP = "bundle.json";
    /** The signed result, when there is one: what {@code verify --attest --bundle} writes beside the result. */
    public static final String ENVELOPE = "verification-result.intoto.jsonl";

    public BundleLayout {
        refused = List.copyOf(refused);
    }

    /** True when the folder is a bundle: it holds a result or a map. */
    public static boolean isBundle(Path dir) {
        return Files.isRegularFile(dir.resolve("verification-result.json")) || Files.isRegularFile(dir.resolve(MAP));
    }

    /** The layout of a bundle read only inside itself. */
    public static BundleLayout of(Path dir) throws IOException, JsonInputException {
        return of(dir, dir);
    }

    /** The layout of a bundle whose files may lie anywhere below {@code within} (the bundle itself or a folder above it). */
    public static BundleLayout of(Path dir, Path within) throws IOException, JsonInputException {
        List<String> refused = new ArrayList<>();
        Path map = dir.resolve(MAP);
        JsonNode json = null;
        if (Files.isRegularFile(map)) {
            if (!Containment.isInside(map, within)) {
                refused.add(outside(MAP, within));
            } else {
                json = StrictJson.withDefaults().read(map);
            }
        }
        Resolver r = new Resolver(dir, within, json, refused);
        return new BundleLayout(dir, r.file("verification_result", "verification-result.json"), r.file("work_unit", "work-unit.json"),
                r.file("result_manifest", "result-manifest.json"), r.file("evaluator_plan", "evaluator-plan.json"),
                r.folder("candidate_root", "candidate"), r.file("envelope", ENVELOPE), refused);
    }

    /**
     * A bundle's layout read once for all of its audit (its result and its signature): the layout, or what reading it
     * threw, thrown again to each that asks.
     */
    static final class Once {
        private final BundleLayout layout;
        private final Throwable failure;

        private Once(BundleLayout layout, Throwable failure) {
            this.layout = layout;
            this.failure = failure;
        }

        static Once of(Path dir, Path within) {
            try {
                return new Once(BundleLayout.of(dir, within), null);
            } catch (IOException | JsonInputException | RuntimeException | OutOfMemoryError e) {
                // thrown again where the audit always met it, which turns each into the bundle's outcome
                return new Once(null, e);
            }
        }

        BundleLayout get() throws IOException, JsonInputException {
            if (failure instanceof IOException e) {
                throw e;
            }
            if (failure instanceof JsonInputException e) {
                throw e;
            }
            if (failure instanceof RuntimeException e) {
                throw e;
            }
            if (failure instanceof OutOfMemoryError e) {
                throw e;
            }
            return layout;
        }
    }

    private static String outside(String name, Path within) {
        return name + " leads outside the bundle's folder " + within + ": a bundle is read only inside it (audit --root DIR"
                + " lets bundles name files below DIR)";
    }

    /** Resolves each name of the map (or its default) and keeps it only when it lies inside the folder. */
    private record Resolver(Path dir, Path within, JsonNode map, List<String> refused) {
        Optional<Path> file(String key, String fallback) throws IOException {
            return at(key, fallback).filter(Files::isRegularFile);
        }

        Optional<Path> folder(String key, String fallback) throws IOException {
            return at(key, fallback).filter(Files::isDirectory);
        }

        private Optional<Path> at(String key, String fallback) throws IOException {
            boolean named = map != null && map.hasNonNull(key);
            String name = named ? map.get(key).asText() : fallback;
            Path p = dir.resolve(name).normalize();
            if (!Files.exists(p)) {
                return Optional.empty();
            }
            if (!Containment.isInside(p, within)) {
                refused.add(outside(named ? MAP + " " + key + " '" + name + "'" : name, within));
                return Optional.empty();
            }
            return Optional.of(p);
        }
    }
}
