// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.review;

import com.google.re2j.Pattern;
import dev.patchverdict.diff.Diagnostic;
import dev.patchverdict.diff.DiagnosticCode;
import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.diff.DiffResult;
import dev.patchverdict.diff.Profile;
import dev.patchverdict.report.ReviewEntry;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import com.google.re2j.Matcher;

/**
 * "How would it apply?": for a rejected patch, the repairs that would make git accept it. Each repair is
 * made on a copy in memory and the copy read again, so a repair is named only when it removes what it
 * claims to; nothing is written or applied. Repairs, in the order tried:
 * <ul>
 * <li>{@code crlf}: CRLF line endings turned into LF;</li>
 * <li>{@code final-newline}: a line feed added at the end;</li>
 * <li>{@code leading-prose}: text before the first file section dropped;</li>
 * <li>{@code recount}: hunk header counts taken from the body, as {@code git apply --recount} does;</li>
 * <li>{@code trailing-prose}: text after a section's last hunk dropped.</li>
 * </ul>
 * Whitespace drift in context lines cannot be seen without the base tree; when the patch shows a
 * harness stripped whitespace (empty context lines), a note says so rather than guessing.
 */
public final class Repairs {
    public static final String CRLF = "crlf";
    public static final String FINAL_NEWLINE = "final-newline";
    public static final String LEADING_PROSE = "leading-prose";
    public static final String RECOUNT = "recount";
    public static final String TRAILING_PROSE = "trailing-prose";

    static final String WHITESPACE_NOTE = "context lines without their leading space: whitespace was stripped, so whether"
            + " each context line still matches the base (git apply --ignore-whitespace) cannot be known without the base";

    private static final Set<DiagnosticCode> COUNTS = EnumSet.of(DiagnosticCode.HUNK_COUNT_MISMATCH,
            DiagnosticCode.HUNK_TRUNCATED, DiagnosticCode.HUNK_OVERRUN);
    /** Matched whole, with {@code .} taking line ends too: RE2/J's reading is linear in the candidate's header. */
    private static final Pattern HUNK = Pattern.compile("^@@ -(\\d+)(?:,(\\d+))? \\+(\\d+)(?:,(\\d+))? @@(.*)", Pattern.DOTALL);

    private Repairs() {}

    public static ReviewEntry.Repair suggest(byte[] patch, DiffResult first, Profile profile, DiffReader.Options options) {
        // A repaired copy is read for its verdict and diagnostics only: its SHA-256 is never shown.
        DiffReader.Options again = new DiffReader.Options(false, options.maxLineBytes(), options.maxHeaderBytes(),
                options.maxSections());
        byte[] current = patch;
        DiffResult result = first;
        List<String> tried = new ArrayList<>();
        // The repairs that changed the copy, in order: each is tried once, and one that changed nothing is no repair.
        List<String> named = new ArrayList<>();
        for (int round = 0; round < 8 && !result.accepted(); round++) {
            Set<DiagnosticCode> codes = EnumSet.noneOf(DiagnosticCode.class);
            result.errors().forEach(d -> codes.add(d.code()));
            byte[] next = null;
            String name = null;
            if (codes.contains(DiagnosticCode.CRLF_LINE_ENDING) && !tried.contains(CRLF)) {
                next = crlfToLf(current);
                name = CRLF;
            } else if (current.length > 0 && current[current.length - 1] != '\n' && !tried.contains(FINAL_NEWLINE)) {
                // Not only MISSING_FINAL_NEWLINE: a last hunk line without its line feed is reported as truncation.
                next = append(current);
                name = FINAL_NEWLINE;
            } else if (codes.contains(DiagnosticCode.LEADING_GARBAGE) && !tried.contains(LEADING_PROSE)) {
                next = stripLeading(current);
                name = LEADING_PROSE;
            } else if (codes.stream().anyMatch(COUNTS::contains) && !tried.contains(RECOUNT)) {
                next = recount(current);
                name = RECOUNT;
            } else if (codes.contains(DiagnosticCode.TRAILING_GARBAGE) && !tried.contains(TRAILING_PROSE)) {
                next = stripTrailing(current, result.errors());
                name = TRAILING_PROSE;
            }
            if (next == null) {
                break;
            }
            tried.add(name);
            if (java.util.Arrays.equals(next, current)) {
                continue;
            }
            named.add(name);
            current = next;
            result = read(current, profile, again);
        }
        String outcome = result.accepted() ? "accepted" : result.outcome().gitAccepted() && !named.isEmpty() ? "git-accepts" : "none";
        if (outcome.equals("none")) {
            named = List.of();
        }
        LinkedHashSet<String> remaining = new LinkedHashSet<>();
        DiffResult end = outcome.equals("none") ? first : result;
        end.errors().forEach(d -> remaining.add(d.code().name()));
        List<String> notes = hasEmptyContextLine(patch) ? List.of(WHITESPACE_NOTE) : List.of();
        return new ReviewEntry.Repair(named, outcome, outcome.equals("accepted") ? List.of() : List.copyOf(remaining), notes);
    }

    private static byte[] append(byte[] b) {
        byte[] n = java.util.Arrays.copyOf(b, b.length + 1);
        n[b.length] = '\n';
        return n;
    }

    static DiffResult read(byte[] bytes, Profile profile, DiffReader.Options options) {
        return DiffReader.readSections(bytes, profile, options);
    }

    /** The lines of a text, each with its line feed (the last may have none). */
    static List<byte[]> lines(byte[] b) {
        List<byte[]> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < b.length; i++) {
            if (b[i] == '\n') {
                out.add(java.util.Arrays.copyOfRange(b, start, i + 1));
                start = i + 1;
            }
        }
        if (start < b.length) {
            out.add(java.util.Arrays.copyOfRange(b, start, b.length));
        }
        return out;
    }

    static byte[] join(List<byte[]> lines) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        lines.forEach(out::writeBytes);
        return out.toByteArray();
    }

    static boolean startsWith(byte[] line, String prefix) {
        if (line.length < prefix.length()) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (line[i] != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    static byte[] crlfToLf(byte[] b) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(b.length);
        for (int i = 0; i < b.length; i++) {
            if (b[i] == '\r' && i + 1 < b.length && b[i + 1] == '\n') {
                continue;
            }
            out.write(b[i]);
        }
        return out.toByteArray();
    }

    /** Drops every line before the first {@code diff --git} line, or before the first {@code ---}/{@code +++} pair. */
    static byte[] stripLeading(byte[] b) {
        List<byte[]> lines = lines(b);
        int start = -1;
        for (int i = 0; i < lines.size() && start < 0; i++) {
            if (startsWith(lines.get(i), "diff --git ")) {
                start = i;
            }
        }
        for (int i = 0; i + 1 < lines.size() && start < 0; i++) {
            if (startsWith(lines.get(i), "--- ") && startsWith(lines.get(i + 1), "+++ ")) {
                start = i;
            }
        }
        return start <= 0 ? b : join(lines.subList(start, lines.size()));
    }

    /** Drops each run of lines the reader calls trailing garbage, up to the next {@code diff --git} line. */
    static byte[] stripTrailing(byte[] b, List<Diagnostic> errors) {
        List<byte[]> lines = lines(b);
        boolean[] drop = new boolean[lines.size()];
        for (Diagnostic d : errors) {
            if (d.code() != DiagnosticCode.TRAILING_GARBAGE || d.line() < 1) {
                continue;
            }
            for (int i = (int) d.line() - 1; i < lines.size() && !startsWith(lines.get(i), "diff --git "); i++) {
                drop[i] = true;
            }
        }
        List<byte[]> kept = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (!drop[i]) {
                kept.add(lines.get(i));
            }
        }
        return join(kept);
    }

    /**
     * Rewrites each hunk header's line counts from its body, as {@code git apply --recount} counts: body
     * lines up to the next {@code @@ } or {@code diff } line, an empty line counting as context. As in git,
     * a hunk followed by any other line keeps its header.
     */
    static byte[] recount(byte[] b) {
        List<byte[]> lines = lines(b);
        for (int i = 0; i < lines.size(); i++) {
            byte[] h = lines.get(i);
            if (!startsWith(h, "@@ -")) {
                continue;
            }
            Matcher m = HUNK.matcher(new String(h, StandardCharsets.ISO_8859_1));
            if (!m.matches()) {
                continue;
            }
            int oldLines = 0;
            int newLines = 0;
            boolean unexpected = false;
            int j = i + 1;
            for (; j < lines.size(); j++) {
                byte[] l = lines.get(j);
                byte c = l.length == 0 ? 0 : l[0];
                if (c == ' ' || c == '\n') {
                    oldLines++;
                    newLines++;
                } else if (c == '-') {
                    oldLines++;
                } else if (c == '+') {
                    newLines++;
                } else if (c == '\\') {
                    // no-newline marker: counts for neither side
                } else if (startsWith(l, "@@ ") || startsWith(l, "diff ")) {
                    break;
                } else {
                    unexpected = true;
                    break;
                }
            }
            if (unexpected) {
                continue;
            }
            String header = "@@ -" + m.group(1) + "," + oldLines + " +" + m.group(3) + "," + newLines + " @@" + m.group(5);
            lines.set(i, header.getBytes(StandardCharsets.ISO_8859_1));
        }
        return join(lines);
    }

    /** Whether a hunk body holds an empty line, which git reads as a context line that lost its space. */
    static boolean hasEmptyContextLine(byte[] b) {
        boolean inHunk = false;
        for (byte[] l : lines(b)) {
            if (startsWith(l, "@@ ")) {
                inHunk = true;
            } else if (startsWith(l, "diff ")) {
                inHunk = false;
            } else if (inHunk && (l.length == 1 && l[0] == '\n' || l.length == 2 && l[0] == '\r' && l[1] == '\n')) {
                return true;
            }
        }
        return false;
    }
}
