// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.audit;

import java.io.IOException;
import dev.patchverdict.report.IoMessages;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * Audits many bundles: each path is a bundle or a folder walked for bundles. Bundles are audited
 * in parallel and handed to {@code sink} as each finishes, in the order found; nothing but the
 * bundles in flight is held in memory.
 */
public final class Audit {
    private Audit() {}

    /**
     * The bundle folders below the paths (sorted), and each place the walk could not enter with why (a folder
     * nested past the system's path limit, one without permission, a link loop): those are reported as what
     * could not be audited, and the walk goes on around them.
     */
    public record Found(List<Path> bundles, List<AuditOutcome> unwalked) {
        public Found {
            bundles = List.copyOf(bundles);
            unwalked = List.copyOf(unwalked);
        }
    }

    /** Every bundle folder below the paths and every place the walk could not read; a path that is no folder is an IOException. */
    public static Found bundles(List<Path> paths, Path base) throws IOException {
        List<Path> out = new ArrayList<>();
        List<AuditOutcome> unwalked = new ArrayList<>();
        for (Path p : paths) {
            if (!Files.isDirectory(p)) {
                throw new IOException(p + ": not a folder");
            }
            Files.walkFileTree(p, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    if (BundleLayout.isBundle(dir)) {
                        out.add(dir);
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    unwalked.add(new AuditOutcome(name(file, base), Verdict.UNVERIFIABLE,
                            List.of("could not be walked: " + IoMessages.describe(e)), List.of()));
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException e) {
                    if (e != null) {
                        unwalked.add(new AuditOutcome(name(dir, base), Verdict.UNVERIFIABLE,
                                List.of("could not be walked to its end: " + IoMessages.describe(e)), List.of()));
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        }
        out.sort(null);
        return new Found(out, unwalked);
    }

    /** A bundle's name in reports: relative to {@code base} when below it. */
    static String name(Path p, Path base) {
        Path abs = p.toAbsolutePath().normalize();
        String name = base != null && abs.startsWith(base) ? base.relativize(abs).toString() : abs.toString();
        return name.isEmpty() ? "." : name;
    }

    /** Audits the bundles and returns how many got each verdict; outcomes go to {@code sink} only. */
    public static java.util.Map<Verdict, Integer> run(List<Path> bundles, Auditor auditor, int jobs, Path base,
            Consumer<AuditOutcome> sink) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, jobs), r -> {
            Thread t = new Thread(r, "audit");
            t.setDaemon(true);
            return t;
        });
        java.util.Map<Verdict, Integer> counts = new java.util.EnumMap<>(Verdict.class);
        try {
            // a bounded window keeps memory flat whatever the number of bundles
            int window = Math.max(1, jobs) * 4;
            List<Future<AuditOutcome>> inFlight = new ArrayList<>();
            int next = 0;
            while (next < bundles.size() || !inFlight.isEmpty()) {
                while (next < bundles.size() && inFlight.size() < window) {
                    Path b = bundles.get(next++);
                    String name = name(b, base);
                    inFlight.add(pool.submit(() -> auditor.audit(b, name)));
                }
                AuditOutcome o;
                try {
                    o = inFlight.remove(0).get();
                } catch (java.util.concurrent.ExecutionException e) {
                    // The auditor turns every failure into an outcome; what still escapes (out of memory) stops the run.
                    throw new IllegalStateException("the auditor failed unexpectedly", e.getCause());
                }
                sink.accept(o);
                counts.merge(o.verdict(), 1, Integer::sum);
            }
        } finally {
            pool.shutdownNow();
        }
        return counts;
    }
}
