// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.digest.Digests;
import dev.patchverdict.record.DocumentReader;
import dev.patchverdict.record.DocumentType;
import dev.patchverdict.record.DocumentVersion;
import dev.patchverdict.record.Fixtures;
import dev.patchverdict.record.ResultManifest;
import dev.patchverdict.record.WorkUnit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code patchverdict manifest}: every digest computed from the files, every locator kept inside the root. */
class ManifestCommandTest {
    private static final Instant NOW = Instant.parse("2026-03-02T10:07:31Z");

    @TempDir
    Path dir;


    private CliRun run(String... args) {
        return CliRun.in(dir, Clock.fixed(NOW, ZoneOffset.UTC), new byte[0], args);
    }

    @BeforeEach
    void candidate() throws Exception {
        Files.write(dir.resolve("work-unit.json"), Fixtures.bytes(DocumentVersion.of(DocumentType.WORK_UNIT, "0.2")));
        Path root = Files.createDirectories(dir.resolve("candidate/logs"));
        Files.writeString(dir.resolve("candidate/changes.patch"), "diff --git a/x b/x\n");
        Files.writeString(root.resolve("stdout.txt"), "ran 3 tests\n");
        Files.writeString(root.resolve("stderr.txt"), "");
    }

    private List<String> args(String... extra) {
        List<String> a = new ArrayList<>(List.of("manifest", "--work-unit", "work-unit.json", "--candidate-root", "candidate",
                "--patch", "changes.patch", "--log", "stdout=logs/stdout.txt", "--log", "stderr=logs/stderr.txt",
                "--worker-id", "agent/coder-7", "--status", "succeeded", "--output", "result-manifest.json"));
        a.addAll(List.of(extra));
        return a;
    }

    private CliRun run(List<String> args) {
        return run(args.toArray(String[]::new));
    }

    @Test
    void writesAValidManifestBoundToTheWorkUnit() throws Exception {
        CliRun r = run(args("--attempt", "2", "--started-at", "2026-03-02T10:00:00Z", "--claim", "tests pass"));
        assertEquals(0, r.code(), r.err());
        ResultManifest m = DocumentReader.strict().readResultManifest(dir.resolve("result-manifest.json"));
        WorkUnit wu = DocumentReader.strict().readWorkUnit(dir.resolve("work-unit.json"));
        assertTrue(r.out().contains(m.canonicalDigest().toString()), r.out());
        assertEquals(wu.id() + "/attempt-2", m.id());
        assertEquals(wu.id(), m.workUnitId());
        assertEquals(wu.version(), m.workUnitVersion());
        assertEquals(Digests.canonical(wu.toJson()), m.provenance().workUnitDigest());
        assertEquals(wu.sourceRevision().orElseThrow(), m.provenance().sourceRevision());
        assertEquals(Digests.file(dir.resolve("candidate/changes.patch")), m.producedArtifacts().get(0).digest());
        assertEquals("changes.patch", m.producedArtifacts().get(0).locator());
        assertEquals(Digests.file(dir.resolve("candidate/logs/stdout.txt")), m.logs().get(0).digest().orElseThrow());
        assertEquals(Digests.bytes(new byte[0]), m.logs().get(1).digest().orElseThrow());
        assertEquals(List.of("candidate-patch"), m.verificationRequest().evidenceArtifactIds());
        assertEquals(wu.requiredValidatorIds(), m.verificationRequest().expectedValidatorIds());
        assertEquals("2026-03-02T10:00:00Z", m.startedAt());
        assertEquals("2026-03-02T10:07:31Z", m.finishedAt());
        assertEquals(451.0, m.resources().wallSeconds().doubleValue());
        assertEquals(List.of("tests pass"), m.selfReport().claims());
    }

    @Test
    void locatorsMayNotLeaveTheCandidateRoot() throws Exception {
        Files.writeString(dir.resolve("outside.patch"), "x");
        CliRun up = run("manifest", "--work-unit", "work-unit.json", "--candidate-root", "candidate", "--patch", "../outside.patch",
                "--worker-id", "w", "--status", "succeeded", "--output", "m.json");
        assertEquals(ExitCode.UNDECIDED, up.code());
        assertTrue(up.err().contains("has a '..' component"), up.err());
        Files.createSymbolicLink(dir.resolve("candidate/link.patch"), dir.resolve("outside.patch"));
        CliRun link = run("manifest", "--work-unit", "work-unit.json", "--candidate-root", "candidate", "--patch", "link.patch",
                "--worker-id", "w", "--status", "succeeded", "--output", "m.json");
        assertEquals(ExitCode.UNDECIDED, link.code());
        assertTrue(link.err().contains("symbolic link"), link.err());
        assertFalse(Files.exists(dir.resolve("m.json")));
    }

    @Test
    void missingLogIsNamedAndNothingIsWritten() {
        CliRun r = run(args("--log", "trace=logs/trace.jsonl"));
        assertEquals(ExitCode.UNDECIDED, r.code());
        assertEquals("patchverdict: manifest: \"logs/trace.jsonl\" does not exist in the candidate root\n", r.err());
        assertFalse(Files.exists(dir.resolve("result-manifest.json")));
    }

    @Test
    void theWorkUnitIsNeverReplacedByTheManifest() throws Exception {
        byte[] before = Files.readAllBytes(dir.resolve("work-unit.json"));
        List<String> a = args();
        a.set(a.size() - 1, "work-unit.json");
        a.add("--force");
        CliRun r = run(a);
        assertEquals(ExitCode.UNDECIDED, r.code());
        assertEquals("patchverdict: work-unit.json: is also the command's input (--work-unit); write elsewhere\n", r.err());
        assertArrayEquals(before, Files.readAllBytes(dir.resolve("work-unit.json")));
    }

    @Test
    void anExistingManifestIsReplacedOnlyWithForce() throws Exception {
        Files.writeString(dir.resolve("result-manifest.json"), "old");
        CliRun r = run(args());
        assertEquals(ExitCode.UNDECIDED, r.code());
        assertTrue(r.err().endsWith("result-manifest.json: exists; use --force to replace it\n"), r.err());
        List<String> a = args();
        a.add("--force");
        assertEquals(0, run(a).code());
        assertFalse(Files.readString(dir.resolve("result-manifest.json")).equals("old"));
    }

    @Test
    void outputInsideTheCandidateRootIsRefused() {
        List<String> a = args();
        a.set(a.size() - 1, "candidate/result-manifest.json");
        CliRun r = run(a);
        assertEquals(ExitCode.UNDECIDED, r.code());
        assertTrue(r.err().contains("outside the candidate root"), r.err());
    }

    @Test
    void wrongSourceRevisionIsRefused() {
        CliRun r = run(args("--source-revision", "0000000000000000000000000000000000000000"));
        assertEquals(ExitCode.UNDECIDED, r.code());
        assertTrue(r.err().contains("is not the work unit's"), r.err());
    }

    @Test
    void usageErrorsAre64() {
        assertEquals(ExitCode.USAGE, run(args("--log", "stdout=logs/stderr.txt")).code());
        List<String> badStatus = args();
        badStatus.set(badStatus.indexOf("succeeded"), "passed");
        CliRun r = run(badStatus);
        assertEquals(ExitCode.USAGE, r.code());
        assertTrue(r.err().contains("--status: \"passed\" is not one of"), r.err());
        assertEquals(ExitCode.USAGE, run(args("--started-at", "yesterday")).code());
        assertEquals(ExitCode.USAGE, run("manifest", "--work-unit", "work-unit.json").code());
    }

    @Test
    void finishedBeforeStartedIsRefused() {
        CliRun r = run(args("--started-at", "2026-03-02T11:00:00Z"));
        assertEquals(ExitCode.UNDECIDED, r.code());
        assertTrue(r.err().contains("is before started_at"), r.err());
    }
}
