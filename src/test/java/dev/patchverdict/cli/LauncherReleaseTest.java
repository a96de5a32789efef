// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.TestGroups;
import dev.patchverdict.TestProcess;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A checkout of a released version (what the GitHub Action and the pre-commit hook run) fetches its own release's jar
 * on first use instead of building it, but only the archive its release.sha256 pins; an unreleased version, one whose
 * release cannot be had, is not pinned or does not match the pin, is built.
 */
@Tag(TestGroups.CURL)
class LauncherReleaseTest {
    @TempDir
    Path tmp;

    /** A checkout of {@code version}: the launcher, a pom naming the version, and sources older than nothing. */
    private Path checkout(String version) throws IOException {
        Path c = Files.createDirectories(tmp.resolve("checkout"));
        Files.copy(Path.of("patchverdict"), c.resolve("patchverdict"));
        Files.writeString(c.resolve("pom.xml"), "<project>\n  <artifactId>patchverdict</artifactId>\n  <version>" + version
                + "</version>\n</project>\n");
        Files.createDirectories(c.resolve("src/main"));
        return c;
    }

    /** A release archive holding a jar that runs this build's classes (its manifest names them). */
    private Path publish(String version) throws Exception {
        Path releases = tmp.resolve("releases");
        Path lib = Files.createDirectories(tmp.resolve("pack/patchverdict-" + version + "/lib"));
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, Main.class.getName());
        m.getMainAttributes().put(Attributes.Name.CLASS_PATH, Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(p -> Path.of(p).toUri().toString()).collect(Collectors.joining(" ")));
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(lib.resolve("patchverdict.jar")), m)) {
            out.flush();
        }
        Path at = Files.createDirectories(releases.resolve("v" + version)).resolve("patchverdict-" + version + ".tar.gz");
        assertEquals(0, run(tmp.resolve("pack"), Map.of(), "tar", "-czf", at.toString(), "patchverdict-" + version).code());
        return releases;
    }

    /** The checkout's release.sha256, pinning the archive published for {@code version} as sha256sum writes it. */
    private static void pin(Path checkout, Path releases, String version) throws Exception {
        String name = "patchverdict-" + version + ".tar.gz";
        byte[] archive = Files.readAllBytes(releases.resolve("v" + version).resolve(name));
        String sha = java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(archive));
        Files.writeString(checkout.resolve("release.sha256"), "0".repeat(64) + "  patchverdict-1.0.0.tar.gz\n" + sha + "  "
                + name + "\n");
    }

    /** A PATH whose mvn only says that it ran: nothing here may really build. */
    private String pathWithoutMaven() throws IOException {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path mvn = bin.resolve("mvn");
        Files.writeString(mvn, "#!/bin/sh\necho 'mvn ran' >&2\nexit 1\n");
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
        return bin + File.pathSeparator + System.getenv("PATH");
    }

    private TestProcess run(Path dir, Map<String, String> env, String... argv) throws IOException, InterruptedException {
        Map<String, String> all = new java.util.HashMap<>(env);
        all.put("PATCHVERDICT_CDS", "0");
        all.put("PATCHVERDICT_JAVA", ProcessHandle.current().info().command().orElse("java"));
        return TestProcess.run(tmp, dir, all, 120, argv);
    }

    @Test
    void aReleasedVersionFetchesItsReleaseOnceAndBuildsNothing() throws Exception {
        Path c = checkout("9.9.9");
        Path releases = publish("9.9.9");
        pin(c, releases, "9.9.9");
        Map<String, String> env = Map.of("PATCHVERDICT_RELEASES", releases.toUri().toString(), "PATH", pathWithoutMaven());
        TestProcess first = run(tmp, env, "bash", c.resolve("patchverdict").toString(), "--version");
        assertEquals(0, first.code(), first.err());
        assertTrue(first.out().startsWith("patchverdict "), first.out());
        assertTrue(first.err().contains("fetching the release of 9.9.9"), first.err());
        assertFalse(first.err().contains("mvn ran"), first.err());
        Path jar = c.resolve("target/patchverdict.jar");
        assertTrue(Files.getLastModifiedTime(jar).compareTo(Files.getLastModifiedTime(c.resolve("pom.xml"))) >= 0,
                "the fetched jar is not taken for one older than the sources");
        TestProcess again = run(tmp, env, "bash", c.resolve("patchverdict").toString(), "--version");
        assertEquals(0, again.code(), again.err());
        assertEquals("", again.err(), "fetched once");
    }

    @Test
    void aVersionWithoutAReleaseIsBuiltAndASnapshotNeverLooksForOne() throws Exception {
        Path c = checkout("9.9.9");
        Files.writeString(c.resolve("release.sha256"), "a".repeat(64) + "  patchverdict-9.9.9.tar.gz\n");
        Path none = Files.createDirectories(tmp.resolve("nothing-published"));
        TestProcess missing = run(tmp, Map.of("PATCHVERDICT_RELEASES", none.toUri().toString(), "PATH", pathWithoutMaven()),
                "bash", c.resolve("patchverdict").toString(), "--version");
        assertTrue(missing.err().contains("no release of 9.9.9"), missing.err());
        assertTrue(missing.err().contains("mvn ran"), "then built: " + missing.err());
        assertNotEquals(0, missing.code());

        Files.writeString(c.resolve("pom.xml"), "<project>\n  <version>9.9.9-SNAPSHOT</version>\n</project>\n");
        TestProcess snapshot = run(tmp, Map.of("PATCHVERDICT_RELEASES", publish("9.9.9").toUri().toString(), "PATH", pathWithoutMaven()),
                "bash", c.resolve("patchverdict").toString(), "--version");
        assertFalse(snapshot.err().contains("fetching"), snapshot.err());
        assertTrue(snapshot.err().contains("mvn ran"), snapshot.err());
    }

    @Test
    void anArchiveTheCheckoutDoesNotPinIsNeverRun() throws Exception {
        Path c = checkout("9.9.9");
        Path releases = publish("9.9.9");
        Map<String, String> env = Map.of("PATCHVERDICT_RELEASES", releases.toUri().toString(), "PATH", pathWithoutMaven());
        TestProcess unpinned = run(tmp, env, "bash", c.resolve("patchverdict").toString(), "--version");
        assertTrue(unpinned.err().contains("release.sha256 pins no archive of 9.9.9"), unpinned.err());
        assertFalse(unpinned.err().contains("fetching"), unpinned.err());
        assertTrue(unpinned.err().contains("mvn ran"), "built instead: " + unpinned.err());

        // A pin of other bytes: the archive published (or swapped in on the way) is not the one the checkout names.
        Files.writeString(c.resolve("release.sha256"), "b".repeat(64) + "  patchverdict-9.9.9.tar.gz\n");
        TestProcess swapped = run(tmp, env, "bash", c.resolve("patchverdict").toString(), "--version");
        assertTrue(swapped.err().contains("not the " + "b".repeat(64) + " that release.sha256 pins"), swapped.err());
        assertTrue(swapped.err().contains("mvn ran"), "built instead: " + swapped.err());
        assertFalse(Files.exists(c.resolve("target/patchverdict.jar")), "the unpinned jar is never put in place");
    }
}
