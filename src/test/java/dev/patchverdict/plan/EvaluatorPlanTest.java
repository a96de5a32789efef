// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.patchverdict.digest.Digest;
import dev.patchverdict.record.DocumentReader;
import dev.patchverdict.record.DocumentType;
import dev.patchverdict.record.DocumentVersion;
import dev.patchverdict.record.Fixtures;
import dev.patchverdict.record.InvalidDocumentException;
import dev.patchverdict.record.LogType;
import dev.patchverdict.record.WorkUnit;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** One model for every plan version; the contract type carries the meaning and fixes the version. */
class EvaluatorPlanTest {
    private static final EvaluatorPlanReader READER = EvaluatorPlanReader.strict();

    private static ObjectNode fixture(String version) {
        return Fixtures.json(DocumentType.EVALUATOR_PLAN, version);
    }

    private static EvaluatorPlan read(String version) throws InvalidDocumentException {
        return READER.read(fixture(version));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0.1", "0.2", "0.3", "0.4", "0.5"})
    void eachVersionRoundTripsThroughTheOneModel(String version) throws Exception {
        EvaluatorPlan plan = read(version);
        assertEquals(version, plan.schemaVersion());
        assertEquals(DocumentVersion.of(DocumentType.EVALUATOR_PLAN, version), plan.documentVersion());
        assertEquals(fixture(version), plan.toJson());
        assertEquals(List.of(), DocumentReader.strict().problems(plan));
        assertEquals(plan, READER.read(plan.toJson()));
    }

    @Test
    void contractTypeFollowsTheVersion() throws Exception {
        JsonCandidateContract v1 = assertInstanceOf(JsonCandidateContract.class, read("0.1").contract());
        assertEquals(List.of("summary.json"), v1.allowedFiles());
        assertEquals(4096, v1.maxCandidateBytes());
        assertEquals("src/tinypage/paging.py", v1.requiredJson().at("/changed/0").asText());

        ExactAddedLinesContract v2 = assertInstanceOf(ExactAddedLinesContract.class, read("0.2").contract());
        assertEquals(List.of("    return -(-n // size)"), v2.requiredAddedLines());

        AddedSubstringsContract v3 = assertInstanceOf(AddedSubstringsContract.class, read("0.3").contract());
        assertEquals(List.of("-(-n // size)"), v3.requiredAddedSubstrings());

        AddedAndRemovedSubstringsContract v4 = assertInstanceOf(AddedAndRemovedSubstringsContract.class, read("0.4").contract());
        assertEquals(List.of("-(-n // size)"), v4.requiredAddedSubstrings());
        assertEquals(List.of("return n // size"), v4.requiredRemovedSubstrings());
        assertEquals(List.of(LogType.STDOUT, LogType.STDERR), v4.requiredLogTypes());
        assertEquals(new DiffBackend(65536, 262144, true, true), v4.backend());
    }

    @Test
    void planExposesWhatAMetadataVerifierChecks() throws Exception {
        EvaluatorPlan plan = read("0.4");
        WorkUnit wu = DocumentReader.strict().readWorkUnit(Fixtures.json(WorkUnit.VERSION));
        assertEquals(new Binding(wu.id(), wu.version(), wu.canonicalDigest(), wu.sourceRevision().orElseThrow()), plan.binding());
        assertEquals(new VerifierIdentity("idkmesh-local-verifier", "system", "deterministic-patch-verifier", "0.3.0"), plan.verifier());
        assertEquals(List.of("unit-tests", "scope-review"), plan.requiredValidatorIds());
        assertEquals("candidate-patch", plan.candidateArtifactId());
        assertEquals(Policy.STRICT, plan.policy());
        assertEquals(Visibility.HIDDEN, plan.visibility());
        assertEquals(ExecutionMode.METADATA_ONLY, plan.executionMode());
        assertEquals(fixture("0.4").get("extensions"), plan.extensions().orElseThrow());
    }

    @Test
    void unknownVersionIsRefusedWithTheSupportedList() {
        ObjectNode plan = Fixtures.with(fixture("0.4"), "/schema_version", TextNode.valueOf("0.9"));
        InvalidDocumentException e = assertThrows(InvalidDocumentException.class, () -> READER.read(plan));
        assertEquals(List.of("EvaluatorPlan: /schema_version: unsupported version \"0.9\"; supported versions: 0.1, 0.2, 0.3, 0.4, 0.5"),
                e.messages());
    }

    @Test
    void aPlanFileMustBeAPlan() {
        InvalidDocumentException e = assertThrows(InvalidDocumentException.class,
                () -> READER.read(Fixtures.json(WorkUnit.VERSION)));
        assertEquals(List.of("document: expected an EvaluatorPlan, but this is a WorkUnit"), e.messages());
    }

    @Test
    void v03SubstringsMustStayOnOneLine() {
        ObjectNode plan = Fixtures.with(fixture("0.3"), "/backend/required_added_substrings/0", TextNode.valueOf("a\nb"));
        InvalidDocumentException e = assertThrows(InvalidDocumentException.class, () -> READER.read(plan));
        assertEquals(List.of("EvaluatorPlan v0.3: /backend/required_added_substrings/0: must match the pattern ^[^\\r\\n]+$"),
                e.messages());
        assertThrows(IllegalArgumentException.class,
                () -> new AddedSubstringsContract(DiffBackend.of(1, 1), List.of(LogType.STDOUT), List.of("a\rb")));
    }

    @Test
    void builtPlansCarryTheVerifierTheirVersionPins() throws Exception {
        Binding binding = new Binding("tinypage/fix-last-page", 3, Digest.parse("sha256:" + "a".repeat(64)), "4f1c2a9");
        EvaluatorPlan plan = EvaluatorPlan.of("tinypage/built-plan", binding, Visibility.PUBLIC, List.of("unit-tests"),
                "candidate-patch",
                new AddedAndRemovedSubstringsContract(DiffBackend.of(1000, 2000), List.of(LogType.STDOUT), List.of("new("),
                        List.of("old(")),
                Optional.empty());
        assertEquals("0.3.0", plan.verifier().adapterVersion());
        assertEquals(List.of(), DocumentReader.strict().problems(plan));
        assertEquals(plan, READER.read(plan.toJson()));

        IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class, () -> new EvaluatorPlan(
                "tinypage/built-plan", binding, Visibility.PUBLIC, ExecutionMode.METADATA_ONLY,
                ExactAddedLinesContract.VERIFIER, List.of("unit-tests"), "candidate-patch",
                new AddedSubstringsContract(DiffBackend.of(1, 1), List.of(LogType.STDOUT), List.of("x")), Policy.STRICT,
                Optional.empty()));
        assertTrue(wrong.getMessage().startsWith("EvaluatorPlan v0.3 is written for verifier"), wrong.getMessage());
    }

    @Test
    void pinnedSwitchesAndPoliciesCannotBeTurnedOff() {
        assertThrows(IllegalArgumentException.class, () -> new DiffBackend(1, 1, false, true));
        assertThrows(IllegalArgumentException.class, () -> new DiffBackend(1, 1, true, false));
        assertThrows(IllegalArgumentException.class, () -> new Policy(true, false, true));
        assertThrows(IllegalArgumentException.class, () -> new JsonCandidateContract(List.of(), 1, JsonNodeFactory.instance.objectNode()));
    }

    @Test
    void everyMeaningIsHandledBySomeCaller() throws Exception {
        // The switch below compiles only while Contract's permitted types are exactly these.
        for (String v : List.of("0.1", "0.2", "0.3", "0.4", "0.5")) {
            Contract c = read(v).contract();
            String meaning;
            if (c instanceof JsonCandidateContract) {
                meaning = "json";
            } else if (c instanceof ExactAddedLinesContract) {
                meaning = "exact lines";
            } else if (c instanceof AddedSubstringsContract) {
                meaning = "added substrings";
            } else if (c instanceof AddedAndRemovedSubstringsContract) {
                meaning = "added and removed substrings";
            } else if (c instanceof StrictTransitionContract) {
                meaning = "strict transition";
            } else {
                throw new AssertionError("unexpected contract " + c);
            }
            assertEquals(v, c.schemaVersion(), meaning);
        }
        assertEquals(2, Contract.class.getPermittedSubclasses().length);
        assertEquals(4, DiffContract.class.getPermittedSubclasses().length);
    }

    @Test
    void documentModelsMapsAllFiveTypes() throws Exception {
        for (DocumentVersion v : DocumentVersion.all()) {
            assertEquals(v, DocumentModels.map(DocumentReader.strict().validate(Fixtures.json(v))).documentVersion());
        }
    }
}
