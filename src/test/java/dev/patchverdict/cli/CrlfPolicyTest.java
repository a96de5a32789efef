// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.SharedData;
import dev.patchverdict.diff.DiagnosticCode;
import dev.patchverdict.plan.ChangePolicy;
import dev.patchverdict.plan.EvaluatorPlanReader;
import dev.patchverdict.plan.GlobSyntax;
import dev.patchverdict.plan.StrictTransitionContract;
import dev.patchverdict.record.DocumentType;
import dev.patchverdict.record.DocumentVersion;
import dev.patchverdict.record.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code crlf} is a policy like {@code binary} or {@code mode}: lines ending in CRLF are fatal by default, and
 * only warn under {@code --allow crlf} (diff check, review) or a v0.5 plan's {@code allowed_policies}.
 */
class CrlfPolicyTest {
    private static final ObjectMapper M = new ObjectMapper();
    /** A repository whose file ends its lines in CRLF: the patch's body lines must too. */
    private static final String PATCH = "diff --git a/win.txt b/win.txt\n--- a/win.txt\n+++ b/win.txt\n"
            + "@@ -1,2 +1,2 @@\n line one\r\n-old_call()\r\n+new_call()\r\n";

    @TempDir
    Path dir;

    private void patch(byte[] bytes) throws Exception {
        Files.write(dir.resolve("p.patch"), bytes);
    }

    @Test
    void diffCheckAndReviewRejectCrlfUnlessAllowed() throws Exception {
        patch(PATCH.getBytes(StandardCharsets.UTF_8));
        assertRejectedUnlessAllowed();
    }

    /** pip's vendored licence files end their lines in CRLF: a real commit to one, from its first section on. */
    @Test
    void aRealCommitToCrlfFilesIsAcceptedOnlyWithThePolicy() throws Exception {
        byte[] log = Files.readAllBytes(SharedData.corpus().resolve("human_pip/3b22ce2fa46f_logp.patch"));
        String text = new String(log, StandardCharsets.ISO_8859_1);
        patch(Arrays.copyOfRange(log, text.indexOf("diff --git "), log.length));
        assertRejectedUnlessAllowed();
    }

    private void assertRejectedUnlessAllowed() {
        CliRun strict = CliRun.in(dir, "diff", "check", "p.patch");
        assertEquals(ExitCode.FAILED, strict.code(), strict.out());
        assertTrue(strict.out().contains("CRLF_LINE_ENDING"), strict.out());
        assertFalse(strict.out().lines().anyMatch(l -> l.contains(": ") && !l.contains("CRLF_LINE_ENDING")),
                "CRLF is the only finding: " + strict.out());
        CliRun allowed = CliRun.in(dir, "diff", "check", "--allow", "crlf", "p.patch");
        assertEquals(ExitCode.PASSED, allowed.code(), allowed.out() + allowed.err());
        assertEquals(ExitCode.FAILED, CliRun.in(dir, "review", "p.patch").code());
        CliRun review = CliRun.in(dir, "review", "--allow", "crlf", "p.patch");
        assertEquals(ExitCode.PASSED, review.code(), review.out() + review.err());
    }

    @Test
    void aV05PlanAllowsCrlfThroughAllowedPolicies() throws Exception {
        Files.write(dir.resolve("wu.json"), Fixtures.bytes(DocumentVersion.of(DocumentType.WORK_UNIT, "0.2")));
        patch(PATCH.getBytes(StandardCharsets.UTF_8));
        for (boolean allow : new boolean[] {true, false}) {
            String plan = allow ? "crlf-plan.json" : "plan.json";
            CliRun made = CliRun.in(dir, "plan", "new", "--work-unit", "wu.json", "--version", "0.5", "--transition",
                    "old_call(=>new_call(", "--glob-syntax", "gitignore", "--output", plan, "--allow", allow ? "crlf,mode" : "mode");
            assertEquals(0, made.code(), made.err());
            ChangePolicy policy = ((StrictTransitionContract) EvaluatorPlanReader.strict().read(dir.resolve(plan)).contract())
                    .changePolicy();
            assertEquals(allow ? List.of("crlf") : List.of(), policy.allowedPolicies());
            JsonNode written = M.readTree(dir.resolve(plan).toFile()).path("backend").path("change_policy");
            assertEquals(allow, written.has("allowed_policies"), "absent when empty, so older plans keep their digest");
            CliRun r = CliRun.in(dir, "review", "--allow", "crlf", "--format", "jsonl", "--plan", plan, "p.patch");
            JsonNode entry = ReviewCommandTest.jsonl(r.out()).get(0);
            assertEquals(allow, entry.path("plan").path("met").asBoolean(), entry.toString());
            assertEquals(allow ? ExitCode.PASSED : ExitCode.FAILED, r.code(), r.out());
        }
    }

    @Test
    void allowedPoliciesNamesOnlyKnownPolicies() throws Exception {
        Files.write(dir.resolve("wu.json"), Fixtures.bytes(DocumentVersion.of(DocumentType.WORK_UNIT, "0.2")));
        CliRun made = CliRun.in(dir, "plan", "new", "--work-unit", "wu.json", "--version", "0.5", "--transition",
                "a=>b", "--glob-syntax", "gitignore", "--allow", "crlf", "--output", "plan.json");
        assertEquals(0, made.code(), made.err());
        ObjectNode plan = (ObjectNode) M.readTree(dir.resolve("plan.json").toFile());
        ((ArrayNode) plan.path("backend").path("change_policy").path("allowed_policies")).removeAll().add("lf");
        Files.writeString(dir.resolve("bad.json"), M.writeValueAsString(plan));
        CliRun v = CliRun.in(dir, "validate", "bad.json");
        assertEquals(ExitCode.UNDECIDED, v.code(), v.out() + v.err());
        assertTrue((v.out() + v.err()).contains("allowed_policies"), v.out() + v.err());
        assertTrue(assertThrowsMessage(() -> new ChangePolicy(false, false, false, false, true, List.of(), GlobSyntax.GITIGNORE,
                List.of(), List.of("lf"))).contains("'lf' is not one of [crlf]"));
    }

    @Test
    void theHelpListsEveryPolicyName() {
        assertEquals(DiagnosticCode.allowKeys(), Options.ALLOW_KEYS);
        CliRun r = CliRun.in(dir, "diff", "check", "--allow", "lf", "x.patch");
        assertEquals(ExitCode.USAGE, r.code());
        assertTrue(r.err().contains("(" + DiagnosticCode.allowKeys() + ")"), r.err());
    }

    private static String assertThrowsMessage(Runnable r) {
        try {
            r.run();
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        throw new AssertionError("no IllegalArgumentException");
    }
}
