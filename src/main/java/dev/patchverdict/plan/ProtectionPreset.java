// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.StrictJson;
import dev.patchverdict.record.FieldReader;
import dev.patchverdict.record.Require;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A named list of protected paths, shipped as data ({@code protection-presets.json} beside this
 * class) and written in whichever glob syntax a plan chooses. Each group names folders (a name, or
 * a path such as {@code src/test}, protected with everything below it at any depth), root folders
 * (protected at the root and under {@code src/} only) and file names (globs over the last path
 * component, at any depth).
 *
 * <p>In {@code fnmatch} a name glob's {@code *} also crosses {@code /} (the glob for {@code test_*.py}
 * below the root also covers {@code a/test_data/b.py}): fnmatch has no star that stops at a folder, so there a preset protects
 * a little more than in {@code gitignore}, never less.
 */
public record ProtectionPreset(String name, String description, List<Group> groups) {
    private static final String RESOURCE = "protection-presets.json";
    private static final Map<String, ProtectionPreset> SHIPPED = load();

    /**
     * One kind of file the preset covers, with why: folders protected at any depth, folders protected
     * only at the root or directly under {@code src/} (names such as {@code test/} that are library code
     * deeper down), and file names at any depth. A group marked {@code tests} names test paths: those are
     * also what {@code diff filter --preset NAME-tests} removes ({@link FilterPresets}), so a plan and a filter
     * share one definition of a test path.
     */
    public record Group(String covers, List<String> folders, List<String> rootFolders, List<String> names, boolean tests) {
        public Group {
            Require.nonEmpty(covers, "covers");
            folders = Require.distinct(folders, "folders");
            rootFolders = Require.distinct(rootFolders, "root_folders");
            names = Require.distinct(names, "names");
            for (String f : concat(folders, rootFolders)) {
                if (f.isEmpty() || f.startsWith("/") || f.endsWith("/")) {
                    throw new IllegalArgumentException("preset folder '" + f + "' must be a relative path without a leading or trailing /");
                }
            }
            for (String n : names) {
                if (n.isEmpty() || n.contains("/")) {
                    throw new IllegalArgumentException("preset name '" + n + "' must be one path component");
                }
            }
        }

        public Group(String covers, List<String> folders, List<String> rootFolders, List<String> names) {
            this(covers, folders, rootFolders, names, false);
        }

        public Group(String covers, List<String> folders, List<String> names) {
            this(covers, folders, List.of(), names);
        }

        private static List<String> concat(List<String> a, List<String> b) {
            List<String> out = new ArrayList<>(a);
            out.addAll(b);
            return out;
        }
    }

    public ProtectionPreset {
        Require.nonEmpty(name, "name");
        Require.nonEmpty(description, "description");
        groups = Require.list(groups, "groups");
        // Every glob must compile in both syntaxes, so a preset never protects nothing in silence.
        for (GlobSyntax s : GlobSyntax.values()) {
            globs(groups, s).forEach(g -> PathGlob.compile(s, g));
        }
    }

    /** The shipped presets, in the order the resource lists them. */
    public static List<ProtectionPreset> all() {
        return List.copyOf(SHIPPED.values());
    }

    /** The shipped preset of that name, or an {@link IllegalArgumentException} listing the names there are. */
    public static ProtectionPreset named(String name) {
        ProtectionPreset p = SHIPPED.get(name);
        if (p == null) {
            throw new IllegalArgumentException("no protection preset '" + name + "'; there are " + String.join(", ", SHIPPED.keySet()));
        }
        return p;
    }

    /** The preset's globs in the syntax, without repeats, groups in order, each group's folders before its names. */
    public List<String> globs(GlobSyntax syntax) {
        return globs(groups, syntax);
    }

    /** The globs of the groups marked {@code tests} alone, in the same order: the preset's test paths. */
    public List<String> testGlobs(GlobSyntax syntax) {
        return globs(groups.stream().filter(Group::tests).toList(), syntax);
    }

    private static List<String> globs(List<Group> groups, GlobSyntax syntax) {
        Objects.requireNonNull(syntax, "syntax");
        List<String> out = new ArrayList<>();
        for (Group g : groups) {
            for (String folder : g.folders()) {
                if (syntax == GlobSyntax.GITIGNORE) {
                    // A gitignore glob with an inner / is anchored at the root; ** frees it.
                    addOnce(out, folder.contains("/") ? "**/" + folder + "/" : folder + "/");
                } else {
                    addOnce(out, folder + "/*");
                    addOnce(out, "*/" + folder + "/*");
                }
            }
            for (String folder : g.rootFolders()) {
                for (String at : List.of(folder, "src/" + folder)) {
                    addOnce(out, syntax == GlobSyntax.GITIGNORE ? "/" + at + "/" : at + "/*");
                }
            }
            for (String n : g.names()) {
                addOnce(out, n);
                if (syntax == GlobSyntax.FNMATCH) {
                    // fnmatch anchors a glob at the root; the second form finds the name below it.
                    addOnce(out, "*/" + n);
                }
            }
        }
        return List.copyOf(out);
    }

    private static void addOnce(List<String> out, String glob) {
        if (!out.contains(glob)) {
            out.add(glob);
        }
    }

    private static Map<String, ProtectionPreset> load() {
        JsonNode root;
        try (InputStream in = ProtectionPreset.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("shipped file " + RESOURCE + " is missing from the build");
            }
            root = StrictJson.withDefaults().read(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (JsonInputException e) {
            throw new IllegalStateException("shipped file " + RESOURCE + " is not valid JSON", e);
        }
        FieldReader r = FieldReader.root(root);
        Map<String, ProtectionPreset> out = new LinkedHashMap<>();
        for (Iterator<String> names = root.fieldNames(); names.hasNext();) {
            String name = names.next();
            FieldReader p = r.object(name);
            out.put(name, p.build(() -> new ProtectionPreset(name, p.text("description"), p.objects("groups",
                    g -> g.build(() -> new Group(g.text("covers"), g.texts("folders"),
                            g.optTexts("root_folders").orElse(List.of()), g.texts("names"), g.has("tests") && g.bool("tests")))))));
        }
        return java.util.Collections.unmodifiableMap(out);
    }
}
