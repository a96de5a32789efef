// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.spark;

import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The options both jobs share: where the rows go, in which formats, and the master when spark-submit sets none. */
final class JobOutput {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--output", required = true, paramLabel = "DIR", description = "The folder the rows and the summary go to.")
    String output;

    @Option(names = "--format", split = ",", paramLabel = "jsonl|parquet",
            description = "Which row files to write (default: both).")
    List<String> formats = List.of("jsonl", "parquet");

    @Option(names = "--force", description = "Replace an existing output folder (never one that holds an input).")
    boolean force;

    @Option(names = "--master", paramLabel = "URL",
            description = "The master when started without spark-submit (default: spark.master, else local[*]).")
    String master;

    /** What to write, or a usage error for a format neither job writes. */
    ReviewJob.Output output() {
        for (String f : formats) {
            if (!f.equals(ReviewJob.JSONL) && !f.equals(ReviewJob.PARQUET)) {
                throw new ParameterException(spec.commandLine(), "--format: jsonl or parquet, not " + f);
            }
        }
        return new ReviewJob.Output(output, formats.contains(ReviewJob.JSONL), formats.contains(ReviewJob.PARQUET), force);
    }
}
