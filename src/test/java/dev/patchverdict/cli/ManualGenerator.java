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
        int rc = ManPageGenerator.generateManPage(dir.toFile(), null, new boolean[0], true, model().getCommandSpec());
        if (rc != 0) {
            throw new IOException("man page sources could not be written to " + dir + " (picocli exit " + rc + ")");
        }
    }

    static void writeCompletionScript(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(COMPLETION_SCRIPT), AutoComplete.bash("patchverdict", model()),
                StandardCharsets.UTF_8);
    }
}
