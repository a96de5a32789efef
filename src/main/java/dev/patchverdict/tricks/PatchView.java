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

    /**
     * A body line with its text decoded and its code part (comment cut off) found once, for every rule to share; so
     * are the {@link Words} its code and its bare code hold, found when a rule first asks. Used by one thread.
     */
    static final class Line {
        private final LineKind kind;
        private final int hunkIndex;
        private final long lineNumber;
        private final String text;
        private final String code;
        private final String bare;
        private long codeWords;
        private long bareWords;
        private boolean codeScanned;
        private boolean bareScanned;

        Line(LineKind kind, int hunkIndex, long lineNumber, String text, String code, String bare) {
            this.kind = kind;
            this.hunkIndex = hunkIndex;
            this.lineNumber = lineNumber;
            this.text = text;
            this.code = code;
            this.bare = bare;
        }

        static Line of(DiffLine.Snapshot s, PathKinds.Lang lang) {
            String text = s.text();
            String code = lang == PathKinds.Lang.OTHER ? text : CodeText.code(text, lang);
            return new Line(s.kind(), s.hunkIndex(), s.lineNumber(), text, code, CodeText.bare(code));
        }

        LineKind kind() {
            return kind;
        }

        int hunkIndex() {
            return hunkIndex;
        }

        long lineNumber() {
            return lineNumber;
        }

        String text() {
            return text;
        }

        String code() {
            return code;
        }

        String bare() {
            return bare;
        }

        /** The comment part: what follows the code, which the scan for {@code code} already cut off (none for other files). */
        String comment() {
            return text.substring(code.length());
        }

        /** Whether {@link #code()} holds any of the {@link Words#CODE} words of {@code mask}. */
        boolean codeHas(long mask) {
            if (!codeScanned) {
                codeWords = Words.CODE.scan(code);
                codeScanned = true;
            }
            return (codeWords & mask) != 0;
        }

        /** Whether {@link #bare()} holds any of the {@link Words#BARE} words of {@code mask}. */
        boolean bareHas(long mask) {
            if (!bareScanned) {
                bareWords = Words.BARE.scan(bare);
                bareScanned = true;
            }
            return (bareWords & mask) != 0;
        }

        @Override
        public String toString() {
            return kind + "@" + lineNumber + ": " + text;
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
            boolean test = PathKinds.isTest(path);
            // The old and new names are mostly the path itself, whose flag then serves them.
            boolean oldTest = java.util.Objects.equals(oldPath, path) ? test : PathKinds.isTest(oldPath);
            boolean newTest = java.util.Objects.equals(newPath, path) ? test : PathKinds.isTest(newPath);
            List<Line> lines = snapshots.stream().map(s -> Line.of(s, lang)).toList();
            return new Section(index, path, oldPath, newPath, created, deleted, renamed, headerLine, lines,
                    lines.stream().filter(l -> l.kind() == LineKind.ADDED).toList(),
                    lines.stream().filter(l -> l.kind() == LineKind.REMOVED).toList(), headings, lang,
                    test, oldTest, newTest);
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
