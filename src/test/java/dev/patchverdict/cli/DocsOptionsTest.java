// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Every option the manual (README.md and docs/) names is one the command model has, so a renamed or removed flag
 * cannot leave a stale page. Read in code only: each command line in a code block or span that runs
 * {@code patchverdict COMMAND ...} (or {@code ./patchverdict}, {@code bin/patchverdict}, a span that starts with
 * a command's name followed by options), and each span that is an option alone ({@code `--format jsonl`}), which
 * must be an option of the command the section's heading names or of the last command line shown (after a span
 * that runs another program, such as {@code `bench/run.sh`}, a lone option is not checked until the paragraph ends
 * or a command line comes).
 */
class DocsOptionsTest {
    static final Path ROOT = Path.of(System.getProperty("user.dir"));

    /** {@code patchverdict} as a word that runs it; what follows is its command line. */
    private static final Pattern RUN = Pattern.compile("(?:^|[\\s/(|;&$])patchverdict(?:\\.jar)?\\s+(.*)$");
    private static final Pattern SPAN = Pattern.compile("`([^`\\n]+)`");
    private static final Pattern OPTION = Pattern.compile("--[a-z0-9][a-z0-9-]*|-[A-Za-z]");
    private static final CommandSpec MODEL = ManualGenerator.model().getCommandSpec();
    private static final java.util.Set<String> OTHER_PROGRAMS = java.util.Set.of("git", "java", "mvn", "bwrap", "openssl");

    /** One page's problems, each with the file and line. */
    static List<String> problems(Path page) throws IOException {
        List<String> problems = new ArrayList<>();
        String name = ROOT.relativize(page).toString();
        CommandSpec heading = null; // the command the section's heading names, kept by its subsections
        CommandSpec last = null; // the command of the last command line shown
        boolean other = false; // since then, another program's command line: its options are not ours
        boolean fence = false;
        StringBuilder continued = new StringBuilder();
        List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            String where = name + ":" + (i + 1);
            if (line.startsWith("```")) {
                fence = !fence;
                continue;
            }
            if (fence) {
                continued.append(line);
                if (line.endsWith("\\")) {
                    continued.setLength(continued.length() - 1);
                    continue;
                }
                String logical = continued.toString();
                continued.setLength(0);
                for (String command : logical.split("\\s(?:\\||&&|;)\\s")) { // each command of a shell line
                    CommandSpec c = commandLine(command.replaceFirst("^\\$ ", ""), where, problems, false);
                    if (c != null) {
                        last = c;
                        other = false;
                    }
                }
                continue;
            }
            if (line.isBlank()) {
                other = false; // another program's options end with its paragraph
                continue;
            }
            if (line.startsWith("#")) {
                CommandSpec named = null;
                for (Matcher h = SPAN.matcher(line); h.find() && named == null; ) {
                    named = commandLine(h.group(1), where, problems, true);
                }
                heading = named != null ? named : line.startsWith("# ") ? null : heading;
                last = null;
                other = false;
                continue;
            }
            Matcher m = SPAN.matcher(line);
            while (m.find()) {
                String span = m.group(1);
                String first = span.split("[ =]", -1)[0];
                CommandSpec c = commandLine(span, where, problems, true);
                if (c != null) {
                    if (span.contains(" -") || span.contains("patchverdict ")) {
                        last = c;
                        other = false;
                    }
                } else if (OPTION.matcher(first).matches() && first.startsWith("--")) {
                    if (!other && (heading != null || last != null) && !has(heading, first) && !has(last, first)) {
                        problems.add(where + ": " + (last != null ? last : heading).qualifiedName() + " has no option " + first);
                    }
                } else if (first.endsWith(".sh") || first.endsWith(".py")
                        || (OTHER_PROGRAMS.contains(first) || first.contains("/")) && span.contains(" -")) {
                    other = true; // another program's options follow (bench/run.sh --quick, git apply --recount)
                }
            }
        }
        return problems;
    }

    /**
     * The command a command line runs, its options checked; null when the text runs no patchverdict command. A
     * span may also start with a command's own name ({@code `diff check --detect`}) when it names an option.
     */
    private static CommandSpec commandLine(String text, String where, List<String> problems, boolean span) {
        Matcher job = JOB.matcher(text);
        if (job.find()) {
            return jobLine(text, job, where, problems);
        }
        String rest;
        Matcher m = RUN.matcher(text);
        if (m.find(0)) {
            rest = m.group(1);
        } else if (span && MODEL.subcommands().containsKey(text.split(" ", -1)[0])) {
            rest = text; // a command named in prose, alone (`audit`, `plan new`) or with options (`verify --bundle`)
        } else {
            return null;
        }
        String[] words = rest.strip().split("\\s+");
        CommandSpec spec = MODEL;
        int at = 0;
        while (at < words.length && spec.subcommands().containsKey(words[at])) {
            spec = spec.subcommands().get(words[at]).getCommandSpec();
            at++;
        }
        if (spec == MODEL && at < words.length && words[at].matches("[A-Z]+")) {
            return null; // a placeholder: `patchverdict COMMAND --help`
        }
        if (spec == MODEL && at < words.length && !words[at].startsWith("-")) {
            problems.add(where + ": no command 'patchverdict " + words[at] + "'");
            return null;
        }
        if (!m.find(0) && !spec.subcommands().isEmpty()) {
            return null; // a span that starts with a group's name but names none of its commands: `diff --git`
        }
        for (; at < words.length; at++) {
            String w = words[at];
            if (w.startsWith("#") || w.equals("|") || w.equals("&&") || w.equals(";") || w.startsWith(">")) {
                break; // a comment, or the next command of a shell line
            }
            String option = w.split("=", -1)[0];
            if (OPTION.matcher(option).matches() && spec.findOption(option) == null) {
                problems.add(where + ": " + spec.qualifiedName() + " has no option " + option);
            }
        }
        return spec;
    }

    /** A Spark job's main class, as spark-submit's {@code --class} or java's main class names it. */
    private static final Pattern JOB = Pattern.compile("dev\\.patchverdict\\.spark\\.(Review|Audit)\\b");
    private static final java.util.Map<String, CommandSpec> JOBS = java.util.Map.of(
            "Review", new CommandLine(new dev.patchverdict.spark.Review()).getCommandSpec(),
            "Audit", new CommandLine(new dev.patchverdict.spark.Audit()).getCommandSpec());

    /**
     * A line that runs a Spark job: its options are those after the jar (spark-submit's own come before it) or, started
     * with java, after the class; each must be one of the job's.
     */
    private static CommandSpec jobLine(String text, Matcher job, String where, List<String> problems) {
        CommandSpec spec = JOBS.get(job.group(1));
        String after = text.substring(job.end());
        int jar = after.indexOf("patchverdict.jar");
        String rest = jar >= 0 ? after.substring(jar + "patchverdict.jar".length()) : after;
        for (String w : rest.strip().split("\\s+")) {
            if (w.startsWith("#") || w.equals("|") || w.equals("&&") || w.equals(";") || w.startsWith(">")) {
                break;
            }
            String option = w.split("=", -1)[0];
            if (OPTION.matcher(option).matches() && spec.findOption(option) == null) {
                problems.add(where + ": " + spec.name() + " has no option " + option);
            }
        }
        return spec;
    }

    private static boolean has(CommandSpec spec, String option) {
        return spec != null && spec.findOption(option) != null;
    }

    static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> s = Files.list(ROOT.resolve("docs"))) {
            s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    @Test
    void everyOptionTheManualNamesIsInTheCommandModel() throws IOException {
        List<String> problems = new ArrayList<>();
        for (Path page : pages()) {
            problems.addAll(problems(page));
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void aRenamedOptionOrAnUnknownCommandIsFound(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Path page = dir.resolve("page.md");
        Files.writeString(page, String.join("\n",
                "# A page",
                "",
                "```sh",
                "./patchverdict verify --work-unit wu.json \\",
                "    --evaluator-plan-file plan.json --output r.json   # --not-checked in a comment",
                "patchverdict diff check -q x.patch | patchverdict difff check x.patch",
                "```",
                "",
                "Then `--format sarif`, `--formats json`, and `review --detect --jobs-count 2` and `git apply --recount`.",
                "",
                "```sh",
                "spark-submit --master 'local[2]' --class dev.patchverdict.spark.Review target/patchverdict.jar \\",
                "    --output out --detect --jobs 2 preds.jsonl",
                "```",
                ""), StandardCharsets.UTF_8);
        List<String> found = problems(page).stream().map(p -> p.substring(p.indexOf(':', p.indexOf(':') + 1) + 2)).toList();
        assertEquals(List.of("patchverdict verify has no option --evaluator-plan-file",
                "patchverdict diff check has no option -q",
                "no command 'patchverdict difff'",
                "patchverdict diff check has no option --formats",
                "patchverdict review has no option --jobs-count",
                "dev.patchverdict.spark.Review has no option --jobs"), found);
    }

    @Test
    void theManualCoversEveryCommand() throws IOException {
        StringBuilder all = new StringBuilder();
        for (Path page : pages()) {
            all.append(Files.readString(page, StandardCharsets.UTF_8));
        }
        for (CommandLine c : MODEL.subcommands().values()) {
            assertTrue(all.indexOf("patchverdict " + c.getCommandName()) >= 0, c.getCommandName() + " is in the manual");
        }
    }
}
