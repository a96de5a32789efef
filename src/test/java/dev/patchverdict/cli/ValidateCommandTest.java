// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.record.DocumentType;
import dev.patchverdict.record.DocumentVersion;
import dev.patchverdict.record.Fixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code patchverdict validate} through {@link Main#run}. */
class ValidateCommandTest {
    @TempDir
    Path dir;


    private CliRun run(String... args) {
        return CliRun.in(dir, args);
    }

    private String write(String name, byte[] content) throws IOException {
        Files.write(dir.resolve(name), content);
        return name;
    }

    private String fixture(DocumentType type, String version) throws IOException {
        return write(type.slug() + "-" + version + ".json", Fixtures.bytes(DocumentVersion.of(type, version)));
    }

    @Test
    void everyTypeAndVersionIsReportedOk() throws IOException {
        StringBuilder expected = new StringBuilder();
        String[] args = new String[DocumentVersion.all().size() + 1];
        args[0] = "validate";
        int i = 1;
        for (DocumentVersion v : DocumentVersion.all()) {
            String name = fixture(v.type(), v.version());
            args[i++] = name;
            expected.append("OK ").append(v.type().displayName()).append(" v").append(v.version()).append(' ')
                    .append(name).append(System.lineSeparator());
        }
        CliRun r = run(args);
        assertEquals(new CliRun(0, expected.toString(), ""), r);
    }

    @Test
    void standardInputIsReadToItsEnd() throws IOException {
        DocumentVersion v = DocumentVersion.all().get(0);
        CliRun r = CliRun.in(dir, java.time.Clock.systemUTC(), Fixtures.bytes(v), "validate", "-");
        assertEquals(new CliRun(0, "OK " + v.type().displayName() + " v" + v.version() + " -" + System.lineSeparator(), ""), r);
    }

    @Test
    void invalidDocumentsListEveryProblemAndExitTwo() throws IOException {
        String good = fixture(DocumentType.WORK_UNIT, "0.2");
        String bad = write("plan.json", Fixtures.with(Fixtures.json(DocumentType.EVALUATOR_PLAN, "0.4"),
                "/backend/required_removed_substrings", com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode())
                .put("surplus", 1).toString().getBytes(StandardCharsets.UTF_8));
        CliRun r = run("validate", good, bad);
        assertEquals(ExitCode.UNDECIDED, r.code());
        String nl = System.lineSeparator();
        assertEquals("OK WorkUnit v0.2 " + good + nl
                + "plan.json: EvaluatorPlan v0.4: /backend/required_removed_substrings: must have at least 1 item" + nl
                + "plan.json: EvaluatorPlan v0.4: /surplus: is not allowed here (unknown field)" + nl, r.out());
        assertEquals("", r.err());
    }

    @Test
    void unsupportedVersionNamesTheSupportedOnes() throws IOException {
        String name = write("wu.json", Fixtures.json(DocumentType.WORK_UNIT, "0.2").put("schema_version", "0.1")
                .toString().getBytes(StandardCharsets.UTF_8));
        CliRun r = run("validate", name);
        assertEquals(new CliRun(2, "wu.json: WorkUnit: /schema_version: unsupported version \"0.1\"; supported versions: 0.2"
                + System.lineSeparator(), ""), r);
    }

    @Test
    void brokenJsonAndUnknownDocumentsAreInvalid() throws IOException {
        String dup = write("dup.json", "{\"a\": 1, \"a\": 2}".getBytes(StandardCharsets.UTF_8));
        String other = write("other.json", "{\"run_id\": \"x\"}".getBytes(StandardCharsets.UTF_8));
        CliRun r = run("validate", dup, other);
        assertEquals(2, r.code());
        String[] lines = r.out().split(System.lineSeparator());
        assertTrue(lines[0].startsWith("dup.json: invalid JSON: ") && lines[0].contains("Duplicate field 'a'"), r.out());
        assertTrue(lines[1].startsWith("other.json: document: not a WorkUnit, ResultManifest, EvaluatorPlan or VerificationResult"),
                r.out());
    }

    @Test
    void missingFileIsAnErrorOnStderr() throws IOException {
        String good = fixture(DocumentType.RESULT_MANIFEST, "0.1");
        CliRun r = run("validate", "absent.json", good);
        assertEquals(new CliRun(2, "OK ResultManifest v0.1 " + good + System.lineSeparator(),
                "patchverdict: absent.json: no such file" + System.lineSeparator()), r);
    }

    @Test
    void typeOptionChecksAgainstTheNamedType() throws IOException {
        String wu = fixture(DocumentType.WORK_UNIT, "0.2");
        CliRun r = run("validate", "--type", "evaluator-plan", wu);
        assertEquals(2, r.code());
        // "0.2" is a plan version too, so the work unit is checked against EvaluatorPlan v0.2 and fails there.
        assertTrue(r.out().contains(wu + ": EvaluatorPlan v0.2: /binding: is required but missing"), r.out());
        assertTrue(r.out().contains(wu + ": EvaluatorPlan v0.2: /objective: is not allowed here (unknown field)"), r.out());
        CliRun ok = run("validate", "--type", "work-unit", wu);
        assertEquals(0, ok.code());
    }

    @Test
    void usageErrorsExitSixtyFour() {
        assertEquals(ExitCode.USAGE, run("validate").code());
        CliRun r = run("validate", "--type", "nonsense", "x.json");
        assertEquals(ExitCode.USAGE, r.code());
        assertTrue(r.err().contains("unknown document type 'nonsense'"), r.err());
    }
}
