// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The release's man pages (roff, one per command: patchverdict.1, patchverdict-review.1, ...) and its bash/zsh
 * completion script (picocli's AutoComplete), written at build time from the command model itself into
 * {@code target/man} and {@code target/completion}, where the release archive takes them from. Build tool only
 * (test classpath); see pom.xml.
 */
public final class ReleaseManual {
    private ReleaseManual() {}

    /** {@code ReleaseManual MAN_DIR COMPLETION_DIR}. */
    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: ReleaseManual MAN_DIR COMPLETION_DIR");
        }
        CommandLine model = model();
        Path man = Files.createDirectories(Path.of(args[0]));
        for (CommandSpec c : commands(model.getCommandSpec())) {
            Files.writeString(man.resolve(c.qualifiedName("-") + ".1"), page(c), StandardCharsets.UTF_8);
        }
        Path completion = Files.createDirectories(Path.of(args[1]));
        Files.writeString(completion.resolve("patchverdict.bash"), AutoComplete.bash("patchverdict", model),
                StandardCharsets.UTF_8);
    }

    /** Every command, each subcommand built, printing nowhere. */
    static CommandLine model() {
        PrintStream none = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        CommandLine cl = new CommandLine(new RootCommand(new CliContext(new ByteArrayInputStream(new byte[0]), none, none,
                Clock.systemUTC(), Map.of(), Path.of(""), false)));
        for (RootCommand.Subcommand s : RootCommand.TABLE) {
            cl.addSubcommand(s.name(), s.type().get());
        }
        return cl;
    }

    static List<CommandSpec> commands(CommandSpec root) {
        List<CommandSpec> out = new ArrayList<>();
        out.add(root);
        for (CommandLine sub : root.subcommands().values()) {
            out.addAll(commands(sub.getCommandSpec()));
        }
        return out;
    }

    /** One command's page. */
    static String page(CommandSpec c) {
        String name = c.qualifiedName(" ");
        StringBuilder r = new StringBuilder();
        r.append(".TH \"").append(text(c.qualifiedName("-").toUpperCase(java.util.Locale.ROOT))).append("\" 1 \"\" \"patchverdict ")
                .append(text(Version.get())).append("\" \"patchverdict Manual\"\n");
        r.append(".SH NAME\n").append(text(c.qualifiedName("-"))).append(" \\- ")
                .append(text(first(c.usageMessage().description()))).append('\n');
        String synopsis = new CommandLine.Help(c, CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF)).synopsis(0)
                .strip().replaceAll("\\s+", " ");
        if (synopsis.startsWith(name)) {
            synopsis = synopsis.substring(name.length()).strip();
        }
        r.append(".SH SYNOPSIS\n\\fB").append(text(name)).append("\\fR ").append(text(synopsis)).append('\n');
        r.append(".SH DESCRIPTION\n").append(text(String.join(" ", c.usageMessage().description()))).append('\n');
        if (!c.subcommands().isEmpty()) {
            r.append(".SH COMMANDS\n");
            c.subcommands().forEach((n, sub) -> r.append(".TP\n.B ").append(text(n)).append('\n')
                    .append(text(first(sub.getCommandSpec().usageMessage().description()))).append('\n'));
        }
        if (!c.options().isEmpty()) {
            r.append(".SH OPTIONS\n");
            for (OptionSpec o : c.options()) {
                if (o.hidden()) {
                    continue;
                }
                r.append(".TP\n\\fB").append(text(String.join(", ", o.names()))).append("\\fR");
                if (o.arity().max() > 0 && !o.paramLabel().isEmpty()) {
                    r.append(" \\fI").append(text(o.paramLabel())).append("\\fR");
                }
                r.append('\n').append(text(String.join(" ", o.description()).replace("${COMPLETION-CANDIDATES}",
                        o.completionCandidates() == null ? "" : String.join(", ", o.completionCandidates()))
                        .replace("${DEFAULT-VALUE}", String.valueOf(o.defaultValueString())))).append('\n');
            }
        }
        if (c.usageMessage().footer().length > 0) {
            r.append(".SH EXIT STATUS\n").append(text(String.join(" ", c.usageMessage().footer()).strip())).append('\n');
        } else {
            r.append(".SH EXIT STATUS\n0 passed/PROVEN, 1 failed/REFUTED, 2 could not decide, 64 usage error.\n");
        }
        r.append(".SH SEE ALSO\n").append(c.parent() == null ? "" : "patchverdict(1), ").append("README.md\n");
        return r.toString();
    }

    private static String first(String[] lines) {
        return lines.length == 0 ? "" : lines[0];
    }

    /** Text as roff reads it literally: backslashes escaped, no line starting as a request. */
    static String text(String s) {
        StringBuilder out = new StringBuilder();
        for (String line : s.replace("\\", "\\e").replace("-", "\\-").split("\n", -1)) {
            if (line.startsWith(".") || line.startsWith("'")) {
                out.append("\\&");
            }
            out.append(line).append('\n');
        }
        return out.substring(0, out.length() - 1);
    }
}
