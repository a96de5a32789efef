// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.mutation;

import dev.patchverdict.behave.plan.MutationOperator;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Mutants of a candidate patch: each changes exactly one line the candidate adds, so a mutant is
 * the candidate with one small, plausible mistake in its own new code. The result is again a
 * unified diff that {@code git apply} takes against the same base.
 */
public final class Mutants {
    private static final Pattern HUNK = Pattern.compile("^@@ -(\\d+)(?:,(\\d+))? \\+(\\d+)(?:,(\\d+))? @@(.*)$");
    private static final Pattern COMPARISON = Pattern.compile("(?<![<>=!\\-])(==|!=|<=|>=|<|>)(?![<>=])");
    private static final Map<String, String> COMPARISON_FLIPS = Map.of(
            "==", "!=", "!=", "==", "<", ">=", ">=", "<", ">", "<=", "<=", ">");
    private static final Pattern BOOLEAN = Pattern.compile("\\b(true|false|True|False|and|or)\\b|&&|\\|\\|");
    private static final Map<String, String> BOOLEAN_FLIPS = Map.of(
            "true", "false", "false", "true", "True", "False", "False", "True", "and", "or", "or", "and",
            "&&", "||", "||", "&&");
    /** A binary operator between two operands; unary minus, ++, +=, ** and // are left alone. */
    private static final Pattern ARITHMETIC = Pattern.compile("(?<=[\\w)\\]] ?)([+\\-*/])(?= ?[\\w(\\[])");
    private static final Map<String, String> ARITHMETIC_SWAPS = Map.of("+", "-", "-", "+", "*", "/", "/", "*");
    private static final Pattern INTEGER = Pattern.compile("(?<![\\w.])\\d+(?![\\w.])");
    private static final Pattern RETURN = Pattern.compile("^(\\s*return\\s+)(.+?)(;?\\s*)$");

    /**
     * One mutant: which operator, where (file and new-file line), the line before and after (for
     * display, decoded as UTF-8 with replacement), and the mutant patch's exact bytes.
     */
    public record Mutant(String id, MutationOperator operator, String file, int line, String original,
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

    /**
     * Where a mutant could be made: one added line and its replacement, nothing rendered yet.
     * Lines are read as ISO-8859-1, one char per byte, so the (ASCII) operators work on any bytes
     * and a mutant differs from the candidate only in the bytes the operator changed.
     */
    record Position(MutationOperator operator, String file, int line, int index, int hunkHeader, String content,
            String mutated) {}

    private Mutants() {}

    /**
     * At most {@code max} mutants: every distinct mutation position is found first (cheap: one
     * line each), then, if there are more than {@code max}, an evenly spaced selection of
     * {@code max} of them (deterministic, spread over the patch), and only those are rendered as
     * whole patches.
     */
    public static List<Mutant> generate(byte[] patch, Set<MutationOperator> operators, int max) {
        List<String> lines = splitKeepingEnds(new String(patch, StandardCharsets.ISO_8859_1));
        List<Position> all = positions(lines, operators);
        List<Position> picked = new ArrayList<>();
        if (all.size() <= max) {
            picked.addAll(all);
        } else {
            for (int k = 0; k < max; k++) {
                picked.add(all.get((int) ((long) k * all.size() / max)));
            }
        }
        List<Mutant> made = new ArrayList<>(picked.size());
        for (Position c : picked) {
            String text = c.operator == MutationOperator.LINE_DELETION ? deleteLine(lines, c) : replaceLine(lines, c);
            made.add(new Mutant("m" + (made.size() + 1), c.operator, display(c.file), c.line, display(c.content),
                    display(c.mutated), text.getBytes(StandardCharsets.ISO_8859_1)));
        }
        return made;
    }

    /** Every distinct position, in patch order; a deletion git would not take is left out. */
    static List<Position> positions(byte[] patch, Set<MutationOperator> operators) {
        return positions(splitKeepingEnds(new String(patch, StandardCharsets.ISO_8859_1)), operators);
    }

    private static List<Position> positions(List<String> lines, Set<MutationOperator> operators) {
        List<Position> all = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        String file = null;
        int oldLeft = 0;
        int newLeft = 0;
        int newLine = 0;
        int hunkHeader = -1;
        for (int i = 0; i < lines.size(); i++) {
            String raw = lines.get(i);
            String line = stripEnd(raw);
            if (oldLeft == 0 && newLeft == 0) {
                if (line.startsWith("+++ ")) {
                    file = pathOf(line.substring(4));
                } else if (line.startsWith("diff --git ")) {
                    file = null;
                } else {
                    Matcher h = HUNK.matcher(line);
                    if (h.matches() && file != null) {
                        oldLeft = count(h.group(2));
                        newLeft = count(h.group(4));
                        newLine = Integer.parseInt(h.group(3));
                        hunkHeader = i;
                    }
                }
                continue;
            }
            char kind = line.isEmpty() ? ' ' : line.charAt(0);
            switch (kind) {
                case ' ' -> {
                    oldLeft--;
                    newLeft--;
                    newLine++;
                }
                case '-' -> oldLeft--;
                case '+' -> {
                    String content = line.substring(1);
                    if (isMutable(content)) {
                        for (MutationOperator op : operators) {
                            for (String m : mutate(op, content)) {
                                Position c = new Position(op, file, newLine, i, hunkHeader, content, m);
                                boolean viable = op == MutationOperator.LINE_DELETION ? deletable(lines, c)
                                        : !m.equals(content);
                                // A mutant is one changed line: the same line changed the same way is one mutant.
                                if (viable && seen.add(i + (op == MutationOperator.LINE_DELETION ? "\0" : "\1" + m))) {
                                    all.add(c);
                                }
                            }
                        }
                    }
                    newLeft--;
                    newLine++;
                }
                default -> { }
            }
        }
        return all;
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

    static List<String> mutate(MutationOperator op, String content) {
        return switch (op) {
            case COMPARISON_FLIP -> everyMatch(COMPARISON, content, COMPARISON_FLIPS::get);
            case BOOLEAN_NEGATION -> everyMatch(BOOLEAN, content, BOOLEAN_FLIPS::get);
            case ARITHMETIC_SWAP -> everyMatch(ARITHMETIC, content, ARITHMETIC_SWAPS::get);
            case INTEGER_OFF_BY_ONE -> offByOne(content);
            case RETURN_VALUE_SWAP -> returnSwap(content);
            case LINE_DELETION -> List.of("");
        };
    }

    private static List<String> everyMatch(Pattern p, String content, Function<String, String> replacement) {
        List<String> out = new ArrayList<>();
        Matcher m = p.matcher(content);
        while (m.find()) {
            String r = replacement.apply(m.group());
            if (r != null) {
                out.add(content.substring(0, m.start()) + r + content.substring(m.end()));
            }
        }
        return out;
    }

    private static List<String> offByOne(String content) {
        List<String> out = new ArrayList<>();
        Matcher m = INTEGER.matcher(content);
        while (m.find()) {
            BigInteger n = new BigInteger(m.group());
            out.add(content.substring(0, m.start()) + n.add(BigInteger.ONE) + content.substring(m.end()));
            if (n.signum() > 0) {
                out.add(content.substring(0, m.start()) + n.subtract(BigInteger.ONE) + content.substring(m.end()));
            }
        }
        return out;
    }

    /** The returned value replaced by the language's "nothing": None without a semicolon, null with. */
    private static List<String> returnSwap(String content) {
        Matcher m = RETURN.matcher(content);
        if (!m.matches()) {
            return List.of();
        }
        String expr = m.group(2).strip();
        String tail = m.group(3);
        String nothing = tail.strip().equals(";") ? "null" : "None";
        if (expr.equals(nothing)) {
            return List.of();
        }
        return List.of(m.group(1) + nothing + tail);
    }

    private static String replaceLine(List<String> lines, Position c) {
        List<String> copy = new ArrayList<>(lines);
        String raw = lines.get(c.index);
        copy.set(c.index, "+" + c.mutated + raw.substring(stripEnd(raw).length()));
        return String.join("", copy);
    }

    /**
     * Whether the added line can be dropped: not when "\\ No newline at end of file" follows it,
     * nor when its hunk would be left with nothing on its new side.
     */
    private static boolean deletable(List<String> lines, Position c) {
        if (c.index + 1 < lines.size() && lines.get(c.index + 1).startsWith("\\")) {
            return false;
        }
        Matcher h = HUNK.matcher(stripEnd(lines.get(c.hunkHeader)));
        return h.matches() && count(h.group(4)) - 1 >= 1;
    }

    /** Drops the added line (see {@link #deletable}) and shrinks its hunk's new-side count. */
    private static String deleteLine(List<String> lines, Position c) {
        String header = stripEnd(lines.get(c.hunkHeader));
        Matcher h = HUNK.matcher(header);
        if (!h.matches()) {
            throw new IllegalStateException("not a hunk header: " + header);
        }
        int newCount = count(h.group(4)) - 1;
        List<String> copy = new ArrayList<>(lines);
        String oldPart = h.group(1) + (h.group(2) == null ? "" : "," + h.group(2));
        copy.set(c.hunkHeader, "@@ -" + oldPart + " +" + h.group(3) + "," + newCount + " @@" + h.group(5)
                + lines.get(c.hunkHeader).substring(header.length()));
        copy.remove(c.index);
        // Later hunks of the same file start one line earlier on the new side.
        for (int i = c.index; i < copy.size(); i++) {
            String l = stripEnd(copy.get(i));
            if (l.startsWith("diff --git ") || l.startsWith("--- ")) {
                break;
            }
            Matcher later = HUNK.matcher(l);
            if (later.matches()) {
                String o = later.group(1) + (later.group(2) == null ? "" : "," + later.group(2));
                String n = (Integer.parseInt(later.group(3)) - 1) + (later.group(4) == null ? "" : "," + later.group(4));
                copy.set(i, "@@ -" + o + " +" + n + " @@" + later.group(5) + copy.get(i).substring(l.length()));
            }
        }
        return String.join("", copy);
    }

    private static int count(String group) {
        return group == null ? 1 : Integer.parseInt(group);
    }

    /** "b/path" as git writes it (quoted names are left quoted: they only label the mutant). */
    private static String pathOf(String header) {
        String p = header;
        int tab = p.indexOf('\t');
        if (tab >= 0) {
            p = p.substring(0, tab);
        }
        return p.startsWith("b/") ? p.substring(2) : p;
    }

    private static List<String> splitKeepingEnds(String text) {
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                out.add(text.substring(start, i + 1));
                start = i + 1;
            }
        }
        if (start < text.length()) {
            out.add(text.substring(start));
        }
        return out;
    }

    private static String stripEnd(String raw) {
        int end = raw.length();
        if (end > 0 && raw.charAt(end - 1) == '\n') {
            end--;
        }
        if (end > 0 && raw.charAt(end - 1) == '\r') {
            end--;
        }
        return raw.substring(0, end);
    }
}
