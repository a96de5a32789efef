// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.bench;

import dev.patchverdict.behave.sandbox.BubblewrapSandbox;
import dev.patchverdict.behave.sandbox.HostTools;
import dev.patchverdict.behave.sandbox.RunRecord;
import dev.patchverdict.behave.sandbox.RunRequest;
import dev.patchverdict.behave.sandbox.SandboxLimits;
import dev.patchverdict.behave.sandbox.ScratchSpace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What one sandboxed run costs as the tree grows: the median wall time of {@code true} over a
 * tree of FILES files of BYTES bytes (a hundred to a folder), beside the same over an empty tree
 * in the same process. The difference is the tree's copy onto the sandbox's file system and back.
 * Usage: SandboxRunCost SCRATCH RUNS FILES:BYTES...
 */
public final class SandboxRunCost {
    private SandboxRunCost() {}

    public static void main(String[] args) throws Exception {
        Path scratch = Path.of(args[0]);
        int runs = Integer.parseInt(args[1]);
        BubblewrapSandbox sandbox = BubblewrapSandbox.locate(HostTools.fromEnvironment(Map.of("PATH",
                "/usr/bin:/bin")), scratch);
        if (sandbox.unavailableReason().isPresent()) {
            throw new IllegalStateException(sandbox.unavailableReason().get());
        }
        // The first runs warm the JVM up; they are not counted.
        median(sandbox, tree(scratch, 0, 1), runs);
        double empty = median(sandbox, tree(scratch, 0, 0), runs);
        System.out.printf(Locale.ROOT, "%-22s %10s %8s%n", "tree", "median ms", "x empty");
        System.out.printf(Locale.ROOT, "%-22s %10.0f %8.1f%n", "empty", empty, 1.0);
        for (int i = 2; i < args.length; i++) {
            String[] f = args[i].split(":");
            int files = Integer.parseInt(f[0]);
            int bytes = Integer.parseInt(f[1]);
            double ms = median(sandbox, tree(scratch, files, bytes), runs);
            System.out.printf(Locale.ROOT, "%-22s %10.0f %8.1f%n", files + " x " + bytes + " B", ms, ms / empty);
        }
    }

    private static Path tree(Path scratch, int files, int bytes) throws Exception {
        Path tree = Files.createDirectory(scratch.resolve("tree-" + files + "-" + bytes));
        byte[] body = new byte[bytes];
        for (int i = 0; i < files; i++) {
            Files.write(Files.createDirectories(tree.resolve("d" + i / 100)).resolve("f" + i), body);
        }
        return tree;
    }

    private static double median(BubblewrapSandbox sandbox, Path tree, int runs) throws Exception {
        long[] t = new long[runs];
        for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            RunRecord r = sandbox.run(new RunRequest(tree, ".", List.of("true"), Map.of("PATH", "/usr/bin:/bin"),
                    Duration.ofSeconds(300), new SandboxLimits(300, 60, 512, 1 << 16, 1 << 20)));
            t[i] = System.nanoTime() - start;
            if (!r.outcome().exitedWith(0)) {
                throw new IllegalStateException(r.outcome().describe());
            }
        }
        ScratchSpace.delete(tree);
        Arrays.sort(t);
        return t[runs / 2] / 1e6;
    }
}
