// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.tricks;

import dev.patchverdict.diff.LineKind;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Whether each equality def's body always returns the truth value, for every def of a section in one pass over
 * its lines: defs nested or stacked without end would otherwise each read the rest of the section again (a patch
 * of n such lines took n² line reads). A body's figures are differences of running counts taken when it opens
 * and when it closes; open bodies wait in a heap ordered by where they close.
 */
final class EqualityBodies {
    private EqualityBodies() {}

    /**
     * Brace languages. For each def index in {@code defs} (added lines matching an equals signature), whether its
     * body, read from the def's first '{' over the added lines that follow until the braces balance, holds at least
     * one return and returns only {@code true}. The body ends false at a line that is not added, at a return of
     * anything else (the whole line counts, as a line is judged before its braces close the body) and at the end of
     * the section.
     */
    static boolean[] brace(List<PatchView.Line> lines, List<Integer> defs) {
        boolean[] result = new boolean[lines.size()];
        record Open(int def, long closesAt, long trueBefore, int trueOnDef) {}
        PriorityQueue<Open> open = new PriorityQueue<>((a, b) -> Long.compare(b.closesAt, a.closesAt));
        List<Open> waiting = new ArrayList<>(); // defs with no '{' on their line: open at the next line holding one
        long depth = 0;
        long trues = 0;
        int next = 0;
        for (int j = 0; j < lines.size(); j++) {
            PatchView.Line b = lines.get(j);
            if (b.kind() != LineKind.ADDED) {
                open.clear();
                waiting.clear();
            }
            String code = b.code();
            Figures f = Figures.of(code);
            if (f.other) {
                open.clear();
                waiting.clear();
            }
            depth += f.depth;
            trues += f.trues;
            if (f.opens) {
                for (Open w : waiting) {
                    open.add(w);
                }
                waiting.clear();
            }
            while (!open.isEmpty() && open.peek().closesAt >= depth) {
                Open o = open.poll();
                result[o.def] = o.trueOnDef + trues - o.trueBefore > 0;
            }
            if (next < defs.size() && defs.get(next) == j) {
                next++;
                int brace = code.indexOf('{');
                if (brace < 0) {
                    waiting.add(new Open(j, depth, trues, 0));
                } else {
                    Figures p = Figures.of(code.substring(brace));
                    if (!p.other) {
                        if (p.depth <= 0) {
                            result[j] = p.trues > 0;
                        } else {
                            open.add(new Open(j, depth - p.depth, trues, p.trues));
                        }
                    }
                }
            }
        }
        return result;
    }

    /** One line's (or the def's part's) returns and braces. */
    private record Figures(int trues, boolean other, long depth, boolean opens) {
        static Figures of(String part) {
            int[] trues = {0};
            boolean[] other = {false};
            Scans.braceReturns(part, v -> {
                if (v.equals("true")) {
                    trues[0]++;
                    return true;
                }
                other[0] = true;
                return false;
            });
            long depth = 0;
            boolean opens = false;
            for (int k = 0; k < part.length(); k++) {
                char c = part.charAt(k);
                if (c == '{') {
                    depth++;
                    opens = true;
                } else if (c == '}') {
                    depth--;
                }
            }
            return new Figures(trues[0], other[0], depth, opens);
        }
    }

    /** A Python equality def: where, its indentation, and whether it is __eq__ (true) or __ne__. */
    record PyDef(int index, int indent, boolean eq) {}

    /**
     * Python. For each def, the body as the patch leaves it (context and added lines after the def, up to the
     * first line indented no deeper): every return in it is the truth value (or NotImplemented), and the patch
     * wrote at least one of them. For a def the patch adds, the body may run to the end of the hunk and must be
     * all added; for an existing def the body must end inside the hunk, since returns beyond it are unseen.
     *
     * @return per line index, the line to point at (the added def, or the first added return under an existing
     *     def), or null
     */
    static PatchView.Line[] python(List<PatchView.Line> lines, List<PyDef> defs) {
        int n = lines.size();
        PatchView.Line[] result = new PatchView.Line[n];
        // Each read line's return value, and the first added line at or after each index (in its hunk) returning
        // True, and False: where an existing def's body points.
        String[] value = new String[n];
        boolean[] read = new boolean[n];
        int[] nextTrue = new int[n + 1];
        int[] nextFalse = new int[n + 1];
        nextTrue[n] = nextFalse[n] = Integer.MAX_VALUE;
        for (int j = n - 1; j >= 0; j--) {
            PatchView.Line b = lines.get(j);
            read[j] = b.kind() != LineKind.REMOVED && b.kind() != LineKind.NO_NEWLINE_MARKER && !b.code().isBlank();
            value[j] = read[j] ? Scans.pythonReturn(b.code()) : null;
            boolean sameHunk = j + 1 < n && lines.get(j + 1).hunkIndex() == b.hunkIndex();
            boolean addedRead = read[j] && b.kind() == LineKind.ADDED;
            nextTrue[j] = addedRead && "True".equals(value[j]) ? j : sameHunk ? nextTrue[j + 1] : Integer.MAX_VALUE;
            nextFalse[j] = addedRead && "False".equals(value[j]) ? j : sameHunk ? nextFalse[j + 1] : Integer.MAX_VALUE;
        }
        // Running counts over the lines read so far: returns of True, of False, of anything but NotImplemented,
        // and lines not added.
        long[] counts = new long[4];
        PriorityQueue<Open> open = new PriorityQueue<>((a, b) -> Integer.compare(b.def.indent(), a.def.indent()));
        int hunk = 0;
        int next = 0;
        for (int j = 0; j <= n; j++) {
            if (j == n || lines.get(j).hunkIndex() != hunk) {
                while (!open.isEmpty()) {
                    close(open.poll(), counts, false, j, nextTrue, nextFalse, lines, result);
                }
                if (j == n) {
                    break;
                }
                hunk = lines.get(j).hunkIndex();
            }
            PatchView.Line b = lines.get(j);
            if (read[j]) {
                String code = b.code();
                int ind = code.length() - code.stripLeading().length();
                while (!open.isEmpty() && open.peek().def.indent() >= ind) {
                    close(open.poll(), counts, true, j, nextTrue, nextFalse, lines, result);
                }
                String v = value[j];
                if (v != null && !v.equals("NotImplemented")) {
                    counts[v.equals("True") ? 0 : v.equals("False") ? 1 : 2]++;
                }
                if (b.kind() != LineKind.ADDED) {
                    counts[3]++;
                }
            }
            if (next < defs.size() && defs.get(next).index() == j) {
                open.add(new Open(defs.get(next), b.kind() == LineKind.ADDED, counts.clone()));
                next++;
            }
        }
        return result;
    }

    private record Open(PyDef def, boolean added, long[] before) {}

    private static void close(Open o, long[] counts, boolean ended, int end, int[] nextTrue, int[] nextFalse,
            List<PatchView.Line> lines, PatchView.Line[] result) {
        long trues = counts[0] - o.before[0];
        long falses = counts[1] - o.before[1];
        long others = counts[2] - o.before[2];
        long notAdded = counts[3] - o.before[3];
        long returns = o.def.eq() ? trues : falses;
        long wrong = others + (o.def.eq() ? falses : trues);
        if (wrong > 0 || returns == 0 || o.added && notAdded > 0) {
            return;
        }
        int d = o.def.index();
        if (o.added) {
            result[d] = lines.get(d);
        } else if (ended) {
            int first = o.def.eq() ? nextTrue[d + 1] : nextFalse[d + 1];
            result[d] = first < end ? lines.get(first) : null;
        }
    }
}
