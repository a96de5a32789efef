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
import java.util.stream.Stream;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.codegen.docgen.manpage.ManPageGenerator;

/**
 * Writes, from the command model itself, the man pages' AsciiDoc sources (picocli's ManPageGenerator: one page per
 * command, patchverdict.adoc, patchverdict-verify.adoc, patchverdict-diff-check.adoc, ...) and the bash/zsh
 * completion script (picocli's AutoComplete). The build runs it before packaging (see pom.xml): the AsciiDoc goes
 * to target/generated-docs/man, which asciidoctor turns into roff in target/man; the script goes to
 * target/completion/patchverdict.bash. Both follow every option as it is declared, so neither can go stale.
 */
public final class ManualGenerator {
    private ManualGenerator() {}

    /** The completion script's file name under the completion folder. */
    static final String COMPLETION_SCRIPT = "patchverdict.bash";

    /** {@code ManualGenerator ADOC_DIR COMPLETION_DIR}. */
    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: ManualGenerator ADOC_DIR COMPLETION_DIR");
        }
        writeManPageSources(Path.of(args[0]));
        writeCompletionScript(Path.of(args[1]));
    }

    /** The whole command model, every subcommand built, printing nowhere. */
    static CommandLine model() {
        PrintStream none = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        return RootCommand.commandLine(new CliContext(new ByteArrayInputStream(new byte[0]), none, none,
                Clock.systemUTC(), Map.of(), Path.of(""), false));
    }

    /** The root and every command below it, depth first, in declared order. */
    static List<CommandSpec> commands(CommandSpec root) {
        List<CommandSpec> out = new ArrayList<>();
        out.add(root);
        for (CommandLine sub : root.subcommands().values()) {
            out.addAll(commands(sub.getCommandSpec()));
        }
        return out;
    }

    static void writeManPageSources(Path dir) throws IOException {
        Files.createDirectories(dir);
        CommandSpec root = model().getCommandSpec();
        for (CommandSpec c : commands(root)) {
            c.version(root.version()); // each page's footer names the release, not only the root's
        }
        int rc = ManPageGenerator.generateManPage(dir.toFile(), null, new boolean[0], true, root);
        if (rc != 0) {
            throw new IOException("man page sources could not be written to " + dir + " (picocli exit " + rc + ")");
        }
        try (Stream<Path> pages = Files.list(dir)) {
            for (Path page : pages.filter(f -> f.toString().endsWith(".adoc")).toList()) {
                Files.writeString(page, literal(Files.readString(page, StandardCharsets.UTF_8)), StandardCharsets.UTF_8);
            }
        }
    }

    /** Attributes that stand for a character AsciiDoc would read as markup and has no built-in name for. */
    private static final String ATTRIBUTES = ":pv-underscore: _\n:pv-hash: #\n:pv-lbrace: {\n";

    /**
     * The generated AsciiDoc with the commands' own text kept as text. picocli writes that text as it is, so AsciiDoc
     * would read {@code *.patch/*.diff} as bold, {@code _x_} as italics and {@code POLICY[,POLICY...]_} as an
     * attribute list, and drop the characters. Description, name and footer text is written with every such
     * character as an attribute reference (substituted after the markup is read); synopsis and option terms keep
     * picocli's markup (bold names, italic labels), and a closing bracket right before a mark is written that way.
     */
    static String literal(String adoc) {
        StringBuilder out = new StringBuilder();
        String section = "";
        boolean text = false; // the line after a lone '+' continues a description
        for (String line : adoc.split("\n", -1)) {
            String done;
            if (line.startsWith("//") || line.startsWith(":") || line.startsWith("= ") || line.equals("[%hardbreaks]")
                    || line.isEmpty() || line.equals("+")) {
                done = line;
            } else if (line.startsWith("== ")) {
                section = line.substring(3).strip().replaceAll(":$", ""); // picocli keeps --help's colon: "See also:"
                done = "== " + section;
            } else if (text || line.startsWith("  ") && !section.equals("Synopsis") || section.equals("Description")
                    || section.equals("Name") || section.equals("See also")) {
                done = escapeAll(line);
            } else if (line.startsWith("xref:")) {
                done = line;
            } else {
                // A synopsis line or an option's term: a bracket right before a mark would be read as the mark's
                // attribute list (POLICY[,POLICY...]_ ate the rest of the synopsis).
                done = line.replaceAll("\\](?=[_*#`])", "{endsb}");
            }
            text = line.equals("+");
            out.append(done).append('\n');
        }
        out.setLength(out.length() - 1);
        return out.toString().replaceFirst("(?m)^:doctype: manpage$", ":doctype: manpage\n" + ATTRIBUTES.strip());
    }

    private static String escapeAll(String line) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            char next = i + 1 < line.length() ? line.charAt(i + 1) : ' ';
            // A backslash keeps Asciidoctor from making arrows of <=, =>, <- and -> ("<=" lost as ⇐).
            if ((c == '<' && (next == '=' || next == '-')) || ((c == '=' || c == '-') && next == '>')) {
                sb.append('\\');
            }
            switch (c) {
                case '*' -> sb.append("{asterisk}");
                case '_' -> sb.append("{pv-underscore}");
                case '#' -> sb.append("{pv-hash}");
                case '`' -> sb.append("{backtick}");
                case '^' -> sb.append("{caret}");
                case '~' -> sb.append("{tilde}");
                case '+' -> sb.append("{plus}");
                case '[' -> sb.append("{startsb}");
                case ']' -> sb.append("{endsb}");
                case '{' -> sb.append("{pv-lbrace}");
                case '\\' -> sb.append("{backslash}");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    static void writeCompletionScript(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(COMPLETION_SCRIPT), AutoComplete.bash("patchverdict", model()),
                StandardCharsets.UTF_8);
    }
}
