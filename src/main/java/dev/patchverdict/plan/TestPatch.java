// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import dev.patchverdict.diff.Diagnostic;
import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.diff.DiffResult;
import dev.patchverdict.diff.FileSection;
import dev.patchverdict.diff.GitPath;
import dev.patchverdict.diff.Profile;
import dev.patchverdict.record.Require;
import java.util.ArrayList;
import java.util.List;

/**
 * The paths an evaluation's own test patch creates, changes, deletes or renames: a candidate that
 * touches one of them either edits the tests or collides with a file the harness adds after it
 * (a candidate creating {@code tests/test_new.py} makes the harness's test patch fail to apply,
 * or is overwritten by it). {@link #globs} protects each path as itself.
 *
 * <p>Read as git reads it, since the harness applies it with git: a patch git refuses is refused
 * here, with the line and reason. A path that is not UTF-8 or holds a line break cannot be written
 * as a glob and is refused too, rather than protected approximately.
 */
public record TestPatch(List<String> paths) {
    public TestPatch {
        paths = Require.distinctNonEmpty(paths, "paths");
    }

    /** The paths of every section, old and new, in patch order; an {@link IllegalArgumentException} says why not. */
    public static TestPatch read(byte[] patch) {
        // Its paths are all that is wanted: the hunks are not kept.
        DiffResult diff = DiffReader.readSections(patch, Profile.GIT, DiffReader.Options.DEFAULT);
        List<Diagnostic> errors = diff.errors();
        if (!errors.isEmpty()) {
            throw new IllegalArgumentException("git would not apply it: line " + errors.get(0));
        }
        List<String> out = new ArrayList<>();
        for (FileSection s : diff.sections()) {
            add(out, s.oldPath(), s);
            add(out, s.newPath(), s);
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("it names no file");
        }
        return new TestPatch(out);
    }

    private static void add(List<String> out, GitPath path, FileSection section) {
        if (path == null) {
            return;
        }
        String where = "section " + section.index() + " (line " + section.header().line() + ")";
        if (!path.isValidUtf8()) {
            throw new IllegalArgumentException(where + " names the path " + path.quoted() + ", which is not UTF-8 and cannot be a glob");
        }
        String text = path.text();
        if (text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0) {
            throw new IllegalArgumentException(where + " names the path " + path.quoted() + ", which holds a line break");
        }
        if (!out.contains(text)) {
            out.add(text);
        }
    }

    /** One glob per path, matching that path and nothing else, in the syntax. */
    public List<String> globs(GlobSyntax syntax) {
        List<String> out = new ArrayList<>(paths.size());
        for (String p : paths) {
            out.add(PathGlob.literal(syntax, p));
        }
        return List.copyOf(out);
    }
}
