// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.spark;

import dev.patchverdict.cli.ExitCode;
import dev.patchverdict.cli.ReviewOptions;
import dev.patchverdict.report.ReviewEntry;
import dev.patchverdict.report.ReviewSummary;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
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
    ReviewOptions options = new ReviewOptions();

    @Option(names = "--output", required = true, paramLabel = "DIR", description = "The folder the rows and the summary go to.")
    String output;

    @Option(names = "--format", split = ",", paramLabel = "jsonl|parquet",
            description = "Which row files to write (default: both).")
    List<String> formats = List.of("jsonl", "parquet");

    @Option(names = "--force", description = "Replace an existing output folder (never one that holds an input).")
    boolean force;

    @Option(names = "--partitions", paramLabel = "N",
            description = "Tasks that review (default: twice the default parallelism when the inputs have fewer files).")
    int partitions;

    @Option(names = "--master", paramLabel = "URL",
            description = "The master when started without spark-submit (default: spark.master, else local[*]).")
    String master;

    @Parameters(arity = "1..*", paramLabel = "INPUT")
    List<String> inputs;

    public static void main(String[] args) {
        System.exit(Jobs.main("patchverdict review job", new Review(), args,
                new PrintStream(System.out, true, StandardCharsets.UTF_8), new PrintStream(System.err, true, StandardCharsets.UTF_8)));
    }

    @Override
    public String master() {
        return master;
    }

    @Override
    public int run(SparkSession spark, PrintStream out) {
        options.check(spec);
        if (partitions < 0) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--partitions must be at least 0");
        }
        for (String f : formats) {
            if (!f.equals("jsonl") && !f.equals("parquet")) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--format: jsonl or parquet, not " + f);
            }
        }
        ReviewSummary s = ReviewJob.run(spark, options, inputs,
                new ReviewJob.Output(output, formats.contains("jsonl"), formats.contains("parquet"), force), partitions);
        out.print(s.markdown());
        out.flush();
        if (s.count(ReviewEntry.Status.INVALID) + s.count(ReviewEntry.Status.UNREADABLE) > 0) {
            return ExitCode.UNDECIDED;
        }
        return s.passed() == s.total() ? ExitCode.PASSED : ExitCode.FAILED;
    }
}
