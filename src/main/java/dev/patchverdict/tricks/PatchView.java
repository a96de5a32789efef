// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.tricks;

import dev.patchverdict.diff.DiffLine;
import dev.patchverdict.diff.DiffResult;
import dev.patchverdict.diff.FileSection;
import dev.patchverdict.diff.GitPath;
import dev.patchverdict.diff.Hunk;
import dev.patchverdict.diff.LineKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the rules look at: per file section its paths, what it does to the file, and its body lines. A section
 * the reader cut short (a rejected patch) still shows the lines read before the cut, under the path they came
 * with, so a malformed patch hides no trick.
 */
record PatchView(List<Section> sections, List<Section> testPatch) {
    /** {@code testPatch}: the sections of the evaluation's own test patch, when one was given (the rules that read a test's literals look there too). */
    PatchView {
        sections = List.copyOf(sections);
        testPatch = List.copyOf(testPatch);
    }

    PatchView withTestPatch(List<Section> tests) {
        return new PatchView(sections, tests);
    }

    /** A body line with its text decoded and its code part (comment cut off) found once, for every rule to share. */
    record Line(LineKind kind, int hunkIndex, long lineNumber, String text, String code, String bare) {
        static Line of(DiffLine.Snapshot s, PathKinds.Lang lang) {
            String text = s.text();
            String code = lang == PathKinds.Lang.OTHER ? text : CodeText.code(text, lang);
            return new Line(s.kind(), s.hunkIndex(), s.lineNumber(), text, code, CodeText.bare(code));
        }

        /** The comment part: what follows the code, which the scan for {@code code} already cut off (none for other files). */
        String comment() {
            return text.substring(code.length());
        }
    }

    /**
     * A file section; {@code lang} and the test flags ({@code test} for the path, {@code oldTest} and
     * {@code newTest} for either name, false when absent) are found once here for every rule to share.
     */
    record Section(int index, String path, String oldPath, String newPath, boolean created, boolean deleted,
            boolean renamed, long headerLine, List<Line> lines, List<Line> added, List<Line> removed,
            Map<Integer, String> headings, PathKinds.Lang lang, boolean test, boolean oldTest, boolean newTest) {
        static Section of(int index, String path, String oldPath, String newPath, boolean created, boolean deleted,
                boolean renamed, long headerLine, List<DiffLine.Snapshot> snapshots, Map<Integer, String> headings) {
            PathKinds.Lang lang = PathKinds.lang(path);
            List<Line> lines = snapshots.stream().map(s -> Line.of(s, lang)).toList();
            return new Section(index, path, oldPath, newPath, created, deleted, renamed, headerLine, lines,
                    lines.stream().filter(l -> l.kind() == LineKind.ADDED).toList(),
                    lines.stream().filter(l -> l.kind() == LineKind.REMOVED).toList(), headings, lang,
                    PathKinds.isTest(path), PathKinds.isTest(oldPath), PathKinds.isTest(newPath));
        }


        String oldOrPath() {
            return oldPath != null ? oldPath : path;
        }

        boolean oldOrPathTest() {
            return oldPath != null ? oldTest : test;
        }

        boolean code() {
            return lang != PathKinds.Lang.OTHER;
        }

        String heading(int hunk) {
            return headings.getOrDefault(hunk, "");
        }
    }

    static PatchView of(DiffResult diff) {
        if (!diff.linesKept()) {
            boolean bodies = diff.hunks().stream().anyMatch(h -> h.added() + h.removed() + h.context() > 0);
            if (bodies || diff.hunks().isEmpty() && diff.sections().stream().anyMatch(s -> s.hunkCount() > 0)) {
                throw new IllegalArgumentException("the diff was read without its lines: read it with DiffReader.readLines");
            }
        }
        Map<Integer, List<DiffLine.Snapshot>> lines = new TreeMap<>();
        for (DiffLine.Snapshot l : diff.lines()) {
            lines.computeIfAbsent(l.section(), k -> new ArrayList<>()).add(l);
        }
        Map<Integer, Map<Integer, String>> headings = new TreeMap<>();
        for (Hunk h : diff.hunks()) {
            headings.computeIfAbsent(h.header().section(), k -> new TreeMap<>()).put(h.header().index(), h.header().heading());
        }
        Map<Integer, Section> out = new TreeMap<>();
        for (FileSection s : diff.sections()) {
            out.put(s.index(), Section.of(s.index(), s.path().text(), GitPath.textOrNull(s.oldPath()),
                    GitPath.textOrNull(s.newPath()), s.header().isNew(), s.header().isDeleted(), s.header().isRename(),
                    s.header().line(), lines.getOrDefault(s.index(), List.of()),
                    headings.getOrDefault(s.index(), Map.of())));
        }
        for (Map.Entry<Integer, List<DiffLine.Snapshot>> e : lines.entrySet()) {
            if (!out.containsKey(e.getKey())) {
                DiffLine.Snapshot first = e.getValue().get(0);
                String p = first.path().text();
                // Cut short: the header is unknown beyond the path, so the section counts as a modification.
                out.put(e.getKey(), Section.of(e.getKey(), p, p, p, false, false, false, first.lineNumber(),
                        e.getValue(), headings.getOrDefault(e.getKey(), Map.of())));
            }
        }
        return new PatchView(List.copyOf(out.values()), List.of());
    }
}
