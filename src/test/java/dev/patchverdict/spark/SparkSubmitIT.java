// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.TestProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built jar as spark-submit runs it: {@code target/patchverdict.jar} (the command line's own jar) beside Spark's
 * jars and nothing else, started with the JVM options Spark's launcher gives, so the jar's Jackson and the rest of
 * what it bundles must sit with Spark's without a clash; the exit codes are review's and audit's.
 */
class SparkSubmitIT {
    static final Path ROOT = Path.of("").toAbsolutePath();

    @TempDir
    Path tmp;

    static List<String> java(String main, String... args) throws Exception {
        String spark = Files.readString(Path.of(System.getProperty("spark.classpath.file"))).strip();
        List<String> argv = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        argv.addAll(Arrays.asList(System.getProperty("spark.jvm.options").trim().split("\\s+")));
        argv.addAll(List.of("-Xmx1g", "-cp", System.getProperty("patchverdict.jar") + java.io.File.pathSeparator + spark, main));
        argv.addAll(List.of(args));
        return argv;
    }

    TestProcess run(List<String> argv) throws Exception {
        return TestProcess.run(tmp, ROOT, Map.of("SPARK_LOCAL_IP", "127.0.0.1"), 600, argv.toArray(String[]::new));
    }

    /** Spark is provided: the jar holds the jobs but none of Spark, Scala or Hadoop, which the cluster brings. */
    @Test
    void theJarBringsTheJobsButNotSpark() throws Exception {
        List<String> found = new ArrayList<>();
        boolean jobs = false;
        try (java.util.zip.ZipFile jar = new java.util.zip.ZipFile(System.getProperty("patchverdict.jar"))) {
            for (java.util.Enumeration<? extends java.util.zip.ZipEntry> e = jar.entries(); e.hasMoreElements();) {
                String name = e.nextElement().getName();
                jobs |= name.equals("dev/patchverdict/spark/Review.class");
                if (name.startsWith("org/apache/spark/") || name.startsWith("scala/") || name.startsWith("org/apache/hadoop/")
                        || name.startsWith("org/apache/parquet/")) {
                    found.add(name);
                }
            }
        }
        assertTrue(jobs, "the jobs are in the jar");
        assertEquals(List.of(), found.stream().limit(5).toList());
    }

    @Test
    void theCommandLinesJarRunsBothJobsBesideSparksJars() throws Exception {
        Path preds = tmp.resolve("preds.jsonl");
        Files.writeString(preds, SparkJobsTest.pred("a-1", "m1", "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n")
                + "\n{not json\n");
        TestProcess review = run(java("dev.patchverdict.spark.Review", "--master", "local[1]", "--output",
                tmp.resolve("out").toString(), preds.toString()));
        assertEquals(2, review.code(), review.out() + review.err());
        // One logging provider beside Spark's jars: Spark's own, not the command line's no-op one as well.
        assertFalse(review.err().contains("multiple SLF4J providers"), review.err());
        assertTrue(review.out().contains("| 2 | 1 | 1 | 0 | 0 | 1 | 0 |"), review.out());
        assertTrue(Files.isRegularFile(tmp.resolve("out/summary.json")));
        try (Stream<Path> rows = Files.walk(tmp.resolve("out/parquet"))) {
            assertTrue(rows.anyMatch(p -> p.getFileName().toString().endsWith(".parquet")));
        }

        Path bundle = tmp.resolve("results/a");
        Path dir = SparkJobsTest.FIXTURES.resolve("patch-transition");
        TestProcess verify = run(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                System.getProperty("patchverdict.jar"), "verify", "--work-unit", dir.resolve("work-unit.json").toString(),
                "--result-manifest", dir.resolve("candidates/correct.result-manifest.json").toString(), "--candidate-root",
                dir.resolve("candidates/correct").toString(), "--evaluator-plan", dir.resolve("plan-v0.4.json").toString(),
                "--bundle", bundle.toString()));
        assertEquals(0, verify.code(), verify.err());
        assertFalse(verify.err().contains("SLF4J"), "the command line names its no-op provider quietly: " + verify.err());
        TestProcess audit = run(java("dev.patchverdict.spark.Audit", "--master", "local[1]", "--output",
                tmp.resolve("audit").toString(), tmp.resolve("results").toString()));
        assertEquals(0, audit.code(), audit.out() + audit.err());
        assertTrue(audit.out().contains("| REPRODUCED | 1 |"), audit.out());

        TestProcess usage = run(java("dev.patchverdict.spark.Review", "--output", tmp.resolve("o").toString()));
        assertEquals(64, usage.code(), usage.err());
    }
}
