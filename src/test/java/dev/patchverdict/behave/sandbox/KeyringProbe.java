// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Runs a program twice in the sandbox, from a JVM whose session keyring holds a canary key (see
 * {@code KeyringTest}), and prints what each run printed, then the keys this JVM can see in
 * {@code /proc/keys} afterwards. Arguments: a scratch folder, the program (Python).
 */
public final class KeyringProbe {
    private KeyringProbe() {}

    public static void main(String[] args) throws Exception {
        Path scratch = TestSandbox.passable(Path.of(args[0]));
        BubblewrapSandbox sandbox = TestSandbox.required(scratch);
        Path tree = Files.createDirectories(scratch.resolve("tree"));
        for (int run = 1; run <= 2; run++) {
            int i = run;
            RunRecord r = sandbox.run(new RunRequest(tree, ".", List.of("python3", "-c", args[1]),
                    Map.of("PATH", "/usr/bin:/bin"), Duration.ofSeconds(20), new SandboxLimits(20, 10, 512, 1 << 16,
                            1 << 20)));
            System.out.println("run " + i + " " + r.outcome().describe());
            System.out.print(r.stdout().text().lines().map(l -> "run " + i + " out " + l + "\n")
                    .reduce("", String::concat));
            System.out.print(r.stderr().text().lines().map(l -> "run " + i + " err " + l + "\n")
                    .reduce("", String::concat));
        }
        for (String l : Files.readString(Path.of("/proc/keys"), StandardCharsets.UTF_8).lines().toList()) {
            System.out.println("after " + l);
        }
    }
}
