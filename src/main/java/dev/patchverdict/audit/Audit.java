// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.audit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Audits many bundles: each path is a bundle or a folder walked for bundles. Bundles are audited
 * in parallel and handed to {@code sink} as each finishes, in the order found; nothing but the
 * bundles in flight is held in memory.
 */
public final class Audit {
    private Audit() {}

    /** Every bundle folder below the paths, in sorted order. */
    public static List<Path> bundles(List<Path> paths) throws IOException {
        List<Path> out = new ArrayList<>();
        for (Path p : paths) {
            if (!Files.isDirectory(p)) {
                throw new IOException(p + ": not a folder");
            }
            try (Stream<Path> walk = Files.walk(p)) {
                walk.filter(Files::isDirectory).filter(BundleLayout::isBundle).sorted().forEach(out::add);
            }
        }
        return out;
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
                    Path abs = b.toAbsolutePath().normalize();
                    String name = base != null && abs.startsWith(base) ? base.relativize(abs).toString() : abs.toString();
                    inFlight.add(pool.submit(() -> auditor.audit(b, name.isEmpty() ? "." : name)));
                }
                AuditOutcome o;
                try {
                    o = inFlight.remove(0).get();
                } catch (java.util.concurrent.ExecutionException e) {
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
