package dev.patchverdict.behave;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashSet;
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

    /** One mutant: which operator, where (file and new-file line), the line before and after. */
    public record Mutant(String id, MutationOperator operator, String file, int line, String original,
            String mutated, String patch) {
        public Mutant {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(operator, "operator");
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(original, "original");
            Objects.requireNonNull(mutated, "mutated");
            Objects.requireNonNull(patch, "patch");
        }

        public String describe() {
            return operator.key() + " at " + file + ":" + line + ": `" + original.strip() + "` -> "
                    + (operator == MutationOperator.LINE_DELETION ? "(deleted)" : "`" + mutated.strip() + "`");
        }
    }

    private Mutants() {}

    /**
     * Every distinct mutant the operators make, then, if there are more than {@code max}, an
     * evenly spaced selection of {@code max} of them (deterministic, spread over the patch).
     */
    public static List<Mutant> generate(String patch, Set<MutationOperator> operators, int max) {
        List<String> lines = splitKeepingEnds(patch);
        List<Candidate> all = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
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
                                all.add(new Candidate(op, file, newLine, i, hunkHeader, content, m));
                            }
                        }
                    }
                    newLeft--;
                    newLine++;
                }
                default -> { }
            }
        }
        List<Mutant> made = new ArrayList<>();
        for (Candidate c : all) {
            String text = c.operator == MutationOperator.LINE_DELETION ? deleteLine(lines, c) : replaceLine(lines, c);
            if (text != null && !text.equals(patch) && seen.add(text)) {
                made.add(new Mutant("m" + (made.size() + 1), c.operator, c.file, c.line, c.content,
                        c.mutated, text));
            }
        }
        if (made.size() <= max) {
            return made;
        }
        List<Mutant> picked = new ArrayList<>(max);
        for (int k = 0; k < max; k++) {
            Mutant m = made.get((int) ((long) k * made.size() / max));
            picked.add(new Mutant("m" + (k + 1), m.operator(), m.file(), m.line(), m.original(), m.mutated(),
                    m.patch()));
        }
        return picked;
    }

    private record Candidate(MutationOperator operator, String file, int line, int index, int hunkHeader,
            String content, String mutated) {}

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

    private static String replaceLine(List<String> lines, Candidate c) {
        List<String> copy = new ArrayList<>(lines);
        String raw = lines.get(c.index);
        copy.set(c.index, "+" + c.mutated + raw.substring(stripEnd(raw).length()));
        return String.join("", copy);
    }

    /**
     * Drops the added line and shrinks its hunk's new-side count. A hunk left with nothing on its
     * new side, or a line followed by "\ No newline at end of file", is not deleted.
     */
    private static String deleteLine(List<String> lines, Candidate c) {
        if (c.index + 1 < lines.size() && lines.get(c.index + 1).startsWith("\\")) {
            return null;
        }
        String header = stripEnd(lines.get(c.hunkHeader));
        Matcher h = HUNK.matcher(header);
        if (!h.matches()) {
            return null;
        }
        int newCount = count(h.group(4)) - 1;
        if (newCount < 1) {
            return null;
        }
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
