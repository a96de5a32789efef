// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.Map;

/**
 * The real sandbox for tests. Where bubblewrap cannot run, the test is skipped with its group
 * ({@link dev.patchverdict.TestGroups#BUBBLEWRAP}), or fails where that group is required.
 */
public final class TestSandbox {
    /** The plan limits most sandbox tests run under: 20 s, 512 MB, 64 KiB of output, files of 1 MiB. */
    public static final SandboxLimits LIMITS = new SandboxLimits(20, 10, 512, 1 << 16, 1 << 20);
    /** The environment most sandbox tests give a check. */
    public static final Map<String, String> PATH_ONLY = Map.of("PATH", "/usr/bin:/bin");

    private TestSandbox() {}

    public static Map<String, String> hostEnv() {
        String path = System.getenv("PATH");
        return path == null ? Map.of() : Map.of("PATH", path);
    }

    public static BubblewrapSandbox required(Path scratch) {
        dev.patchverdict.TestGroups.require(dev.patchverdict.TestGroups.BUBBLEWRAP);
        BubblewrapSandbox s = BubblewrapSandbox.locate(HostTools.fromEnvironment(hostEnv()), scratch);
        s.unavailableReason().ifPresent(why -> fail("the behavioural runner's tests need a working bubblewrap"
                + " sandbox (CI installs the bubblewrap package): " + why));
        return s;
    }

    /**
     * Lets every user pass through (never list) a test's temporary folder, as anyone may pass
     * through {@code /tmp}: a root runner starts the sandbox as an unprivileged user, which must
     * reach the scratch space below.
     */
    public static Path passable(Path dir) throws java.io.IOException {
        int mode = (Integer) java.nio.file.Files.getAttribute(dir, "unix:mode");
        java.nio.file.Files.setAttribute(dir, "unix:mode", (mode & 07777) | 0111);
        return dir;
    }
}
