// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.spark;

import dev.patchverdict.cli.ExitCode;
import dev.patchverdict.cli.ReviewOptions;
import dev.patchverdict.report.ReviewEntry;
import dev.patchverdict.report.ReviewSummary;
import java.io.PrintStream;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code spark-submit --class dev.patchverdict.spark.Review patchverdict.jar [OPTIONS] --output DIR INPUT...}:
 * {@code review} as a Spark job, with review's options. Exit codes as review's: 0 every patch passed, 1 one did
 * not, 2 a prediction or input could not be read (or the output could not be written), 64 usage.
 */
@Command(name = "dev.patchverdict.spark.Review", mixinStandardHelpOptions = true, sortOptions = true,
        description = {
            "Review predictions at scale: JSON Lines, JSON (array, keyed by instance id, or one prediction; also",
            "compressed) and Parquet files, or folders of them, from any file system Spark reads. Writes DIR/jsonl and",
            "DIR/parquet, one row per prediction as review --format jsonl prints it, partitioned by model, then",
            "DIR/summary.json, review's summary; prints the summary."
        })
public final class Review implements Jobs.Job {
    @Spec
    CommandSpec spec;

    @Mixin
    JobOutput out = new JobOutput();

    @Mixin
    ReviewOptions options = new ReviewOptions();

    @Option(names = "--partitions", paramLabel = "N",
            description = "Tasks that review (default: twice the default parallelism when the inputs have fewer files).")
    int partitions;

    @Parameters(arity = "1..*", paramLabel = "INPUT")
    List<String> inputs;

    public static void main(String[] args) {
        Jobs.exit("patchverdict review job", new Review(), args);
    }

    @Override
    public JobOutput outputOptions() {
        return out;
    }

    @Override
    public int run(SparkSession spark, PrintStream stdout) {
        options.check(spec);
        if (partitions < 0) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--partitions must be at least 0");
        }
        ReviewSummary s = ReviewJob.run(spark, options, inputs, out.output(), partitions);
        stdout.print(s.markdown());
        stdout.flush();
        if (s.count(ReviewEntry.Status.INVALID) + s.count(ReviewEntry.Status.UNREADABLE) > 0) {
            return ExitCode.UNDECIDED;
        }
        return s.passed() == s.total() ? ExitCode.PASSED : ExitCode.FAILED;
    }
}
