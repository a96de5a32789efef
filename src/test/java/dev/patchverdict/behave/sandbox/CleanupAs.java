// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs {@link ScratchSpace#delete} in a separate JVM as the sandbox's default host user, for a
 * test run as root: root passes any permission, so only an unprivileged cleanup shows whether
 * folders a check made unreadable are reopened before they are deleted.
 */
public final class CleanupAs {
    private CleanupAs() {}

    public static void main(String[] args) {
        Path tree = Path.of(args[0]);
        // The tree's own entry may lie in a folder only root can write: printed, for the test to judge.
        ScratchSpace.delete(tree).ifPresent(System.out::println);
    }

    /**
     * The classes are copied into {@code passable} first, a folder the user can reach: the
     * build's own output may lie where it cannot (under {@code /root}, say).
     */
    static void sandboxUser(SandboxUser u, Path tree, Path passable) throws Exception {
        sandboxUser(u, tree, passable, List.of());
    }

    /** As the sandbox user, with {@code more} arguments after the tree; returns what it printed. */
    static String sandboxUser(SandboxUser u, Path tree, Path passable, List<String> more) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of(tree.toString()));
        args.addAll(more);
        return as(u, passable, CleanupAs.class, args);
    }

    /**
     * Runs {@code main}, a class of the tests that loads no nested class, in a separate JVM as the
     * user, with the project's classes and the jars holding {@code libraries} copied into
     * {@code passable} first; returns what it printed, and fails unless it exits 0 within a minute.
     */
    static String as(SandboxUser u, Path passable, Class<?> main, List<String> args, Class<?>... libraries)
            throws Exception {
        Path classes = copy(location(ScratchSpace.class), passable.resolve("classes"));
        String own = main.getName().replace('.', '/') + ".class";
        Path test = passable.resolve("test-classes");
        Files.createDirectories(test.resolve(own).getParent());
        Files.copy(location(main).resolve(own), test.resolve(own));
        StringBuilder classpath = new StringBuilder(classes + File.pathSeparator + test);
        for (Class<?> library : libraries) {
            Path jar = location(library);
            Path copied = Files.createDirectories(passable.resolve("lib")).resolve(jar.getFileName().toString());
            if (!Files.exists(copied)) {
                Files.copy(jar, copied);
            }
            classpath.append(File.pathSeparator).append(copied);
        }
        Path setpriv = HostTools.fromEnvironment(TestSandbox.hostEnv()).find("setpriv").orElseThrow();
        List<String> command = new java.util.ArrayList<>(List.of(setpriv.toString(), "--reuid",
                Integer.toString(u.uid()), "--regid", Integer.toString(u.gid()), "--clear-groups", "--inh-caps=-all",
                "--", Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:-UsePerfData",
                "-Xshare:off", "-cp", classpath.toString(), main.getName()));
        command.addAll(args);
        Process p = new ProcessBuilder(command)
                .directory(new File("/")).redirectErrorStream(true).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(main.getSimpleName() + " as " + u + " did not end");
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), main.getSimpleName() + " as " + u + " ran: " + out);
        return out;
    }

    private static Path location(Class<?> c) throws Exception {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
        return to;
    }
}
