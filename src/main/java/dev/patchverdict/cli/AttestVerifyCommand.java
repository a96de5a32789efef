// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.attest.CheckOutcome;
import dev.patchverdict.attest.Envelope;
import dev.patchverdict.attest.EnvelopeFormatException;
import dev.patchverdict.attest.EnvelopeVerifier;
import dev.patchverdict.attest.Envelopes;
import dev.patchverdict.attest.VerifyingKey;
import dev.patchverdict.digest.Digest;
import dev.patchverdict.report.AttestRenderers;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "verify",
        header = "Check signed results against a public key.",
        mixinStandardHelpOptions = true,
        description = {
            "Check signed VerificationResults (.intoto.jsonl, one DSSE envelope a line) against a public key: the",
            "signature over the pre-authentication encoding, the key id, the statement and predicate types, the",
            "subjects against the given patch and work unit, and the embedded result against the given one.",
            "With --expect-status passed, a valid signature over a result of any other status is a failed check too.",
            "Exit 0 only when every check of every envelope holds, 1 naming each failed check, 2 unreadable input."
        })
final class AttestVerifyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--envelope", required = true, paramLabel = "FILE", description = "The .intoto.jsonl file.")
    String envelope;

    @Option(names = "--key", required = true, paramLabel = "FILE", description = "Public key, PEM SubjectPublicKeyInfo.")
    String key;

    @Option(names = "--result", paramLabel = "FILE", description = "The VerificationResult the envelope should carry.")
    String result;

    @Option(names = "--patch", paramLabel = "FILE", description = "The candidate patch the envelope should name.")
    String patch;

    @Option(names = "--work-unit", paramLabel = "FILE", description = "The WorkUnit the envelope should name.")
    String workUnit;

    /** The statuses a VerificationResult can record. */
    private static final Set<String> STATUSES = Set.of("passed", "failed", "inconclusive", "error", "timeout", "cancelled");

    @Option(names = "--expect-status", paramLabel = "STATUS", description = "Also require the signed result's status to be"
            + " this one (passed for a gate): a valid signature over any other status exits 1.")
    String expectStatus;

    @Override
    public Integer call() {
        CliContext ctx = RootCommand.contextOf(spec);
        if (expectStatus != null && !STATUSES.contains(expectStatus)) {
            throw CliException.usage("--expect-status: '" + expectStatus + "' is no result status; one of "
                    + String.join(", ", new java.util.TreeSet<>(STATUSES)));
        }
        VerifyingKey k = AttestSupport.verifyingKey(ctx, key);
        List<Envelope> envelopes;
        try {
            envelopes = Envelopes.read(CommandFiles.read(ctx, envelope));
        } catch (EnvelopeFormatException e) {
            throw CliException.undecided(envelope, e.getMessage());
        }
        Optional<JsonNode> r = Optional.ofNullable(result).map(f -> AttestSupport.json(ctx, f));
        Optional<Digest> p = Optional.ofNullable(patch).map(f -> CommandFiles.digest(ctx, f));
        Optional<JsonNode> w = Optional.ofNullable(workUnit).map(f -> AttestSupport.json(ctx, f));
        EnvelopeVerifier.Expected expected = new EnvelopeVerifier.Expected(k, r, p, w, Optional.ofNullable(expectStatus));
        List<AttestRenderers.Row> rows = new ArrayList<>();
        Set<String> failed = new LinkedHashSet<>();
        for (int i = 0; i < envelopes.size(); i++) {
            EnvelopeVerifier.Report report = EnvelopeVerifier.verify(envelopes.get(i), expected);
            for (CheckOutcome o : report.outcomes()) {
                rows.add(new AttestRenderers.Row(i + 1, o.check().name(), o.state().name(), o.detail()));
                if (o.state() == CheckOutcome.State.FAILED) {
                    failed.add(o.check().name());
                }
            }
        }
        ctx.out().print(AttestRenderers.text(rows, List.copyOf(failed)));
        ctx.out().flush();
        if (!failed.isEmpty()) {
            ctx.err().println("patchverdict: " + envelope + ": failed " + String.join(", ", failed));
            return ExitCode.FAILED;
        }
        return ExitCode.PASSED;
    }
}
