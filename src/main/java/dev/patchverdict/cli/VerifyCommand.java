// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.report.IoMessages;
import dev.patchverdict.report.SarifReport;
import dev.patchverdict.report.TextReport;
import dev.patchverdict.report.VerificationReport;
import dev.patchverdict.verify.Bundle;
import dev.patchverdict.verify.Locations;
import dev.patchverdict.verify.Verification;
import dev.patchverdict.verify.VerificationException;
import dev.patchverdict.verify.Verifier;
import dev.patchverdict.verify.VerifyRequest;
import dev.patchverdict.verify.upstream.PyJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "verify",
        header = "Decide one patch against its task's plan, without running it.",
        mixinStandardHelpOptions = true,
        description = {
            "Verify a worker's candidate against an EvaluatorPlan (v0.1-v0.5) without running it, and write",
            "the VerificationResult. v0.1-v0.4 decide exactly as the record family's verifier did; v0.5 is",
            "patchverdict's strict transition. Exit 0 passed, 1 failed, 2 could not decide."
        })
final class VerifyCommand implements Callable<Integer> {
    enum Format { text, json, sarif }

    @Spec
    CommandSpec spec;

    @Option(names = "--work-unit", required = true, paramLabel = "FILE", description = "The task's WorkUnit.")
    String workUnit;

    @Option(names = "--result-manifest", required = true, paramLabel = "FILE", description = "The worker's ResultManifest.")
    String resultManifest;

    @Option(names = "--candidate-root", required = true, paramLabel = "DIR", description = "Folder holding the patch and logs the manifest names.")
    String candidateRoot;

    @Option(names = "--evaluator-plan", required = true, paramLabel = "FILE", description = "The EvaluatorPlan (outside the candidate root).")
    String evaluatorPlan;

    @Option(names = "--output", paramLabel = "FILE", description = "Write the VerificationResult here (atomically); default: standard output.")
    String output;

    @Option(names = "--bundle", paramLabel = "DIR", description = "Also write an audit bundle: the result, the three records and the candidate's files.")
    String bundle;

    @Option(names = "--held-out", paramLabel = "COHORT_DIR:TASK",
            description = "Cite this run as held-out evidence for a task of a frozen cohort: only under one of the task's frozen plans;"
                    + " an open, burned or changed cohort, or a solved or foreign task, fails the run, naming the rule.")
    String heldOut;

    @Option(names = "--format", paramLabel = "FORMAT", description = "What to print: ${COMPLETION-CANDIDATES} (default: json).")
    Format format = Format.json;

    @Option(names = "--attest", description = "Also sign the result (needs --key): an in-toto envelope beside --output (R.intoto.jsonl) and in the bundle.")
    boolean attest;

    @Option(names = "--key", paramLabel = "FILE", description = "With --attest: the private key, PEM PKCS#8 (see attest keygen).")
    String key;

    @Option(names = "--force", description = "Replace an existing output file (never one of the inputs); its file mode is kept.")
    boolean force;

    @Override
    public Integer call() {
        return run(RootCommand.contextOf(spec));
    }

    /** The command itself, also called by {@link FastDispatch}. */
    Integer run(CliContext ctx) {
        List<Path> targets = new ArrayList<>();
        Path out = output == null ? null : ctx.resolve(output);
        Path bundleDir = bundle == null ? null : ctx.resolve(bundle);
        if (out != null) {
            targets.add(out);
        }
        if (bundleDir != null) {
            targets.add(bundleDir);
        }
        if (attest && key == null) {
            throw CliException.usage("--attest needs --key");
        }
        if (attest && out == null && bundleDir == null) {
            throw CliException.usage("--attest needs --output or --bundle: the envelope is written beside the result");
        }
        if (!attest && key != null) {
            throw CliException.usage("--key signs only with --attest");
        }
        dev.patchverdict.attest.SigningKey signingKey = attest ? AttestSupport.signingKey(ctx, key) : null;
        Path envelopeOut = attest && out != null ? AttestSupport.envelopeBeside(out) : null;
        if (envelopeOut != null) {
            targets.add(envelopeOut);
            CommandFiles.checkOutput(envelopeOut.toString(), envelopeOut, java.util.Map.of("--work-unit",
                    ctx.resolve(workUnit), "--result-manifest", ctx.resolve(resultManifest), "--evaluator-plan",
                    ctx.resolve(evaluatorPlan), "--key", ctx.resolve(key)), force);
        }
        if (out != null) {
            CommandFiles.checkOutput(output, out, java.util.Map.of("--work-unit", ctx.resolve(workUnit),
                    "--result-manifest", ctx.resolve(resultManifest), "--evaluator-plan", ctx.resolve(evaluatorPlan)), force);
        }
        VerifyRequest request = new VerifyRequest(ctx.resolve(workUnit), ctx.resolve(resultManifest), ctx.resolve(candidateRoot),
                ctx.resolve(evaluatorPlan), targets);
        int colon = heldOut == null ? -1 : heldOut.lastIndexOf(':');
        if (heldOut != null && (colon <= 0 || colon == heldOut.length() - 1)) {
            throw CliException.usage("--held-out takes COHORT_DIR:TASK, not " + heldOut);
        }
        Verification v;
        try {
            v = new Verifier(Environments.of(ctx)).verify(request);
        } catch (VerificationException e) {
            throw new CliException(ExitCode.UNDECIDED, e.getMessage());
        } catch (IOException e) {
            throw CliException.undecided("verify", IoMessages.describe(e));
        }
        if (heldOut != null) {
            // judged on the digests the result records: the records this verdict was reached on, read once
            try {
                java.util.Optional<dev.patchverdict.cohort.HeldOutRefusal> refusal = dev.patchverdict.cohort.Cohorts.heldOut(
                        ctx.resolve(heldOut.substring(0, colon)), heldOut.substring(colon + 1),
                        v.result().path("provenance").path("work_unit_digest").asText(), planExtension(v, "digest"));
                if (refusal.isPresent()) {
                    ctx.err().println("patchverdict: " + refusal.get());
                    return ExitCode.FAILED;
                }
            } catch (dev.patchverdict.cohort.CohortException e) {
                throw new CliException(ExitCode.UNDECIDED, e.getMessage());
            }
        }
        byte[] document = (PyJson.dumpsIndented(v.result()) + "\n").getBytes(StandardCharsets.UTF_8);
        byte[] envelope = null;
        if (signingKey != null) {
            // sign what the file holds, read back, so the embedded result equals the written one exactly
            envelope = AttestSupport.attest(ctx, AttestSupport.parse(document), signingKey, java.util.Optional.empty(), "verify").jsonLine();
        }
        if (out != null) {
            CommandFiles.write(output, out, document);
        }
        if (envelopeOut != null) {
            CommandFiles.write(envelopeOut.toString(), envelopeOut, envelope); // named as its output check names it
        }
        if (bundleDir != null) {
            try {
                Bundle.write(bundleDir, request, v, document, java.util.Optional.ofNullable(envelope));
            } catch (IOException e) {
                throw CliException.undecided(bundle, IoMessages.describe(e));
            }
        }
        String uri = v.result().path("evidence").path(0).path("locator").asText();
        for (JsonNode e : v.result().path("evidence")) {
            if (e.path("type").asText().equals("artifact_hash")) {
                uri = e.path("locator").asText();
            }
        }
        VerificationReport report = Locations.report(v, uri);
        switch (format) {
            case text -> ctx.out().print(TextReport.render(report));
            case sarif -> ctx.out().print(PyJson.dumpsIndented(SarifReport.render(report, Version.get())) + "\n");
            default -> {
                if (out == null) {
                    ctx.out().write(document, 0, document.length);
                } else {
                    ctx.out().println(v.status() + ": wrote " + out + "; recommendation="
                            + v.result().path("decision_support").path("recommendation").asText() + " evaluator_plan="
                            + planExtension(v, "id") + " backend=" + v.backend());
                }
            }
        }
        ctx.out().flush();
        return v.passed() ? ExitCode.PASSED : ExitCode.FAILED;
    }

    /** A field the verifier records about the plan: under the record family's prefix for v0.1-v0.4, under ours for v0.5. */
    private static String planExtension(Verification v, String field) {
        String prefix = v.planVersion().equals("0.5") ? "org.patchverdict.evaluator_plan." : "org.idkmesh.evaluator_plan.";
        return v.result().path("extensions").path(prefix + field).asText();
    }
}
