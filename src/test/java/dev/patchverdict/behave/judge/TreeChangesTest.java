// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import static dev.patchverdict.behave.BehaveFixture.checks;
import static dev.patchverdict.behave.BehaveFixture.python;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.TestGroups;
import dev.patchverdict.behave.Behave;
import dev.patchverdict.behave.BehaveFixture;
import dev.patchverdict.behave.plan.PlanCommitment;
import dev.patchverdict.behave.result.ResultDocument;
import dev.patchverdict.record.DocumentReader;
import dev.patchverdict.record.VerificationResult;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the base tree knows and the patch does not: symlink targets and modes, seen after applying. */
@Tag(TestGroups.GIT)
@Tag(TestGroups.BUBBLEWRAP)
@Tag(TestGroups.PYTHON3)
class TreeChangesTest {
    static final String RETARGET = String.join("\n",
            "diff --git a/config.yml b/config.yml",
            "--- a/config.yml",
            "+++ b/config.yml",
            "@@ -1 +1 @@",
            "-real.yml",
            "\\ No newline at end of file",
            "+/etc/hostname",
            "\\ No newline at end of file",
            "");
    static final String COPY_EXECUTABLE = String.join("\n",
            "diff --git a/tool.sh b/run.sh",
            "similarity index 100%",
            "copy from tool.sh",
            "copy to run.sh",
            "");

    @TempDir
    Path dir;

    private String applies(BehaveFixture f) throws Exception {
        Behave.Outcome o = f.run();
        VerificationResult r = DocumentReader.strict().readVerificationResult(dir.resolve("records/behave-result.json"));
        JsonNode level = r.extensions().orElseThrow().get(ResultDocument.EXTENSION).get("levels").get("applies");
        return level.get("verdict").textValue() + ": " + level.get("reasons").get(0).textValue() + " / " + o.report();
    }

    private BehaveFixture symlinkWorld(String patch) throws Exception {
        return BehaveFixture.create(dir, Map.of("calc.py", BehaveFixture.CALC_BUGGY, "real.yml", "a: 1\n"),
                Map.of("config.yml", "real.yml"), Set.of()).withPatchText(patch)
                .records(checks(python("reads", "contract", "print(open('config.yml').read())")));
    }

    @Test
    void aHunkThatRetargetsABaseSymlinkIsRefutedAtApplies() throws Exception {
        String a = applies(symlinkWorld(RETARGET));
        assertTrue(a.startsWith("REFUTED: "), a);
        assertTrue(a.contains("config.yml: symlink -> real.yml became symlink -> /etc/hostname"), a);
    }

    @Test
    void thePlanMayAllowSymlinkChanges() throws Exception {
        BehaveFixture f = symlinkWorld(RETARGET);
        f.plan.putObject("change_policy").put("allow_symlinks", true);
        String a = applies(f);
        assertTrue(a.startsWith("PROVEN: "), a);
    }

    @Test
    void aCopyOfAnExecutableIsAModeChange() throws Exception {
        BehaveFixture f = BehaveFixture.create(dir, Map.of("calc.py", BehaveFixture.CALC_BUGGY, "tool.sh", "echo hi\n"),
                Map.of(), Set.of("tool.sh")).withPatchText(COPY_EXECUTABLE)
                .records(checks(python("runs", "contract", "import os; assert os.path.exists('run.sh')")));
        String a = applies(f);
        assertTrue(a.startsWith("REFUTED: "), a);
        assertTrue(a.contains("run.sh: a new executable file (allow_mode_changes is false)"), a);
        f.plan.putObject("change_policy").put("allow_mode_changes", true);
        java.nio.file.Files.delete(PlanCommitment.defaultLocation(f.planFile()));
        assertEquals("PROVEN", applies(f).substring(0, 6));
    }

    /** Runs a shell command in {@code cwd}, where every path it names is relative and below PATH_MAX. */
    private static void sh(Path cwd, String script, String... args) throws Exception {
        java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of("sh", "-c", script, "sh"));
        cmd.addAll(java.util.List.of(args));
        Process p = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
    }

    @Test
    void entriesBelowAPathLongerThanTheHostsLimitAreCompared() throws Exception {
        // 4,079 bytes below the tree: with the tree's own path in front, longer than PATH_MAX.
        String deep = ("d".repeat(200) + "/").repeat(21).substring(0, 4079);
        Path base = java.nio.file.Files.createDirectories(dir.resolve("base"));
        Path patched = java.nio.file.Files.createDirectories(dir.resolve("patched"));
        for (Path t : java.util.List.of(base, patched)) {
            sh(t, "mkdir -p \"$1\" && printf x > \"$1/f\" && ln -s real \"$1/link\"", deep);
        }
        assertTrue(base.resolve(deep).toString().length() > 4096, "the test's path is past PATH_MAX");
        assertEquals(java.util.List.of(), TreeChanges.forbidden(base, patched, dev.patchverdict.behave.plan.ChangePolicy.NONE));
        sh(patched, "chmod +x \"$1/f\" && rm \"$1/link\" && ln -s /etc/hostname \"$1/link\"", deep);
        java.util.List<String> found = TreeChanges.forbidden(base, patched, dev.patchverdict.behave.plan.ChangePolicy.NONE);
        assertEquals(2, found.size(), found.toString());
        assertTrue(found.stream().anyMatch(x -> x.endsWith("/f: mode file became executable (allow_mode_changes is false)")),
                found.toString());
        assertTrue(found.stream().anyMatch(x -> x.endsWith("/link: symlink -> real became symlink -> /etc/hostname"
                + " (allow_symlinks is false)")), found.toString());
        try (var left = java.nio.file.Files.list(dir)) {
            assertEquals(java.util.Set.of("base", "patched"), left.map(p -> p.getFileName().toString())
                    .collect(java.util.stream.Collectors.toSet()), "the links were read and put back, nothing left beside");
        }
        sh(patched, "test \"$(readlink \"$1/link\")\" = /etc/hostname", deep);
        sh(dir, "rm -rf base patched"); // JUnit's own clean-up walks by path
    }
}
