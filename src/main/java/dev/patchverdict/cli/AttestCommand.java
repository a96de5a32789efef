// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.attest.Envelope;
import dev.patchverdict.attest.SigningKey;
import dev.patchverdict.attest.Statements;
import dev.patchverdict.digest.Digests;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "attest",
        header = "Sign results as in-toto attestations, and check signed ones.",
        mixinStandardHelpOptions = true,
        subcommands = {AttestKeygenCommand.class, AttestVerifyCommand.class},
        description = {
            "Sign a VerificationResult as an in-toto Statement v1 in a DSSE envelope (one line of .intoto.jsonl).",
            "Its subjects are the candidate patch and the work unit; its predicate carries the whole result.",
            "With --patch or --work-unit, refuses (exit 1) to sign a result that records other digests.",
            "Exit 0 signed, 1 a given file is not the one the result records, 2 unreadable input."
        })
final class AttestCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--result", paramLabel = "FILE", description = "The VerificationResult to sign.")
    String result;

    @Option(names = "--key", paramLabel = "FILE", description = "Private key, PEM PKCS#8 (Ed25519 or ECDSA P-256; see attest keygen).")
    String key;

    @Option(names = "--patch", paramLabel = "FILE", description = "The candidate patch: must be the bytes the result records.")
    String patch;

    @Option(names = "--work-unit", paramLabel = "FILE", description = "The WorkUnit: must be the one the result records.")
    String workUnit;

    @Option(names = "--resource-uri", paramLabel = "URI", description = "What the patch belongs to (a pull request, say); default: its locator.")
    String resourceUri;

    @Option(names = "--output", paramLabel = "FILE", description = "Write the envelope here (atomically); default: standard output.")
    String output;

    @Option(names = "--force", description = "Replace an existing output file (never one of the inputs).")
    boolean force;

    @Override
    public Integer call() {
        CliContext ctx = RootCommand.contextOf(spec);
        if (result == null || key == null) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                    "attest needs --result and --key (or a subcommand: keygen, verify)");
        }
        Path out = output == null ? null : ctx.resolve(output);
        if (out != null) {
            Map<String, Path> inputs = new LinkedHashMap<>();
            inputs.put("--result", ctx.resolve(result));
            inputs.put("--key", ctx.resolve(key));
            CommandFiles.checkOutput(output, out, inputs, force);
        }
        JsonNode r = AttestSupport.json(ctx, result);
        SigningKey k = AttestSupport.signingKey(ctx, key);
        Statements.Bound bound;
        try {
            bound = Statements.Bound.of(r);
        } catch (dev.patchverdict.attest.EnvelopeFormatException e) {
            throw CliException.undecided(result, e.getMessage());
        }
        if (patch != null) {
            String actual = Digests.bytes(CommandFiles.read(ctx, patch)).toString();
            if (!actual.equals(bound.patch().toString())) {
                ctx.err().println("patchverdict: " + patch + ": is " + actual + ", but the result records " + bound.patch()
                        + " for " + bound.patchLocator() + "; not signed");
                return ExitCode.FAILED;
            }
        }
        if (workUnit != null) {
            String actual = Digests.canonical(AttestSupport.json(ctx, workUnit)).toString();
            if (!actual.equals(bound.workUnit().toString())) {
                ctx.err().println("patchverdict: " + workUnit + ": is " + actual + ", but the result records " + bound.workUnit()
                        + "; not signed");
                return ExitCode.FAILED;
            }
        }
        Envelope e = AttestSupport.attest(ctx, r, k, Optional.ofNullable(resourceUri), result);
        byte[] line = e.jsonLine();
        if (out == null) {
            ctx.out().write(line, 0, line.length);
        } else {
            CommandFiles.write(output, out, line);
            ctx.out().println("signed " + result + " with " + k.algorithm().wire() + " key " + k.publicKey().keyId() + ": wrote " + out);
        }
        ctx.out().flush();
        return ExitCode.PASSED;
    }
}
