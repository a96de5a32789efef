// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave;

import static dev.patchverdict.behave.BehaveFixture.CALC_FIXED;
import static dev.patchverdict.behave.BehaveFixture.checks;
import static dev.patchverdict.behave.BehaveFixture.python;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.TestGroups;
import dev.patchverdict.behave.judge.Verdict;
import dev.patchverdict.behave.sandbox.GitTrees;
import dev.patchverdict.behave.sandbox.HostTools;
import dev.patchverdict.behave.sandbox.Sandbox;
import dev.patchverdict.behave.sandbox.SandboxLimits;
import dev.patchverdict.behave.sandbox.TestSandbox;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The candidate and the repository must not reach the host: every test runs the real sandbox and git. */
@Tag(TestGroups.GIT)
class HostReachTest {
    static final String COPY_FROM_HOST = String.join("\n",
            "diff --git a/etc/shadow b/notes.txt",
            "similarity index 100%",
            "copy from /etc/shadow",
            "copy to notes.txt",
            "");

    @TempDir
    Path dir;

    @Test
    void aCopyFromAHostFileIsRefusedBeforeAnythingIsApplied() throws Exception {
        BehaveFixture f = BehaveFixture.create(dir, BehaveFixture.calcRepo()).withPatchText(COPY_FROM_HOST)
                .records(checks(python("reads-notes", "contract", "print(open('notes.txt').read())")));
        BehaveException e = assertThrows(BehaveException.class, f::run);
        assertTrue(e.what().endsWith("changes.patch"), e.what());
        assertTrue(e.getMessage().contains("'diff --git a/etc/shadow b/notes.txt'"), e.getMessage());
        assertTrue(e.getMessage().contains("PATH_ABSOLUTE"), e.getMessage());
        assertFalse(Files.exists(dir.resolve("records/behave-result.json")));
    }

    @Test
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void gitApplyRunsInsideTheSandboxWhereHostFilesAreNotThere() throws Exception {
        BehaveFixture f = BehaveFixture.create(dir, BehaveFixture.calcRepo());
        Path scratch = Files.createDirectories(TestSandbox.passable(dir).resolve("scratch"));
        GitTrees trees = GitTrees.locate(HostTools.fromEnvironment(TestSandbox.hostEnv()), scratch).orElseThrow();
        Path tree = trees.export(f.repo, f.commit, "patched");
        Path patch = Files.writeString(dir.resolve("copy.patch"), COPY_FROM_HOST.replace("/etc/shadow", "/etc/passwd"));
        BehaviouralRunner runner = new BehaviouralRunner(TestSandbox.required(scratch), trees, scratch);
        GitTrees.ApplyOutcome o = runner.apply(tree, patch, new SandboxLimits(20, 10, 512, 1 << 16, 1 << 20));
        assertInstanceOf(GitTrees.ApplyOutcome.Refused.class, o, o.toString());
        assertFalse(Files.exists(tree.resolve("notes.txt")), "the host's /etc/passwd was copied into the tree");
    }

    @Test
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void theRepositorysOwnConfigurationRunsNothing() throws Exception {
        BehaveFixture f = BehaveFixture.create(dir, Map.of("calc.py", BehaveFixture.CALC_BUGGY,
                ".gitattributes", "* filter=evil\n")).candidate(Map.of("calc.py", CALC_FIXED))
                .records(BehaveRunTest.standardChecks());
        Path smudged = dir.resolve("smudge-ran");
        Path monitored = dir.resolve("fsmonitor-ran");
        BehaveFixture.git(f.repo, "config", "filter.evil.smudge", "touch '" + smudged + "'; cat");
        BehaveFixture.git(f.repo, "config", "core.fsmonitor", "touch '" + monitored + "'; false");
        Behave.Outcome o = f.run();
        assertEquals(Verdict.PROVEN, o.verdict(), o.report());
        assertFalse(Files.exists(smudged), "the repository's filter driver ran on the host");
        assertFalse(Files.exists(monitored), "the repository's core.fsmonitor ran on the host");
    }

    @Test
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void theCandidateIsReadOnceAndTheCopyIsWhatIsApplied() throws Exception {
        BehaveFixture f = BehaveFixture.create(dir, BehaveFixture.calcRepo()).candidate(Map.of("calc.py", CALC_FIXED))
                .records(BehaveRunTest.standardChecks());
        BehaveRequest request = f.writeAndCommit();
        Path original = f.candidateRoot.resolve("changes.patch");
        String swapped = f.patchText.replace("+    return a + b", "+    return a * b");
        AtomicBoolean rewritten = new AtomicBoolean();
        Behave.Settings s = f.settings();
        // The worker rewrites its patch after admission, when the sandbox is first consulted.
        Behave.Settings racing = new Behave.Settings(s.clock(), s.env(), s.toolVersion(), s.scratchParent(),
                site -> new Rewriting(s.sandbox().apply(site), () -> {
                    if (rewritten.compareAndSet(false, true)) {
                        Files.writeString(original, swapped);
                    }
                }));
        Behave.Outcome o = Behave.run(request, racing);
        assertTrue(rewritten.get());
        assertEquals(Verdict.PROVEN, o.verdict(), "the admitted bytes, not the rewritten ones, are applied: "
                + o.report());
    }

    /** The real sandbox, with a side effect the first time it is asked whether it is available. */
    private record Rewriting(Sandbox real, IoAction before) implements ForwardingSandbox {
        @Override
        public java.util.Optional<String> unavailableReason() {
            try {
                before.run();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return real.unavailableReason();
        }
    }

    @FunctionalInterface
    private interface IoAction {
        void run() throws IOException;
    }
}
