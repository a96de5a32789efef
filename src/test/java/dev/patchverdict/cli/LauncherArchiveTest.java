// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's class-data archive changes only how fast the JVM starts: with no archive, a fresh one, a damaged
 * one and one made for another jar, the same command prints the same bytes and exits with the same code.
 */
class LauncherArchiveTest {
    static final Path LAUNCHER = Path.of("patchverdict").toAbsolutePath();
    static final Path FIXTURES = Path.of("verification/fixtures/diff").toAbsolutePath();

    @TempDir
    static Path dir;

    static Path jar;

    record Run(int code, byte[] out, String err) {}

    /** A jar of the compiled classes that names its dependencies in its manifest, as the shaded jar holds them. */
    @BeforeAll
    static void buildJar() throws Exception {
        Path classes = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        String classPath = Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(p -> p.endsWith(".jar"))
                .map(p -> Path.of(p).toUri().toString())
                .collect(Collectors.joining(" "));
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, Main.class.getName());
        m.getMainAttributes().put(Attributes.Name.CLASS_PATH, classPath);
        jar = dir.resolve("patchverdict.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), m);
                Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace(File.separatorChar, '/')));
                Files.copy(f, out);
                out.closeEntry();
            }
        }
    }

    static Run launch(Path cache, String cds, String... args) throws IOException, InterruptedException {
        return launch(cache, cds, Map.of(), args);
    }

    static Run launch(Path cache, String cds, Map<String, String> more, String... args)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("bash", LAUNCHER.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(FIXTURES.toFile());
        Map<String, String> env = pb.environment();
        env.put("PATCHVERDICT_JAR", jar.toString());
        env.put("PATCHVERDICT_JAVA", ProcessHandle.current().info().command().orElse("java"));
        env.put("PATCHVERDICT_CDS", cds);
        env.put("XDG_CACHE_HOME", cache.toString());
        env.remove("PATCHVERDICT_JAVA_OPTS");
        env.remove("PATCHVERDICT_LARGE_BYTES");
        env.putAll(more);
        Path err = Files.createTempFile(dir, "err", ".txt");
        pb.redirectError(err.toFile());
        Process p = pb.start();
        p.getOutputStream().close();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream in = p.getInputStream()) {
            in.transferTo(out);
        }
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "the launcher finishes");
        return new Run(p.exitValue(), out.toByteArray(), Files.readString(err, StandardCharsets.UTF_8));
    }

    static Path archiveIn(Path cache) throws IOException {
        try (Stream<Path> all = Files.walk(cache)) {
            List<Path> found = all.filter(p -> p.getFileName().toString().matches("app\\.(jsa|aot)")).toList();
            assertEquals(1, found.size(), "one archive under " + cache + ": " + found);
            return found.get(0);
        }
    }

    static void assertSame(Run expected, Run actual, String what) {
        assertEquals(expected.code(), actual.code(), what + ": exit code; stderr: " + actual.err());
        assertArrayEquals(expected.out(), actual.out(), what + ": standard output");
        assertEquals(expected.err(), actual.err(), what + ": standard error");
    }

    @Test
    void theSameJarAtAnotherPathGetsAnArchiveOfItsOwn() throws Exception {
        Path cache = dir.resolve("moved-cache");
        Path moved = Files.createDirectories(dir.resolve("moved")).resolve("patchverdict.jar");
        Files.copy(jar, moved);
        Run here = launch(cache, "sync", "digest", "--raw", "absolute-path.patch");
        Run there = launch(cache, "sync", Map.of("PATCHVERDICT_JAR", moved.toString()), "digest", "--raw",
                "absolute-path.patch");
        assertSame(here, there, "the same jar elsewhere");
        try (Stream<Path> all = Files.walk(cache)) {
            // One jar digest, two class paths: an archive made for one path is refused by the JVM for the other.
            assertEquals(2, all.filter(p -> p.getFileName().toString().matches("app\\.(jsa|aot)")).count());
        }
    }

    @Test
    void theSameBytesBuiltAgainGetAnArchiveTheJvmTakes() throws Exception {
        // The JVM refuses an archive once its jar's modification time changed, even for the same bytes, and then
        // runs with no archive at all (slower than a plain java -jar). -Xshare:on makes a refused archive fatal.
        Path cache = dir.resolve("rebuilt-cache");
        Path rebuilt = Files.createDirectories(dir.resolve("rebuilt")).resolve("patchverdict.jar");
        Files.copy(jar, rebuilt);
        Map<String, String> env = Map.of("PATCHVERDICT_JAR", rebuilt.toString(), "PATCHVERDICT_JAVA_OPTS", "-Xshare:on");
        Run first = launch(cache, "sync", env, "digest", "--raw", "absolute-path.patch");
        assertEquals(0, first.code(), first.err());
        Path before = archiveIn(cache);
        Files.setLastModifiedTime(rebuilt, java.nio.file.attribute.FileTime.fromMillis(
                Files.getLastModifiedTime(rebuilt).toMillis() + 60_000));
        Run again = launch(cache, "sync", env, "digest", "--raw", "absolute-path.patch");
        assertEquals(0, again.code(), "the archive for the jar as it is now is taken; stderr: " + again.err());
        assertArrayEquals(first.out(), again.out());
        Path after = archiveIn(cache); // one archive: the one made for the jar's old modification time is gone
        assertFalse(after.equals(before), "a new archive for the new modification time");
    }

    @Test
    void inputsOfGigabytesTakeTheLargeInputFlagsWithoutAShellError() throws Exception {
        // Sparse: the launcher only asks for its size; --version never reads it.
        Path big = dir.resolve("three-gib.diff");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(3L << 30);
        }
        Path cache = dir.resolve("big-cache");
        // The JVM prints the flags it runs with: C1 alone (level 1) for small inputs, both compilers for large ones,
        // C2 kept by the launcher's directives for the digest alone. The large-input flags silence the JVM's own
        // output; the test turns it back on to read the flags.
        Map<String, String> flags = Map.of("PATCHVERDICT_JAVA_OPTS",
                "-XX:+UnlockDiagnosticVMOptions -XX:+DisplayVMOutput -XX:+PrintFlagsFinal");
        Run large = launch(cache, "0", flags, "--version", big.toString());
        Run small = launch(cache, "0", flags, "--version", FIXTURES.resolve("absolute-path.patch").toString());
        assertFalse(large.err().contains("syntax error"), large.err());
        assertEquals(0, large.code(), large.err());
        assertEquals("4", flag(large, "TieredStopAtLevel"), "a 3 GiB input keeps C2");
        assertTrue(flag(large, "CompilerDirectivesFile").endsWith("large-input-jit.json"),
                "a 3 GiB input takes the directives that keep C2 for the digest alone");
        assertEquals("1", flag(small, "TieredStopAtLevel"), "a small input runs with C1 alone");
        assertEquals(0, small.code(), small.err());
        // The size limit can be lowered, which the archive test relies on to run small inputs with these flags.
        Map<String, String> lowered = new java.util.HashMap<>(flags);
        lowered.put("PATCHVERDICT_LARGE_BYTES", "0");
        Run forced = launch(cache, "0", lowered, "--version", FIXTURES.resolve("absolute-path.patch").toString());
        assertEquals("4", flag(forced, "TieredStopAtLevel"), "PATCHVERDICT_LARGE_BYTES=0 takes the large-input flags");
    }

    private static String flag(Run r, String name) {
        for (String line : new String(r.out(), StandardCharsets.UTF_8).split("\n")) {
            String[] words = line.trim().split("\\s+");
            if (words.length >= 4 && words[1].equals(name)) {
                return words[3];
            }
        }
        throw new AssertionError("no " + name + " among the printed flags");
    }

    @Test
    void makingAnArchiveKeepsOnlyTheFourJarsArchivedLast() throws Exception {
        Path cache = dir.resolve("prune-cache");
        Path root = cache.resolve("patchverdict");
        List<Path> old = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            Path d = root.resolve(String.format("%064x", i + 1)).resolve("17");
            Files.createDirectories(d);
            Files.writeString(d.resolve("app.jsa"), "an older build's archive");
            // Oldest first, each a day apart, all before the archive this run makes.
            Files.setLastModifiedTime(d.getParent(), java.nio.file.attribute.FileTime.fromMillis(
                    System.currentTimeMillis() - (10 - i) * 86_400_000L));
            old.add(d.getParent());
        }
        Path unrelated = Files.createDirectories(root.resolve("not-a-jar-digest"));
        Run r = launch(cache, "sync", "digest", "--raw", "absolute-path.patch");
        assertEquals(0, r.code(), r.err());
        archiveMade(cache);
        for (int i = 0; i < 6; i++) {
            assertEquals(i >= 3, Files.exists(old.get(i)), "archive of older build " + i
                    + " (the three newest stay beside the new one)");
        }
        assertTrue(Files.isDirectory(unrelated), "only folders named by a jar's SHA-256 are removed");
        assertTrue(Files.isDirectory(root.resolve("jars")), "the stamps stay");
    }

    /** Exactly one real archive under the cache: the one this run made (the older builds' fakes are not archives). */
    static void archiveMade(Path cache) throws IOException {
        try (Stream<Path> all = Files.walk(cache)) {
            List<Path> made = all.filter(p -> p.getFileName().toString().matches("app\\.(jsa|aot)"))
                    .filter(p -> {
                        try {
                            return Files.size(p) > 1024;
                        } catch (IOException e) {
                            return false;
                        }
                    }).toList();
            assertEquals(1, made.size(), "one archive made: " + made);
        }
    }

    @Test
    void aFreshDamagedOrForeignArchiveNeverChangesWhatACommandPrints() throws Exception {
        Path cache = dir.resolve("cache");
        String[][] commands = {
            {"diff", "check", "--format", "jsonl", "absolute-path.patch", "crlf-line-endings.patch"},
            {"diff", "check", "combined-diff.patch"},
            {"digest", "--raw", "absolute-path.patch"},
        };
        List<Run> plain = new ArrayList<>();
        for (String[] c : commands) {
            plain.add(launch(cache, "0", c));
        }
        assertEquals(1, plain.get(0).code(), "the fixtures are rejected: " + plain.get(0).err());
        assertEquals(0, plain.get(2).code());

        for (int i = 0; i < commands.length; i++) {
            assertSame(plain.get(i), launch(cache, "sync", commands[i]), "with a fresh archive");
        }
        // The JIT flags for large inputs (here forced onto small ones) print nothing of their own either.
        for (int i = 0; i < commands.length; i++) {
            assertSame(plain.get(i), launch(cache, "1", Map.of("PATCHVERDICT_LARGE_BYTES", "0"), commands[i]),
                    "with the large-input JIT flags");
        }
        Path archive = archiveIn(cache);
        byte[] good = Files.readAllBytes(archive);
        archive.toFile().setWritable(true);

        // Damaged: a run of bytes in the middle of the archive overwritten.
        byte[] damaged = good.clone();
        for (int i = damaged.length / 2; i < damaged.length / 2 + 4096 && i < damaged.length; i++) {
            damaged[i] ^= 0x5a;
        }
        Files.write(archive, damaged);
        for (int i = 0; i < commands.length; i++) {
            assertSame(plain.get(i), launch(cache, "1", commands[i]), "with a damaged archive");
        }
        // Truncated to its header.
        Files.write(archive, java.util.Arrays.copyOf(good, 4096));
        assertSame(plain.get(0), launch(cache, "1", commands[0]), "with a truncated archive");

        // Foreign: a valid archive dumped for another class path.
        Path other = dir.resolve("other.jar");
        Files.copy(jar, other);
        Path foreign = dir.resolve("foreign.jsa");
        Process dump = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-Xshare:dump",
                "-XX:SharedArchiveFile=" + foreign, "-cp", other.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("dump.log").toFile()).start();
        assertEquals(0, dump.waitFor(), Files.readString(dir.resolve("dump.log")));
        Files.copy(foreign, archive, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        for (int i = 0; i < commands.length; i++) {
            assertSame(plain.get(i), launch(cache, "1", commands[i]), "with a foreign archive");
        }
    }
}
