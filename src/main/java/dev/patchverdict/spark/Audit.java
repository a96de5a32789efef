// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.spark;

import dev.patchverdict.audit.Verdict;
import dev.patchverdict.cli.ExitCode;
import dev.patchverdict.report.AuditRenderers;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code spark-submit --class dev.patchverdict.spark.Audit patchverdict.jar [OPTIONS] --output DIR FOLDER...}:
 * {@code audit} as a Spark job. Exit codes as audit's: 0 every result REPRODUCED, 1 one TAMPERED or DIVERGED,
 * 2 the rest could not be decided, 64 usage.
 */
@Command(name = "dev.patchverdict.spark.Audit", mixinStandardHelpOptions = true, sortOptions = true,
        description = {
            "Audit recorded VerificationResults at scale: every bundle (what verify --bundle writes, or a folder with",
            "a bundle.json) below the folders, on any file system Spark reads. Writes DIR/jsonl and DIR/parquet, one",
            "row per bundle as audit --format jsonl prints it, then DIR/summary.json, the counts by verdict."
        })
public final class Audit implements Jobs.Job {
    @Spec
    CommandSpec spec;

    @picocli.CommandLine.Mixin
    JobOutput out = new JobOutput();

    @Option(names = "--key", paramLabel = "FILE", description = "Public key (PEM) to check each bundle's envelope with.")
    String key;

    @Option(names = "--require-signature", description = "An unsigned or badly signed bundle is TAMPERED (needs --key).")
    boolean requireSignature;

    @Option(names = "--root", paramLabel = "DIR", description = "Let bundles name files anywhere below DIR (a bundle.json"
            + " pointing at plans kept beside the results), on the folders' file system; by default a bundle is read only"
            + " inside its own folder.")
    String root;

    @Parameters(arity = "1..*", paramLabel = "FOLDER")
    List<String> folders;

    public static void main(String[] args) {
        Jobs.exit("patchverdict audit job", new Audit(), args);
    }

    @Override
    public JobOutput outputOptions() {
        return out;
    }

    @Override
    public int run(SparkSession spark, PrintStream stdout) {
        if (requireSignature && key == null) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--require-signature needs --key");
        }
        Map<Verdict, Long> counts = AuditJob.run(spark, folders, key, requireSignature, root, out.output());
        Map<String, Integer> named = new LinkedHashMap<>();
        counts.forEach((v, n) -> named.put(v.name(), Math.toIntExact(n)));
        stdout.print(AuditRenderers.summary(named));
        stdout.flush();
        long total = counts.values().stream().mapToLong(Long::longValue).sum();
        if (counts.get(Verdict.REPRODUCED) == total) {
            return ExitCode.PASSED;
        }
        return counts.get(Verdict.DIVERGED) + counts.get(Verdict.TAMPERED) > 0 ? ExitCode.FAILED : ExitCode.UNDECIDED;
    }
}
