// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release archive as a user gets it ({@code mvn -B package} makes it): unpacked into a folder of its own and run
 * from another working directory, through bin/patchverdict alone.
 */
class ReleaseArchiveIT {
    static final String VERSION = System.getProperty("patchverdict.version");
    static final Path RELEASE = Path.of(System.getProperty("patchverdict.release", "target/patchverdict-" + VERSION));

    @TempDir
    static Path tmp;

    static Path unpacked;

    @BeforeAll
    static void unpack() throws Exception {
        Path tar = Path.of(RELEASE + ".tar.gz");
        assertTrue(Files.isRegularFile(tar), "mvn -B package makes " + tar);
        Path into = Files.createDirectories(tmp.resolve("opt"));
        TestProcess r = run(into, Map.of(), "tar", "-xzf", tar.toAbsolutePath().toString());
        assertEquals(0, r.code(), r.err());
        unpacked = into.resolve("patchverdict-" + VERSION);
    }

    static TestProcess run(Path dir, Map<String, String> env, String... argv) throws IOException, InterruptedException {
        Map<String, String> all = new java.util.HashMap<>(env);
        all.put("XDG_CACHE_HOME", tmp.resolve("cache").toString());
        return TestProcess.run(tmp, dir, all, 300, argv);
    }

    @Test
    void theArchiveHoldsTheLauncherTheJarAndTheProjectsTexts() throws Exception {
        Path bin = unpacked.resolve("bin/patchverdict");
        assertTrue(Files.getPosixFilePermissions(bin).contains(PosixFilePermission.OWNER_EXECUTE), "bin/patchverdict runs");
        for (String f : List.of("lib/patchverdict.jar", "lib/large-input-jit.json", "README.md", "CHANGELOG.md", "LICENSE",
                "NOTICE", "THIRD-PARTY-LICENSES", "man/man1/patchverdict.1", "man/man1/patchverdict-review.1",
                "completion/patchverdict.bash")) {
            assertTrue(Files.isRegularFile(unpacked.resolve(f)), f);
        }
        assertTrue(Files.readString(unpacked.resolve("LICENSE")).contains("Apache License"));
        // the zip holds the same files as the tar
        TreeSet<String> tarFiles = new TreeSet<>();
        try (var walk = Files.walk(unpacked)) {
            walk.filter(Files::isRegularFile).forEach(p -> tarFiles.add("patchverdict-" + VERSION + "/" + unpacked.relativize(p)));
        }
        TreeSet<String> zipFiles = new TreeSet<>();
        try (ZipFile zip = new ZipFile(RELEASE + ".zip")) {
            zip.stream().filter(e -> !e.isDirectory()).forEach(e -> zipFiles.add(e.getName()));
        }
        assertEquals(tarFiles, zipFiles);
    }

    @Test
    void calibrateRunsFromAnotherWorkingDirectory() throws Exception {
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        TestProcess r = run(elsewhere, Map.of(), unpacked.resolve("bin/patchverdict").toString(), "calibrate");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("| Candidate |"), r.out());
        assertTrue(r.out().contains("v0.5 strict transition"), r.out());
    }

    @Test
    void versionNamesTheVersionAndTheCommitItWasBuiltFrom() throws Exception {
        TestProcess r = run(tmp, Map.of(), unpacked.resolve("bin/patchverdict").toString(), "--version");
        assertEquals(0, r.code(), r.err());
        TestProcess git = run(Path.of("").toAbsolutePath(), Map.of(), "git", "rev-parse", "--short=12", "HEAD");
        String expected = git.code() == 0 ? "patchverdict " + VERSION + " (commit " + git.out().strip()
                : "patchverdict " + VERSION + " (built outside a git checkout";
        assertTrue(r.out().startsWith(expected), "expected " + expected + "..., got " + r.out());
    }

    /** Every library the jar bundles is named, with its version, in THIRD-PARTY-LICENSES. */
    @Test
    void everyBundledLibraryIsListedWithItsVersionAndLicence() throws Exception {
        String list = Files.readString(unpacked.resolve("THIRD-PARTY-LICENSES"));
        List<String> missing = new ArrayList<>();
        int bundled = 0;
        try (JarFile jar = new JarFile(unpacked.resolve("lib/patchverdict.jar").toFile())) {
            for (JarEntry e : jar.stream().toList()) {
                if (!e.getName().startsWith("META-INF/maven/") || !e.getName().endsWith("/pom.properties")) {
                    continue;
                }
                Properties p = new Properties();
                try (InputStream in = jar.getInputStream(e)) {
                    p.load(in);
                }
                if (p.getProperty("artifactId").equals("patchverdict")) {
                    continue;
                }
                bundled++;
                String row = "| " + p.getProperty("artifactId") + " (" + p.getProperty("groupId");
                int at = list.indexOf(row);
                if (at < 0 || !list.startsWith(" | " + p.getProperty("version") + " | ", list.indexOf(')', at) + 1)) {
                    missing.add(p.getProperty("groupId") + ":" + p.getProperty("artifactId") + ":" + p.getProperty("version"));
                }
            }
            assertTrue(jar.getEntry("META-INF/LICENSE") != null && jar.getEntry("META-INF/NOTICE") != null,
                    "the jar carries the project's licence and notice");
        }
        assertTrue(bundled >= 10, "bundled libraries found: " + bundled);
        assertEquals(List.of(), missing, "bundled but not listed (or at another version) in THIRD-PARTY-LICENSES");
    }
}
