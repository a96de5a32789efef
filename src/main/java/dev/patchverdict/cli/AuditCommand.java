// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import dev.patchverdict.audit.Audit;
import dev.patchverdict.audit.AuditOutcome;
import dev.patchverdict.audit.Auditor;
import dev.patchverdict.audit.SignaturePolicy;
import dev.patchverdict.audit.Verdict;
import dev.patchverdict.report.AuditRenderers;
import dev.patchverdict.report.IoMessages;
import dev.patchverdict.verify.Verifier;
import dev.patchverdict.verify.upstream.PyJson;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "audit",
        header = "Re-check recorded results: which still stand, which do not.",
        mixinStandardHelpOptions = true,
        description = {
            "Audit recorded VerificationResults: each PATH is a bundle (what verify --bundle writes, or a folder",
            "with a bundle.json naming its files) or a folder walked for bundles. Each result is REPRODUCED,",
            "DIVERGED, TAMPERED or UNVERIFIABLE, with reasons, one of them on its signature: SIGNATURE_VALID,",
            "SIGNATURE_INVALID, UNSIGNED, or SIGNATURE_UNCHECKED (no --key). Exit 0 only when every result is REPRODUCED."
        })
final class AuditCommand implements Callable<Integer> {
    enum Format { text, jsonl, json, html }

    @Spec
    CommandSpec spec;

    @Option(names = "--jobs", paramLabel = "N", description = "Bundles audited at once (default: the number of cores).")
    int jobs = Runtime.getRuntime().availableProcessors();

    @Option(names = "--format", paramLabel = "FORMAT", description = "${COMPLETION-CANDIDATES} (default: text).")
    Format format = Format.text;

    @Option(names = "--key", paramLabel = "FILE", description = "Public key (PEM) to check each bundle's envelope with.")
    String key;

    @Option(names = "--require-signature", description = "An unsigned or badly signed bundle is TAMPERED (needs --key).")
    boolean requireSignature;

    @Option(names = "--root", paramLabel = "DIR", description = "Let bundles name files anywhere below DIR (a bundle.json"
            + " pointing at plans kept beside the results); by default a bundle is read only inside its own folder.")
    String root;

    @Parameters(arity = "1..*", paramLabel = "PATH")
    List<String> paths;

    @picocli.CommandLine.Mixin
    ProgressOption progress = new ProgressOption();

    @Override
    public Integer call() {
        CliContext ctx = RootCommand.contextOf(spec);
        if (jobs < 1) {
            throw CliException.usage("--jobs must be at least 1");
        }
        if (requireSignature && key == null) {
            throw CliException.usage("--require-signature needs --key");
        }
        SignaturePolicy policy = new SignaturePolicy(java.util.Optional.ofNullable(key).map(k -> AttestSupport.verifyingKey(ctx, k)),
                requireSignature);
        List<Path> roots = new ArrayList<>();
        paths.forEach(p -> roots.add(ctx.resolve(p)));
        Audit.Found found;
        try {
            found = Audit.bundles(roots, ctx.workingDirectory());
        } catch (IOException e) {
            throw CliException.undecided("audit", IoMessages.describe(e));
        }
        List<Path> bundles = found.bundles();
        if (bundles.isEmpty() && found.unwalked().isEmpty()) {
            throw CliException.undecided("audit", "no bundle (a folder with verification-result.json or bundle.json) under " + paths);
        }
        List<String> all = new ArrayList<>();
        dev.patchverdict.report.AuditHtml page = new dev.patchverdict.report.AuditHtml();
        Map<Verdict, Integer> counts;
        try (ProgressOption.Line line = progress.open(ctx, "audit", "bundles", true)) {
            line.total(bundles.size() + found.unwalked().size());
            java.util.function.Consumer<dev.patchverdict.audit.AuditOutcome> sink = o -> {
                line.beforeOutput();
                switch (format) {
                    case jsonl -> {
                        ctx.out().println(PyJson.dumps(AuditRenderers.json(o.bundle(), o.verdict().name(), o.reasons(), o.advisories(), o.difference()), false));
                        ctx.out().flush();
                    }
                    case json -> all.add(PyJson.dumps(AuditRenderers.json(o.bundle(), o.verdict().name(), o.reasons(), o.advisories(), o.difference()), false));
                    case html -> page.add(o.bundle(), o.verdict().name(), o.reasons(), o.advisories());
                    default -> {
                        ctx.out().print(AuditRenderers.text(o.bundle(), o.verdict().name(), o.reasons(), o.advisories()));
                        ctx.out().flush();
                    }
                }
                line.step();
            };
            // Where the walk could not go is reported first, then every bundle it found is audited.
            found.unwalked().forEach(sink);
            counts = new java.util.EnumMap<>(Audit.run(bundles, new Auditor(new Verifier(Environments.of(ctx)), policy,
                    java.util.Optional.ofNullable(root).map(ctx::resolve)), jobs,
                    ctx.workingDirectory(), sink));
            found.unwalked().forEach(o -> counts.merge(o.verdict(), 1, Integer::sum));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw CliException.undecided("audit", "interrupted");
        }
        Map<String, Integer> named = new LinkedHashMap<>();
        for (Verdict v : Verdict.values()) {
            named.put(v.name(), counts.getOrDefault(v, 0));
        }
        if (format == Format.json) {
            ctx.out().println("[" + String.join(",\n", all) + "]");
        } else if (format == Format.text) {
            ctx.out().print(AuditRenderers.summary(named));
        } else if (format == Format.html) {
            ctx.out().print(page.render(new dev.patchverdict.report.AuditHtml.Header(Version.describe(), ctx.clock().instant(), paths, key,
                    requireSignature)));
        }
        ctx.out().flush();
        boolean allReproduced = found.unwalked().isEmpty() && counts.getOrDefault(Verdict.REPRODUCED, 0) == bundles.size();
        if (allReproduced) {
            return ExitCode.PASSED;
        }
        boolean anyBad = counts.getOrDefault(Verdict.DIVERGED, 0) + counts.getOrDefault(Verdict.TAMPERED, 0) > 0;
        return anyBad ? ExitCode.FAILED : ExitCode.UNDECIDED;
    }
}
