// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.mutation;

import static dev.patchverdict.text.SafeText.Style.REPORT;

import dev.patchverdict.behave.plan.MutationOperator;
import dev.patchverdict.diff.Diagnostic;
import dev.patchverdict.diff.DiffLine;
import dev.patchverdict.diff.DiffOutcome;
import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.diff.DiffVisitor;
import dev.patchverdict.diff.FileHeader;
import dev.patchverdict.diff.Hunk;
import dev.patchverdict.diff.HunkHeader;
import dev.patchverdict.diff.LineKind;
import dev.patchverdict.diff.Profile;
import dev.patchverdict.text.SafeText;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Mutants of a candidate patch: each changes exactly one line the candidate adds, so a mutant is
 * the candidate with one small, plausible mistake in its own new code. The result is again a
 * unified diff that {@code git apply} takes against the same base.
 *
 * <p>The patch is read with the project's diff reader in git's profile, so the added lines are
 * exactly those git applies (trailing garbage, an unterminated last line or a hunk header git
 * skips are no lines); a patch git would refuse gives no mutants and says why. Every operator is a
 * single scan of its line, never a regular expression, and numbers are changed as text.
 */
public final class Mutants {
    private static final Map<String, String> COMPARISON_FLIPS = Map.of(
            "==", "!=", "!=", "==", "<", ">=", ">=", "<", ">", "<=", "<=", ">");
    /** Tried in this order at each position, the two-character operators first. */
    private static final List<String> COMPARISONS = List.of("==", "!=", "<=", ">=", "<", ">");
    private static final Map<String, String> BOOLEAN_FLIPS = Map.of(
            "true", "false", "false", "true", "True", "False", "False", "True", "and", "or", "or", "and",
            "&&", "||", "||", "&&");
    private static final List<String> BOOLEAN_WORDS = List.of("true", "false", "True", "False", "and", "or");
    private static final Map<Character, String> ARITHMETIC_SWAPS = Map.of('+', "-", '-', "+", '*', "/", '/', "*");

    /**
     * One mutant: which operator, where (file and new-file line), the line before and after (for
     * display, decoded as UTF-8 with replacement), and the mutant patch's exact bytes.
     */
    public record Mutant(String id, MutationOperator operator, String file, long line, String original,
            String mutated, byte[] patch) {
        public Mutant {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(operator, "operator");
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(original, "original");
            Objects.requireNonNull(mutated, "mutated");
            patch = patch.clone();
        }

        @Override
        public byte[] patch() {
            return patch.clone();
        }

        public String describe() {
            return operator.key() + " at " + file + ":" + line + ": `" + original.strip() + "` -> "
                    + (operator == MutationOperator.LINE_DELETION ? "(deleted)" : "`" + mutated.strip() + "`");
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Mutant m && id.equals(m.id) && operator == m.operator && file.equals(m.file)
                    && line == m.line && original.equals(m.original) && mutated.equals(m.mutated)
                    && Arrays.equals(patch, m.patch);
        }

        @Override
        public int hashCode() {
            return Objects.hash(id, operator, file, line, original, mutated) * 31 + Arrays.hashCode(patch);
        }

        @Override
        public String toString() {
            return "Mutant[" + id + ", " + describe() + ", " + patch.length + " bytes]";
        }
    }

    /** The mutants made, or why none could be made from the candidate at all. */
    public record Generated(List<Mutant> mutants, Optional<String> refused) {
        public Generated {
            mutants = List.copyOf(mutants);
            Objects.requireNonNull(refused, "refused");
            if (refused.isPresent() && !mutants.isEmpty()) {
                throw new IllegalArgumentException("a refused candidate has no mutants");
            }
        }
    }

    /**
     * A line the candidate adds, as the reader found it: its content (one char per byte, ISO-8859-1,
     * so the ASCII operators work on any bytes and a mutant differs only where an operator changed
     * it; a CR before the newline left out), where it is in the patch and in the new file, and
     * whether git would still take the hunk without it.
     */
    record AddedLine(String file, long newLine, long offset, int length, boolean newline, String content,
            String cr, int hunk, boolean deletable) {}

    /**
     * Where a mutant could be made: a span of an added line and what replaces it; nothing rendered
     * yet. An integer's replacement is {@code "+1"} or {@code "-1"}, the number itself worked out
     * only for a mutant that is made (it may be as long as the line).
     */
    record Position(MutationOperator operator, AddedLine line, int start, int end, String replacement) {
        String text() {
            if (operator == MutationOperator.INTEGER_OFF_BY_ONE) {
                String n = stripZeros(line.content.substring(start, end));
                return replacement.equals(PLUS_ONE) ? plusOne(n) : minusOne(n);
            }
            return replacement;
        }

        String mutated() {
            return operator == MutationOperator.LINE_DELETION ? ""
                    : line.content.substring(0, start) + text() + line.content.substring(end);
        }
    }

    private static final String PLUS_ONE = "+1";
    private static final String MINUS_ONE = "-1";

    /** The candidate as the reader saw it: its added lines and every hunk header, in patch order. */
    record Reading(List<AddedLine> added, List<HunkHeader> hunks, Optional<String> refused) {}

    private Mutants() {}

    /**
     * At most {@code max} mutants: every distinct mutation position is found first (cheap: one
     * scan of each line), then, if there are more than {@code max}, an evenly spaced selection of
     * {@code max} of them (deterministic, spread over the patch), and only those are rendered as
     * whole patches.
     */
    public static Generated generate(byte[] patch, Set<MutationOperator> operators, int max) {
        Reading r = read(patch);
        if (r.refused().isPresent()) {
            return new Generated(List.of(), r.refused());
        }
        // Counted first and only the chosen ones kept: a long line holds millions of positions.
        long[] total = new long[1];
        forEachPosition(r, operators, p -> total[0]++);
        long[] wanted = new long[(int) Math.min(total[0], max)];
        for (int k = 0; k < wanted.length; k++) {
            wanted[k] = total[0] <= max ? k : k * total[0] / max;
        }
        List<Position> picked = new ArrayList<>(wanted.length);
        long[] at = new long[1];
        forEachPosition(r, operators, p -> {
            if (picked.size() < wanted.length && at[0] == wanted[picked.size()]) {
                picked.add(p);
            }
            at[0]++;
        });
        List<Mutant> made = new ArrayList<>(picked.size());
        for (Position c : picked) {
            byte[] bytes = c.operator == MutationOperator.LINE_DELETION ? deleteLine(patch, r.hunks(), c.line)
                    : replaceLine(patch, c);
            made.add(new Mutant("m" + (made.size() + 1), c.operator, c.line.file, c.line.newLine,
                    display(c.line.content), display(c.mutated()), bytes));
        }
        return new Generated(made, Optional.empty());
    }

    /** Every distinct position, in patch order; a deletion git would not take is left out. */
    static List<Position> positions(byte[] patch, Set<MutationOperator> operators) {
        Reading r = read(patch);
        List<Position> all = new ArrayList<>();
        if (r.refused().isEmpty()) {
            forEachPosition(r, operators, all::add);
        }
        return all;
    }

    private static void forEachPosition(Reading r, Set<MutationOperator> operators, Consumer<Position> out) {
        for (AddedLine line : r.added()) {
            if (!isMutable(line.content)) {
                continue;
            }
            for (MutationOperator op : operators) {
                // Positions of one operator on one line are distinct spans or replacements: no two are the same mutant.
                mutations(op, line, out);
            }
        }
    }

    /** Reads the candidate as git applies it. */
    static Reading read(byte[] patch) {
        Finder f = new Finder();
        DiffOutcome o = DiffReader.read(patch, Profile.GIT, f, new DiffReader.Options(false,
                DiffReader.Options.DEFAULT_MAX_LINE_BYTES));
        if (!o.accepted()) {
            Diagnostic d = f.firstError;
            return new Reading(List.of(), List.of(), Optional.of("git's view of it is not a patch git applies"
                    + (d == null ? "" : " (line " + d.line() + ": " + d.code() + " " + SafeText.escape(d.message(), REPORT)
                    + ")")));
        }
        return new Reading(f.added, f.hunks, Optional.empty());
    }

    /** Collects added lines and hunk headers; a line is deletable once its hunk has ended. */
    private static final class Finder implements DiffVisitor {
        final List<AddedLine> added = new ArrayList<>();
        final List<HunkHeader> hunks = new ArrayList<>();
        Diagnostic firstError;
        private String file;
        private HunkHeader hunk;
        private long newLine;
        private int hunkStart;
        /** The index in {@link #added} of the hunk's last new-side line, when it is an added one; else -1. */
        private int lastNewSideAdded = -1;

        @Override
        public void onSectionStart(FileHeader header) {
            file = header.path().text();
        }

        @Override
        public void onHunk(HunkHeader header) {
            hunk = header;
            hunks.add(header);
            newLine = header.newStart();
            hunkStart = added.size();
            lastNewSideAdded = -1;
        }

        @Override
        public void onLine(DiffLine line) {
            if (line.kind() == LineKind.CONTEXT) {
                newLine++;
                lastNewSideAdded = -1;
            } else if (line.kind() == LineKind.ADDED) {
                String content = new String(line.content(), StandardCharsets.ISO_8859_1);
                String cr = "";
                if (line.hasNewline() && content.endsWith("\r")) {
                    content = content.substring(0, content.length() - 1);
                    cr = "\r";
                }
                lastNewSideAdded = added.size();
                added.add(new AddedLine(file, newLine, line.offset(), line.length(), line.hasNewline(), content, cr,
                        hunks.size() - 1, false));
                newLine++;
            }
        }

        @Override
        public void onHunkEnd(Hunk h) {
            // Git takes a hunk without one of its added lines when something is left on its new side, some
            // line is still added or removed (a hunk of context alone is corrupt to git), and no "\ No newline
            // at end of file" marker follows the line (the marker would then belong to the line before).
            boolean shrinks = hunk.newCount() - 1 >= 1 && h.added() + h.removed() - 1 >= 1;
            for (int i = hunkStart; i < added.size(); i++) {
                AddedLine a = added.get(i);
                boolean markerFollows = h.newNoNewline() && i == lastNewSideAdded;
                added.set(i, new AddedLine(a.file, a.newLine, a.offset, a.length, a.newline, a.content, a.cr, a.hunk,
                        shrinks && !markerFollows));
            }
        }

        @Override
        public void onDiagnostic(Diagnostic d) {
            if (firstError == null && d.rejects()) {
                firstError = d;
            }
        }
    }

    private static String display(String latin1) {
        return new String(latin1.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
    }

    /** Blank lines, comments and pure punctuation make mutants nobody could kill. */
    private static boolean isMutable(String content) {
        String t = content.strip();
        if (t.isEmpty() || t.startsWith("#") || t.startsWith("//") || t.startsWith("*") || t.startsWith("/*")) {
            return false;
        }
        return t.chars().anyMatch(Character::isLetterOrDigit);
    }

    /** The mutated lines an operator makes of one line, in the order of their positions. */
    static List<String> mutate(MutationOperator op, String content) {
        if (op == MutationOperator.LINE_DELETION) {
            return List.of("");
        }
        AddedLine line = new AddedLine("", 0, 0, content.length(), true, content, "", 0, false);
        List<String> out = new ArrayList<>();
        mutations(op, line, p -> out.add(p.mutated()));
        return out;
    }

    private static void mutations(MutationOperator op, AddedLine line, Consumer<Position> out) {
        String s = line.content;
        switch (op) {
            case COMPARISON_FLIP -> comparisons(op, line, s, out);
            case BOOLEAN_NEGATION -> booleans(op, line, s, out);
            case ARITHMETIC_SWAP -> arithmetic(op, line, s, out);
            case INTEGER_OFF_BY_ONE -> integers(op, line, s, out);
            case RETURN_VALUE_SWAP -> returnSwap(op, line, s, out);
            case LINE_DELETION -> {
                if (line.deletable) {
                    out.accept(new Position(op, line, -1, -1, ""));
                }
            }
        }
    }

    private static boolean in(String set, String s, int i) {
        return i >= 0 && i < s.length() && set.indexOf(s.charAt(i)) >= 0;
    }

    /** An ASCII word character, as {@code \w}. */
    private static boolean word(String s, int i) {
        if (i < 0 || i >= s.length()) {
            return false;
        }
        char c = s.charAt(i);
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_';
    }

    private static boolean digit(String s, int i) {
        return i >= 0 && i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9';
    }

    /** {@code == != <= >= < >}, not part of a longer operator ({@code <<}, {@code ->}, {@code <=>}). */
    private static void comparisons(MutationOperator op, AddedLine line, String s, Consumer<Position> out) {
        int i = 0;
        while (i < s.length()) {
            int matched = 0;
            if (!in("<>=!-", s, i - 1)) {
                for (String c : COMPARISONS) {
                    if (s.startsWith(c, i) && !in("<>=", s, i + c.length())) {
                        out.accept(new Position(op, line, i, i + c.length(), COMPARISON_FLIPS.get(c)));
                        matched = c.length();
                        break;
                    }
                }
            }
            i += Math.max(matched, 1);
        }
    }

    /** {@code true false True False and or} as whole words, {@code &&} and {@code ||}. */
    private static void booleans(MutationOperator op, AddedLine line, String s, Consumer<Position> out) {
        int i = 0;
        while (i < s.length()) {
            String found = null;
            if (!word(s, i - 1)) {
                for (String w : BOOLEAN_WORDS) {
                    if (s.startsWith(w, i) && !word(s, i + w.length())) {
                        found = w;
                        break;
                    }
                }
            }
            if (found == null && (s.startsWith("&&", i) || s.startsWith("||", i))) {
                found = s.substring(i, i + 2);
            }
            if (found != null) {
                out.accept(new Position(op, line, i, i + found.length(), BOOLEAN_FLIPS.get(found)));
                i += found.length();
            } else {
                i++;
            }
        }
    }

    /** A binary {@code + - * /} between two operands (one space allowed each side); unary minus, ++, +=, ** and // are left alone. */
    private static void arithmetic(MutationOperator op, AddedLine line, String s, Consumer<Position> out) {
        for (int i = 0; i < s.length(); i++) {
            String swap = ARITHMETIC_SWAPS.get(s.charAt(i));
            if (swap == null) {
                continue;
            }
            boolean before = operand(s, i - 1, ")]") || i >= 2 && s.charAt(i - 1) == ' ' && operand(s, i - 2, ")]");
            boolean after = operand(s, i + 1, "([") || i + 2 < s.length() && s.charAt(i + 1) == ' '
                    && operand(s, i + 2, "([");
            if (before && after) {
                out.accept(new Position(op, line, i, i + 1, swap));
            }
        }
    }

    private static boolean operand(String s, int i, String brackets) {
        return word(s, i) || in(brackets, s, i);
    }

    /** A whole decimal integer (not part of a name or a decimal fraction), one more and, above zero, one less. */
    private static void integers(MutationOperator op, AddedLine line, String s, Consumer<Position> out) {
        int i = 0;
        while (i < s.length()) {
            if (!digit(s, i)) {
                i++;
                continue;
            }
            int end = i;
            while (digit(s, end)) {
                end++;
            }
            if (!word(s, i - 1) && !in(".", s, i - 1) && !word(s, end) && !in(".", s, end)) {
                out.accept(new Position(op, line, i, end, PLUS_ONE));
                if (!zero(s, i, end)) {
                    out.accept(new Position(op, line, i, end, MINUS_ONE));
                }
            }
            i = end;
        }
    }

    private static boolean zero(String s, int from, int to) {
        for (int k = from; k < to; k++) {
            if (s.charAt(k) != '0') {
                return false;
            }
        }
        return true;
    }

    private static String stripZeros(String digits) {
        int k = 0;
        while (k < digits.length() - 1 && digits.charAt(k) == '0') {
            k++;
        }
        return digits.substring(k);
    }

    /** Decimal digits plus one, as text: a number of any length costs one pass. */
    static String plusOne(String n) {
        char[] d = n.toCharArray();
        int k = d.length - 1;
        while (k >= 0 && d[k] == '9') {
            d[k--] = '0';
        }
        if (k < 0) {
            return "1" + new String(d);
        }
        d[k]++;
        return new String(d);
    }

    /** Decimal digits (above zero, no leading zeros) minus one, as text. */
    static String minusOne(String n) {
        char[] d = n.toCharArray();
        int k = d.length - 1;
        while (d[k] == '0') {
            d[k--] = '9';
        }
        d[k]--;
        return stripZeros(new String(d));
    }

    /** The returned value replaced by the language's "nothing": None without a semicolon, null with. */
    private static void returnSwap(MutationOperator op, AddedLine line, String s, Consumer<Position> out) {
        int i = 0;
        while (i < s.length() && space(s.charAt(i))) {
            i++;
        }
        if (!s.startsWith("return", i) || i + 6 >= s.length() || !space(s.charAt(i + 6))) {
            return;
        }
        int start = i + 6;
        while (start < s.length() && space(s.charAt(start))) {
            start++;
        }
        int end = s.length();
        while (end > start && space(s.charAt(end - 1))) {
            end--;
        }
        if (end > start + 1 && s.charAt(end - 1) == ';') {
            end--;
        }
        String tail = s.substring(end);
        String nothing = tail.strip().equals(";") ? "null" : "None";
        String expr = s.substring(start, end).strip();
        if (!expr.isEmpty() && !expr.equals(nothing)) {
            out.accept(new Position(op, line, start, end, nothing));
        }
    }

    /** {@code \s}: space, tab, line feed, vertical tab, form feed, carriage return. */
    private static boolean space(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    /** The candidate with one added line's content replaced by its mutated form. */
    private static byte[] replaceLine(byte[] patch, Position c) {
        int from = (int) c.line.offset + 1 + c.start;
        int to = (int) c.line.offset + 1 + c.end;
        ByteArrayOutputStream out = new ByteArrayOutputStream(patch.length + 16);
        out.write(patch, 0, from);
        out.writeBytes(c.text().getBytes(StandardCharsets.ISO_8859_1));
        out.write(patch, to, patch.length - to);
        return out.toByteArray();
    }

    /**
     * The candidate without one added line: its hunk's new-side count one less, and the later
     * hunks of the same file starting one line earlier on the new side.
     */
    private static byte[] deleteLine(byte[] patch, List<HunkHeader> hunks, AddedLine line) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(patch.length);
        int at = 0;
        HunkHeader own = hunks.get(line.hunk);
        for (int k = line.hunk; k < hunks.size() && hunks.get(k).section() == own.section(); k++) {
            HunkHeader h = hunks.get(k);
            if (k == line.hunk + 1) {
                at = skipLine(patch, out, at, line);
            }
            int[] span = newRange(patch, (int) h.offset());
            out.write(patch, at, span[0] - at);
            String written = text(patch, span[0], span[1]);
            String count = written.indexOf(',') < 0 ? "" : written.substring(written.indexOf(','));
            String range = k == line.hunk ? h.newStart() + "," + (h.newCount() - 1)
                    : Math.max(0, h.newStart() - 1) + count;
            out.writeBytes(range.getBytes(StandardCharsets.US_ASCII));
            at = span[1];
        }
        if (at <= line.offset) {
            at = skipLine(patch, out, at, line);
        }
        out.write(patch, at, patch.length - at);
        return out.toByteArray();
    }

    /** Copies up to the added line and steps over it (kind byte, content and newline). */
    private static int skipLine(byte[] patch, ByteArrayOutputStream out, int at, AddedLine line) {
        out.write(patch, at, (int) line.offset - at);
        return (int) line.offset + 1 + line.length + (line.newline ? 1 : 0);
    }

    /**
     * Where a hunk header's new range ({@code N} or {@code N,M}) is: between its {@code " +"} and
     * the {@code " @@"} after it, as git requires them; the old range holds only digits and a comma.
     */
    private static int[] newRange(byte[] patch, int header) {
        int plus = indexOf(patch, header + 4, (byte) ' ', (byte) '+') + 2;
        int close = indexOf(patch, plus, (byte) ' ', (byte) '@');
        return new int[] {plus, close};
    }

    private static int indexOf(byte[] b, int from, byte first, byte second) {
        for (int i = from; i + 1 < b.length; i++) {
            if (b[i] == first && b[i + 1] == second) {
                return i;
            }
        }
        throw new IllegalStateException("not a hunk header the reader accepted at byte " + from);
    }

    private static String text(byte[] b, int from, int to) {
        return new String(b, from, to - from, StandardCharsets.US_ASCII);
    }
}
