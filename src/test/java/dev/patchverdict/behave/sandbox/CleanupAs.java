package dev.patchverdict.behave.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@link ScratchSpace#delete} in a separate JVM as the sandbox's default host user, for a
 * test run as root: root passes any permission, so only an unprivileged cleanup shows whether
 * folders a check made unreadable are reopened before they are deleted.
 */
public final class CleanupAs {
    private CleanupAs() {}

    public static void main(String[] args) {
        ScratchSpace.delete(Path.of(args[0]));
    }

    static void sandboxUser(Path tree) throws Exception {
        SandboxUser u = SandboxUser.DEFAULT;
        String classpath = location(ScratchSpace.class) + File.pathSeparator + location(CleanupAs.class);
        Path setpriv = HostTools.fromEnvironment(TestSandbox.hostEnv()).find("setpriv").orElseThrow();
        Process p = new ProcessBuilder(List.of(setpriv.toString(), "--reuid", Integer.toString(u.uid()), "--regid",
                Integer.toString(u.gid()), "--clear-groups", "--inh-caps=-all", "--",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:-UsePerfData", "-Xshare:off",
                "-cp", classpath, CleanupAs.class.getName(), tree.toString()))
                .directory(new File("/")).redirectErrorStream(true).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("the cleanup as " + u + " did not end");
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), "the cleanup as " + u + " ran: " + out);
    }

    private static String location(Class<?> c) throws Exception {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }
}
