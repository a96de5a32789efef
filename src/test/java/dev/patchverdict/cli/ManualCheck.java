// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The build's check of what {@link ManualGenerator} and asciidoctor made (run after them, see pom.xml): every
 * command has its man page in roff, and that page holds the command's summary, description, every option name and
 * every option's and operand's description, character for character but for typography and line breaks, and its
 * synopsis every option (AsciiDoc
 * read as markup would drop a {@code *} or {@code _}, or a whole stretch of the synopsis); the completion script
 * names every command and option. It fails the build, naming each loss.
 */
public final class ManualCheck {
    private ManualCheck() {}

    /** {@code ManualCheck MAN_DIR COMPLETION_DIR}. */
    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: ManualCheck MAN_DIR COMPLETION_DIR");
        }
        List<String> problems = problems(Path.of(args[0]), Path.of(args[1]));
        if (!problems.isEmpty()) {
            throw new IllegalStateException("the man pages or completion script lost text:\n  " + String.join("\n  ", problems));
        }
    }

    static List<String> problems(Path manDir, Path completionDir) throws IOException {
        List<String> problems = new ArrayList<>();
        Path script = completionDir.resolve(ManualGenerator.COMPLETION_SCRIPT);
        String completion = Files.isRegularFile(script) ? Files.readString(script, StandardCharsets.UTF_8) : null;
        if (completion == null) {
            problems.add(script + " is missing");
        }
        for (CommandSpec spec : ManualGenerator.commands(ManualGenerator.model().getCommandSpec())) {
            Path page = manDir.resolve(spec.qualifiedName("-") + ".1");
            if (!Files.isRegularFile(page)) {
                problems.add(page + " is missing");
                continue;
            }
            String roff = Files.readString(page, StandardCharsets.UTF_8);
            String text = comparable(plainText(roff));
            int from = roff.indexOf(".SH \"SYNOPSIS\"");
            String synopsis = from < 0 ? "" : plainText(roff.substring(from, roff.indexOf(".SH", from + 1)));
            for (OptionSpec o : spec.options()) {
                // A negatable option stands in the synopsis as --[no-]NAME.
                String shown = o.negatable() ? o.shortestName().replaceFirst("^--", "--[no-]") : o.shortestName();
                if (!o.hidden() && !synopsis.contains(shown)
                        && !(o.shortestName().length() == 2 && synopsis.contains("-hV"))) {
                    problems.add(page.getFileName() + ": synopsis lost " + o.longestName());
                }
            }
            List<String> expected = new ArrayList<>(List.of(spec.usageMessage().header()));
            expected.addAll(List.of(spec.usageMessage().description()));
            for (OptionSpec o : spec.options()) {
                expected.addAll(List.of(o.names()));
                expected.addAll(List.of(o.description()));
                if (completion != null && !completion.contains(o.longestName())) {
                    problems.add(script + ": no " + spec.qualifiedName() + " " + o.longestName());
                }
            }
            for (PositionalParamSpec p : spec.positionalParameters()) {
                expected.add(p.paramLabel());
                expected.addAll(List.of(p.description()));
            }
            for (String e : expected) {
                if (!text.contains(comparable(e))) {
                    problems.add(page.getFileName() + ": lost '" + e + "'");
                }
            }
            if (completion != null && !completion.contains(spec.name())) {
                problems.add(script + ": no command " + spec.qualifiedName());
            }
        }
        return problems;
    }

    /** The text of a roff page: requests dropped, escapes resolved to the characters they stand for. */
    static String plainText(String roff) {
        StringBuilder sb = new StringBuilder();
        for (String line : roff.split("\n")) {
            if (line.startsWith(".") || line.startsWith("'")) {
                continue;
            }
            sb.append(line.replaceAll("\\\\f(\\(..|\\[[^]]*]|.)", "")
                    .replace("\\-", "-").replace("\\(aq", "'").replace("\\*(Aq", "'").replace("\\(cq", "'")
                    .replace("\\(oq", "'").replace("\\(lq", "\"").replace("\\(rq", "\"").replace("\\(rs", "\\")
                    .replace("\\(em", "--").replace("\\(->", "->").replace("\\&", "").replace("\\e", "\\")
                    .replace("\\|", ""))
                    .append(' ');
        }
        return sb.toString();
    }

    /**
     * Text with the differences typography and wrapping make taken out: white space, quotes and apostrophes,
     * dots (an ellipsis), dashes and arrows are dropped; every other character, markup characters included, stays.
     */
    static String comparable(String s) {
        return s.replaceAll("[\\s'\"\u2018\u2019\u201c\u201d.\u2026\\-\u2014\u2013>\u2192<\u2190]", "");
    }
}
