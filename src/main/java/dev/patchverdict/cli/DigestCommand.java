// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import dev.patchverdict.digest.Digest;
import dev.patchverdict.digest.Digests;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.StrictJson;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "digest",
        header = "Print a JSON document's canonical digest, or a file's SHA-256.",
        mixinStandardHelpOptions = true,
        description = {
            "Print the digest of each file: the canonical JSON digest of a JSON document,",
            "or with --raw the SHA-256 of its bytes. '-' reads standard input; pipes and FIFOs are read to their end."
        })
final class DigestCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--raw", description = "Digest the raw bytes instead of the canonical JSON form.")
    boolean raw;

    @Parameters(arity = "1..*", paramLabel = "FILE")
    List<String> files;

    @Override
    public Integer call() {
        return run(RootCommand.contextOf(spec));
    }

    /** The command itself, also called by {@link FastDispatch}. */
    Integer run(CliContext ctx) {
        StrictJson json = StrictJson.withDefaults();
        int rc = ExitCode.PASSED;
        for (String name : files) {
            try {
                Digest d;
                Path file = CommandFiles.input(ctx, name);
                if (file == null) {
                    d = raw ? Digests.stream(ctx.in()) : Digests.canonical(json.read(ctx.in()));
                } else {
                    d = raw ? Digests.file(file) : Digests.canonical(json.read(file));
                }
                ctx.out().println(d + "  " + name);
            } catch (JsonInputException e) {
                ctx.err().println("patchverdict: " + name + ": not a JSON document (" + e.getMessage()
                        + "); use --raw for a byte digest");
                rc = ExitCode.UNDECIDED;
            } catch (IOException e) {
                CommandFiles.printUnreadable(ctx, name, e);
                rc = ExitCode.UNDECIDED;
            }
        }
        return rc;
    }
}
