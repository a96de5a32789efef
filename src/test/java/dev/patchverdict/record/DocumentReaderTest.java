// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.patchverdict.json.StrictJson;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Strict reading end to end: detection, version, schema, mapping, and the wording of errors. */
class DocumentReaderTest {
    private static final DocumentReader READER = DocumentReader.strict();
    private static final DocumentVersion PLAN_04 = DocumentVersion.of(DocumentType.EVALUATOR_PLAN, "0.4");
    private static final DocumentVersion WORK_UNIT = WorkUnit.VERSION;

    private static List<String> messages(ObjectNode document) {
        return assertThrows(InvalidDocumentException.class, () -> READER.validate(document)).messages();
    }

    @Test
    void detectsEveryTypeAndVersion() throws InvalidDocumentException {
        for (DocumentVersion v : DocumentVersion.all()) {
            assertEquals(v, READER.validate(Fixtures.json(v)).version());
            assertEquals(v, READER.validate(Fixtures.bytes(v)).version());
        }
    }

    @Test
    void errorNamesTypeVersionAndPointer() {
        ObjectNode plan = Fixtures.with(Fixtures.json(PLAN_04), "/backend/required_removed_substrings",
                JsonNodeFactory.instance.arrayNode());
        assertEquals(List.of("EvaluatorPlan v0.4: /backend/required_removed_substrings: must have at least 1 item"),
                messages(plan));
    }

    @Test
    void everyProblemIsReported() {
        ObjectNode plan = Fixtures.with(Fixtures.without(
                Fixtures.with(Fixtures.json(PLAN_04), "/visibility", TextNode.valueOf("secret")), "/binding/source_revision"),
                "/policy/extra", TextNode.valueOf("x"));
        InvalidDocumentException e = assertThrows(InvalidDocumentException.class, () -> READER.validate(plan));
        assertEquals(List.of(
                "EvaluatorPlan v0.4: /binding/source_revision: is required but missing",
                "EvaluatorPlan v0.4: /visibility: must be one of \"public\", \"hidden\"",
                "EvaluatorPlan v0.4: /policy/extra: is not allowed here (unknown field)"), e.messages());
        assertTrue(e.getMessage().endsWith("(and 2 more)"), e.getMessage());
    }

    @Test
    void stringIsNotANumberAndFractionIsNotAnInteger() {
        ObjectNode wu = Fixtures.json(WORK_UNIT);
        assertEquals(List.of("WorkUnit v0.2: /version: must be an integer, not a string"),
                messages(Fixtures.with(wu, "/version", TextNode.valueOf("3"))));
        assertEquals(List.of("WorkUnit v0.2: /version: must be an integer, not a fractional number"),
                messages(Fixtures.with(wu, "/version", DoubleNode.valueOf(3.0))));
        assertEquals(List.of("WorkUnit v0.2: /budget/human_minutes: must be a number, not a string"),
                messages(Fixtures.with(wu, "/budget/human_minutes", TextNode.valueOf("10.5"))));
    }

    @Test
    void integersBeyondLongAreRefusedWhereTheModelHoldsALong() {
        ObjectNode wu = Fixtures.with(Fixtures.json(WORK_UNIT), "/budget/tokens",
                com.fasterxml.jackson.databind.node.BigIntegerNode.valueOf(BigInteger.TWO.pow(63)));
        InvalidDocumentException e = assertThrows(InvalidDocumentException.class, () -> READER.readWorkUnit(wu));
        assertEquals(List.of("WorkUnit v0.2: /budget/tokens: must be at most 9223372036854775807"), e.messages());
        ObjectNode atLimit = Fixtures.with(Fixtures.json(WORK_UNIT), "/budget/tokens", LongNode.valueOf(Long.MAX_VALUE));
        assertEquals(Long.MAX_VALUE, assertDoesNotThrow(() -> READER.readWorkUnit(atLimit)).budget().tokens().orElseThrow());
    }

    private static <T> T assertDoesNotThrow(org.junit.jupiter.api.function.ThrowingSupplier<T> s) {
        return org.junit.jupiter.api.Assertions.assertDoesNotThrow(s);
    }

    @Test
    void unknownVersionListsTheSupportedOnes() {
        ObjectNode plan = Fixtures.with(Fixtures.json(PLAN_04), "/schema_version", TextNode.valueOf("0.9"));
        assertEquals(List.of("EvaluatorPlan: /schema_version: unsupported version \"0.9\"; supported versions: 0.1, 0.2, 0.3, 0.4, 0.5"),
                messages(plan));
        ObjectNode wu = Fixtures.with(Fixtures.json(WORK_UNIT), "/schema_version", TextNode.valueOf("0.1"));
        assertEquals(List.of("WorkUnit: /schema_version: unsupported version \"0.1\"; supported versions: 0.2"), messages(wu));
        ObjectNode numeric = Fixtures.with(Fixtures.json(WORK_UNIT), "/schema_version", DoubleNode.valueOf(0.2));
        assertEquals(List.of("WorkUnit: /schema_version: must be a string, not a fractional number; supported versions: 0.2"),
                messages(numeric));
        assertEquals(List.of("WorkUnit: /schema_version: is required but missing; supported versions: 0.2"),
                messages(Fixtures.without(Fixtures.json(WORK_UNIT), "/schema_version")));
    }

    @Test
    void versionMustMatchTheShape() {
        // A v0.4 plan relabelled v0.3 is checked against v0.3 and fails there, never silently accepted.
        ObjectNode plan = Fixtures.with(Fixtures.json(PLAN_04), "/schema_version", TextNode.valueOf("0.3"));
        List<String> m = messages(plan);
        assertTrue(m.contains("EvaluatorPlan v0.3: /backend/required_removed_substrings: is not allowed here (unknown field)"), m.toString());
        assertTrue(m.contains("EvaluatorPlan v0.3: /verifier/adapter_version: must be \"0.2.0\""), m.toString());
    }

    @Test
    void documentsOfNoKnownTypeAreRefused() {
        ObjectNode other = JsonNodeFactory.instance.objectNode();
        other.put("schema_version", "0.1").put("run_id", "x").put("candidate_artifact_id", "y");
        assertEquals(List.of("document: not a WorkUnit, ResultManifest, EvaluatorPlan or VerificationResult:"
                + " too few of the fields that identify one are present"), messages(other));
        InvalidDocumentException array = assertThrows(InvalidDocumentException.class,
                () -> READER.validate(JsonNodeFactory.instance.arrayNode()));
        assertEquals(List.of("document: must be a JSON object, not an array"), array.messages());
    }

    @Test
    void aDocumentMissingSomeFieldsIsStillRecognised() {
        ObjectNode wu = Fixtures.without(Fixtures.without(Fixtures.json(WORK_UNIT), "/security"), "/budget");
        assertEquals(List.of("WorkUnit v0.2: /security: is required but missing", "WorkUnit v0.2: /budget: is required but missing"),
                messages(wu));
    }

    @Test
    void expectedTypeIsEnforced() {
        InvalidDocumentException e = assertThrows(InvalidDocumentException.class,
                () -> READER.validate(Fixtures.json(WORK_UNIT), DocumentType.EVALUATOR_PLAN));
        assertEquals(List.of("document: expected an EvaluatorPlan, but this is a WorkUnit"), e.messages());
        assertThrows(InvalidDocumentException.class, () -> READER.readResultManifest(Fixtures.json(WORK_UNIT)));
    }

    @Test
    void validateAsChecksAgainstTheGivenType() {
        ObjectNode thin = JsonNodeFactory.instance.objectNode().put("schema_version", "0.1").put("id", "abc");
        InvalidDocumentException e = assertThrows(InvalidDocumentException.class,
                () -> READER.validateAs(thin, DocumentType.RESULT_MANIFEST));
        assertTrue(e.messages().contains("ResultManifest v0.1: /work_unit_id: is required but missing"), e.messages().toString());
    }

    @Test
    void jsonFaultsAreReportedAsInvalidJson() {
        byte[] duplicate = "{\"id\": \"a\", \"id\": \"b\"}".getBytes(StandardCharsets.UTF_8);
        InvalidDocumentException e = assertThrows(InvalidDocumentException.class, () -> READER.validate(duplicate));
        assertEquals("invalid JSON", e.subject());
        assertTrue(e.getMessage().contains("Duplicate field 'id'"), e.getMessage());
        byte[] trailing = "{} {}".getBytes(StandardCharsets.UTF_8);
        assertEquals("invalid JSON", assertThrows(InvalidDocumentException.class, () -> READER.validate(trailing)).subject());
    }

    @Test
    void readsFromFilesAndReportsMissingOnes(@TempDir Path dir) throws IOException, InvalidDocumentException {
        Path file = dir.resolve("wu.json");
        Files.write(file, Fixtures.bytes(WORK_UNIT));
        assertEquals("tinypage/fix-last-page", READER.readWorkUnit(file).id());
        assertThrows(NoSuchFileException.class, () -> READER.validate(dir.resolve("absent.json")));
    }

    @Test
    void validDocumentKeepsTheJsonAsRead() throws Exception {
        ObjectNode json = Fixtures.json(WORK_UNIT);
        ValidDocument doc = READER.validate(json);
        assertEquals(json, doc.json());
        doc.json().put("id", "changed");
        assertEquals(json, doc.json(), "callers get copies");
        assertEquals(dev.patchverdict.digest.Digests.canonical(json), doc.canonicalDigest());
    }

    @Test
    void projectExamplesAreBoundToEachOtherByCanonicalDigest() throws Exception {
        WorkUnit wu = READER.readWorkUnit(Fixtures.json(WORK_UNIT));
        ResultManifest rm = READER.readResultManifest(Fixtures.json(ResultManifest.VERSION));
        VerificationResult vr = READER.readVerificationResult(Fixtures.json(VerificationResult.VERSION));
        assertEquals(wu.canonicalDigest(), rm.provenance().workUnitDigest());
        assertEquals(wu.canonicalDigest(), vr.provenance().workUnitDigest());
        assertEquals(rm.canonicalDigest(), vr.provenance().resultManifestDigest());
        assertEquals(dev.patchverdict.digest.Digests.canonical(StrictJson.withDefaults().read(Fixtures.bytes(WORK_UNIT))),
                wu.canonicalDigest());
    }

    @Test
    void modelsExposeWhatAMetadataVerifierChecks() throws Exception {
        WorkUnit wu = READER.readWorkUnit(Fixtures.json(WORK_UNIT));
        assertEquals(List.of("unit-tests", "scope-review"), wu.requiredValidatorIds());
        assertEquals(List.of("src/tinypage/paging.py", "tests/test_paging.py"), wu.constraints().allowedPaths());
        assertEquals("4f1c2a9e0b7d3c5a6f8e9d0c1b2a3f4e5d6c7b8a", wu.sourceRevision().orElseThrow());
        ResultManifest rm = READER.readResultManifest(Fixtures.json(ResultManifest.VERSION));
        assertEquals("agent/coder-7", rm.worker().id());
        assertEquals(ResultManifest.Status.SUCCEEDED, rm.status());
        ResultManifest.ProducedArtifact patch = rm.artifactsWithId("candidate-patch").get(0);
        assertEquals(ResultManifest.ArtifactType.PATCH, patch.type());
        assertEquals("changes.patch", patch.locator());
        assertEquals(List.of(LogType.STDOUT, LogType.STDERR, LogType.TOOL_CALLS), rm.logs().stream().map(ResultManifest.LogEntry::type).toList());
        assertTrue(rm.logs().get(2).digest().isEmpty());
        assertEquals(new Metric("coverage_delta", java.util.Optional.empty()), rm.metrics().get(3));
        assertEquals(IntNode.valueOf(1), rm.metrics().get(0).value().orElseThrow().toNode());
    }
}
