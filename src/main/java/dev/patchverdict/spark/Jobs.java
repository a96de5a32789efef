// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.spark;

import dev.patchverdict.cli.CliException;
import dev.patchverdict.cli.ExitCode;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.apache.spark.SparkConf;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine;

/** What both jobs' entry points share: the command line, the session, and the one exit-code table. */
final class Jobs {
    private Jobs() {}

    /** A job's command: it runs in the session it is given and returns an exit code. */
    interface Job {
        int run(SparkSession spark, PrintStream out);

        /** The output options on the job's command line. */
        JobOutput outputOptions();

        /** The master asked for on the command line, or null. */
        default String master() {
            return outputOptions().master;
        }
    }

    /** A job's {@code main}: runs it on the process's own streams and exits with its code. */
    static void exit(String name, Job job, String[] args) {
        System.exit(main(name, job, args, new PrintStream(System.out, true, StandardCharsets.UTF_8),
                new PrintStream(System.err, true, StandardCharsets.UTF_8)));
    }

    /**
     * Parses the arguments into {@code job}, runs it in the session spark-submit configured (or, started with
     * {@code java -cp}, one of {@code --master}, by default {@code local[*]}) and returns the exit code.
     */
    static int main(String name, Job job, String[] args, PrintStream out, PrintStream err) {
        return run(name, job, args, out, err, null);
    }

    /**
     * As {@link #main}, in {@code spark} when it is given; a usage error is 64 and a bad input or output 2, each with
     * a message naming it on {@code err}.
     */
    static int run(String name, Job job, String[] args, PrintStream out, PrintStream err, SparkSession spark) {
        CommandLine cl = new CommandLine(job);
        try {
            cl.parseArgs(args);
        } catch (CommandLine.ParameterException e) {
            err.println(name + ": " + e.getMessage());
            cl.usage(err);
            return ExitCode.USAGE;
        }
        if (cl.isUsageHelpRequested()) {
            cl.usage(out);
            return ExitCode.PASSED;
        }
        if (cl.isVersionHelpRequested()) {
            out.println("patchverdict " + dev.patchverdict.cli.Version.get());
            return ExitCode.PASSED;
        }
        try {
            if (spark != null) {
                return job.run(spark, out);
            }
            SparkSession own = session(name, job.master());
            try {
                return job.run(own, out);
            } finally {
                own.stop();
            }
        } catch (CommandLine.ParameterException e) {
            err.println(name + ": " + e.getMessage());
            return ExitCode.USAGE;
        } catch (CliException e) {
            err.println(name + ": " + e.getMessage());
            return e.exitCode();
        }
    }

    /** spark-submit's session; started without it, a local one. */
    static SparkSession session(String name, String master) {
        SparkSession.Builder b = SparkSession.builder().appName(name);
        if (master != null) {
            b.master(master);
        } else if (!new SparkConf().contains("spark.master")) {
            b.master("local[*]");
        }
        return b.getOrCreate();
    }
}
