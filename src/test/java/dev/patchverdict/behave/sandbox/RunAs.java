// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;

/**
 * One run in the real sandbox, in a separate JVM started by {@link CleanupAs#as}: a root test
 * run sees what a runner that is not root gives the sandbox. Arguments: a scratch folder the
 * user owns, then the program's argv; it runs in a new, empty tree there with the usual test
 * limits, and prints the outcome, then stdout and stderr in Base64, one a line.
 */
public final class RunAs {
    private RunAs() {}

    public static void main(String[] args) throws Exception {
        Path scratch = Path.of(args[0]);
        Path tree = Files.createDirectory(scratch.resolve("tree"));
        BubblewrapSandbox s = BubblewrapSandbox.locate(HostTools.fromEnvironment(Map.of("PATH", "/usr/bin:/bin")),
                scratch);
        if (s.unavailableReason().isPresent()) {
            throw new IllegalStateException("no sandbox: " + s.unavailableReason().get());
        }
        RunRecord r = s.run(new RunRequest(tree, ".", Arrays.asList(args).subList(1, args.length),
                Map.of("PATH", "/usr/bin:/bin"), Duration.ofSeconds(20), new SandboxLimits(20, 10, 512, 1 << 16, 1 << 20)));
        System.out.println(r.outcome());
        System.out.println(Base64.getEncoder().encodeToString(r.stdout().bytes()));
        System.out.println(Base64.getEncoder().encodeToString(r.stderr().bytes()));
        ScratchSpace.delete(tree);
    }

}
