// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.patchverdict.digest.Digests;
import dev.patchverdict.record.DocumentReader;
import dev.patchverdict.record.DocumentType;
import dev.patchverdict.record.Fixtures;
import dev.patchverdict.record.InvalidDocumentException;
import dev.patchverdict.record.LogType;
import dev.patchverdict.record.WorkUnit;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** EvaluatorPlan v0.5: its contract, its change policy, and the seed's transition plan. */
class StrictTransitionPlanTest {
    private static final EvaluatorPlanReader READER = EvaluatorPlanReader.strict();

    private static ObjectNode fixture() {
        return Fixtures.json(DocumentType.EVALUATOR_PLAN, "0.5");
    }

    @Test
    void theExampleReadsIntoTheStrictTransitionContract() throws Exception {
        EvaluatorPlan plan = READER.read(fixture());
        StrictTransitionContract c = assertInstanceOf(StrictTransitionContract.class, plan.contract());
        assertEquals(new VerifierIdentity("idkmesh-local-verifier", "system", "deterministic-patch-verifier", "0.4.0"),
                plan.verifier());
        assertEquals(ExecutionMode.METADATA_ONLY, plan.executionMode());
        assertEquals(List.of("-(-n // size)"), c.requiredAddedSubstrings());
        assertEquals(List.of("return n // size"), c.requiredRemovedSubstrings());
        assertEquals(List.of(new Transition("return n // size", "return -(-n // size)")), c.requiredTransitions());
        assertEquals(new ChangePolicy(false, false, false, false, true,
                List.of(".git/", ".github/", "pyproject.toml", "setup.cfg", "conftest.py"), GlobSyntax.GITIGNORE), c.changePolicy());
        assertEquals(List.of(LogType.STDOUT, LogType.STDERR), c.requiredLogTypes());
    }

    @Test
    void theListsMayBeEmptyButNotAllOfThem() throws Exception {
        ObjectNode onlyTransitions = Fixtures.with(Fixtures.with(fixture(), "/backend/required_added_substrings",
                JsonNodeFactory.instance.arrayNode()), "/backend/required_removed_substrings", JsonNodeFactory.instance.arrayNode());
        StrictTransitionContract c = (StrictTransitionContract) READER.read(onlyTransitions).contract();
        assertEquals(List.of(), c.requiredAddedSubstrings());

        ObjectNode none = Fixtures.with(onlyTransitions, "/backend/required_transitions", JsonNodeFactory.instance.arrayNode());
        InvalidDocumentException e = assertThrows(InvalidDocumentException.class, () -> READER.read(none));
        assertEquals(List.of(
                "EvaluatorPlan v0.5: /backend/required_added_substrings: must have at least 1 item, unless an alternative reported with it holds",
                "EvaluatorPlan v0.5: /backend/required_removed_substrings: must have at least 1 item, unless an alternative reported with it holds",
                "EvaluatorPlan v0.5: /backend/required_transitions: must have at least 1 item, unless an alternative reported with it holds"),
                e.messages());
        assertThrows(IllegalArgumentException.class, () -> new StrictTransitionContract(DiffBackend.of(1, 1),
                List.of(LogType.STDOUT), List.of(), List.of(), List.of(), ChangePolicy.safe(GlobSyntax.FNMATCH)));
    }

    @Test
    void aGlobTheSyntaxCannotUseIsRefusedWhereItIs() {
        ObjectNode negated = Fixtures.with(fixture(), "/backend/change_policy/protected_paths/0", TextNode.valueOf("!.git/"));
        InvalidDocumentException e = assertThrows(InvalidDocumentException.class, () -> READER.read(negated));
        assertEquals(1, e.messages().size());
        assertTrue(e.messages().get(0).startsWith("EvaluatorPlan v0.5: /backend/change_policy: gitignore glob '!.git/' is a negation"),
                e.messages().toString());
        // The same glob means a literal '!' in fnmatch.
        ObjectNode fnmatch = Fixtures.with(negated, "/backend/change_policy/glob_syntax", TextNode.valueOf("fnmatch"));
        assertEquals(GlobSyntax.FNMATCH, ((StrictTransitionContract) assertDoesNotThrow(fnmatch).contract()).changePolicy().globSyntax());
    }

    private static EvaluatorPlan assertDoesNotThrow(ObjectNode plan) {
        return org.junit.jupiter.api.Assertions.assertDoesNotThrow(() -> READER.read(plan));
    }

    @Test
    void theGlobSyntaxIsNeverGuessed() {
        ObjectNode missing = Fixtures.without(fixture(), "/backend/change_policy/glob_syntax");
        InvalidDocumentException e = assertThrows(InvalidDocumentException.class, () -> READER.read(missing));
        assertEquals(List.of("EvaluatorPlan v0.5: /backend/change_policy/glob_syntax: is required but missing"), e.messages());
    }

    @Test
    void aV05PlanIsNoV04Plan() {
        ObjectNode relabelled = Fixtures.with(fixture(), "/schema_version", TextNode.valueOf("0.4"));
        InvalidDocumentException e = assertThrows(InvalidDocumentException.class, () -> READER.read(relabelled));
        assertTrue(e.messages().contains("EvaluatorPlan v0.4: /backend/required_transitions: is not allowed here (unknown field)"),
                e.messages().toString());
    }

    @Test
    void transitionsAreWrittenRemovedArrowAdded() {
        assertEquals(new Transition("unsafe_call(", "safe_call("), Transition.parse("unsafe_call(=>safe_call("));
        assertThrows(IllegalArgumentException.class, () -> Transition.parse("a->b"));
        assertThrows(IllegalArgumentException.class, () -> Transition.parse("a=>b=>c"));
        assertThrows(IllegalArgumentException.class, () -> Transition.parse("=>b"));
        assertThrows(IllegalArgumentException.class, () -> new Transition("a\nb", "c"));
    }

    @Test
    void theSeedsTransitionPlanIsBoundToItsWorkUnit() throws Exception {
        Path dir = Path.of("verification/fixtures/patch-transition");
        EvaluatorPlan plan = READER.read(dir.resolve("plan-v0.5.json"));
        WorkUnit wu = DocumentReader.strict().readWorkUnit(dir.resolve("work-unit.json"));
        assertEquals(new Binding(wu.id(), wu.version(), Digests.canonical(wu.toJson()), wu.sourceRevision().orElseThrow()),
                plan.binding());
        StrictTransitionContract c = (StrictTransitionContract) plan.contract();
        assertEquals(List.of(new Transition("unsafe_call(", "safe_call(")), c.requiredTransitions());
        // Written by plan new before git's control files joined the default: the rest of the default, in order.
        List<String> before = new java.util.ArrayList<>(ChangePolicy.defaultProtectedPaths(GlobSyntax.GITIGNORE));
        before.removeAll(List.of(".gitattributes", ".gitmodules", ".gitignore", ".mailmap", ".lfsconfig"));
        assertEquals(new ChangePolicy(false, false, false, false, true, before, GlobSyntax.GITIGNORE), c.changePolicy());
        assertEquals(List.of("README.md", "docs/usage.md"), wu.constraints().allowedPaths());
        for (String allowed : wu.constraints().allowedPaths()) {
            assertTrue(c.changePolicy().protectingGlob(allowed).isEmpty(), allowed + ", an allowed path, is not protected");
        }
    }
}
