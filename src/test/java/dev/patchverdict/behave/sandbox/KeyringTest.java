// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import dev.patchverdict.TestGroups;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Keyrings are not namespaced: a sandbox that possessed the runner's session keyring could read
 * its keys and keep state in it from one run to the next. Each test runs the sandbox from a JVM
 * started in a session keyring of its own holding a canary key, as a systemd service or a PAM
 * session with pam_keyinit gives the runner.
 */
@Tag(TestGroups.BUBBLEWRAP)
@Tag(TestGroups.PYTHON3)
class KeyringTest {
    @TempDir
    Path dir;

    /** Python: the system calls for the keyring, by this machine's numbers. */
    private static String keyctl() {
        Architecture a = Architecture.host().orElseThrow();
        return String.join("\n",
                "import ctypes, os, sys",
                "libc = ctypes.CDLL(None, use_errno=True)",
                "libc.syscall.restype = ctypes.c_long",
                "KEYCTL, ADD_KEY = " + a.number("keyctl") + ", " + a.number("add_key"),
                "def call(nr, *args):",
                "    ctypes.set_errno(0)",
                "    r = libc.syscall(ctypes.c_long(nr), *[ctypes.c_long(x) if isinstance(x, int) else x for x in args])",
                "    return r, ctypes.get_errno()",
                "def find(description):",
                "    return call(KEYCTL, 10, -3, b'user', description, 0)",
                "");
    }

    /** Starts a JVM running {@link KeyringProbe} in a new session keyring that holds the canary. */
    private String probe(String canary, String program) throws Exception {
        Architecture a = Architecture.host().orElseThrow();
        String wrapper = String.join("\n",
                "import ctypes, os, sys",
                "libc = ctypes.CDLL(None, use_errno=True)",
                "libc.syscall.restype = ctypes.c_long",
                "assert libc.syscall(ctypes.c_long(" + a.number("keyctl") + "), ctypes.c_long(1), None) > 0,"
                        + " 'a session keyring of its own'",
                "secret = sys.argv[1].encode()",
                "assert libc.syscall(ctypes.c_long(" + a.number("add_key") + "), b'user', b'pv-canary', secret,"
                        + " ctypes.c_long(len(secret)), ctypes.c_long(-3)) > 0, 'the canary'",
                "os.execv(sys.argv[2], sys.argv[2:])");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(List.of("python3", "-c", wrapper, canary, java.toString(), "-XX:-UsePerfData",
                "-cp", System.getProperty("java.class.path"), KeyringProbe.class.getName(), dir.toString(), program))
                .directory(new File("/")).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the probe ended");
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    @Test
    void aHostKeyIsNotVisibleInsideTheSandbox() throws Exception {
        String secret = "canary-" + UUID.randomUUID();
        String out = probe(secret, String.join("\n", keyctl(),
                "print('listed', 'pv-canary' in open('/proc/keys').read())",
                "serial, err = find(b'pv-canary')",
                "print('search', err)",
                "if serial > 0:",
                "    buf = ctypes.create_string_buffer(256)",
                "    n = libc.syscall(ctypes.c_long(KEYCTL), ctypes.c_long(11), ctypes.c_long(serial), buf,"
                        + " ctypes.c_long(256))",
                "    print('read', buf.raw[:n].decode())"));
        assertFalse(out.contains(secret), "the canary's payload reached the sandbox: " + out);
        assertTrue(out.contains("run 1 out listed False"), "/proc/keys lists nothing of the host's: " + out);
        assertTrue(out.contains("run 1 out search 1"), "keyctl fails with EPERM: " + out);
        assertTrue(out.contains("after ") && out.contains("pv-canary"), "the canary is there outside: " + out);
    }

    @Test
    void nothingPlantedSurvivesTheRunAndAKeyringCounterGivesTheSameOutcomeTwice() throws Exception {
        String out = probe("canary-" + UUID.randomUUID(), String.join("\n", keyctl(),
                "serial, err = find(b'pv-counter')",
                "if serial > 0:",
                "    print('seen before')",
                "    sys.exit(1)",
                "print('first', call(ADD_KEY, b'user', b'pv-counter', b'1', 1, -3)[1])",
                "print('user', call(ADD_KEY, b'user', b'pv-planted', b'1', 1, -4)[1])"));
        List<String> first = out.lines().filter(l -> l.startsWith("run 1 ")).map(l -> l.substring(6)).toList();
        List<String> second = out.lines().filter(l -> l.startsWith("run 2 ")).map(l -> l.substring(6)).toList();
        assertEquals(first, second, "the same program, the same outcome: " + out);
        assertTrue(first.contains("out first 1"), "add_key fails with EPERM: " + out);
        assertFalse(out.contains("pv-counter") || out.contains("pv-planted"), "nothing planted is left: " + out);
    }
}
