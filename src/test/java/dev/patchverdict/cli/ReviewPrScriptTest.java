// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.patchverdict.TestGroups;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The GitHub Action's logic, scripts/review-pr.sh, run against a real repository made here (not the hosted service). */
class ReviewPrScriptTest {
    private static final Path SCRIPT = Path.of(System.getProperty("user.dir"), "scripts", "review-pr.sh");

    record Run(int code, String out) {}

    static Run run(Path dir, Map<String, String> env, String... cmd) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().putAll(env);
        pb.environment().put("GIT_AUTHOR_NAME", "t");
        pb.environment().put("GIT_AUTHOR_EMAIL", "t@example.com");
        pb.environment().put("GIT_COMMITTER_NAME", "t");
        pb.environment().put("GIT_COMMITTER_EMAIL", "t@example.com");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "finishes");
        return new Run(p.exitValue(), out);
    }

    static String git(Path repo, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("git", "-c", "init.defaultBranch=main", "-c", "core.autocrlf=false"));
        cmd.addAll(List.of(args));
        Run r = run(repo, Map.of(), cmd.toArray(String[]::new));
        assertEquals(0, r.code(), String.join(" ", cmd) + ": " + r.out());
        return r.out().trim();
    }

    @Test
    @Tag(TestGroups.GIT)
    void aCleanPullRequestPassesAndAnExecutableFileIsAFinding(@TempDir Path repo) throws Exception {
        TestGroups.require(TestGroups.GIT);
        git(repo, "init", "-q");
        Files.writeString(repo.resolve("app.py"), "import os\nx = unsafe_call(1)\nprint(x)\n");
        git(repo, "add", "-A");
        git(repo, "commit", "-qm", "base");
        String base = git(repo, "rev-parse", "HEAD");
        Files.writeString(repo.resolve("app.py"), "import os\nx = safe_call(1)\nprint(x)\n");
        git(repo, "commit", "-qam", "fix");
        String clean = git(repo, "rev-parse", "HEAD");
        Map<String, String> env = Map.of("PATCHVERDICT_CLASSPATH", System.getProperty("java.class.path"),
                "GITHUB_STEP_SUMMARY", repo.resolve("summary.md").toString());

        Run ok = run(repo, env, "bash", SCRIPT.toString(), base, clean, "out/review.sarif");
        assertEquals(0, ok.code(), ok.out());
        JsonNode sarif = new ObjectMapper().readTree(repo.resolve("out/review.sarif").toFile());
        ReviewCommandTest.assertSarif(sarif);
        assertEquals(0, sarif.path("runs").get(0).path("results").size());
        assertTrue(Files.readString(repo.resolve("summary.md")).contains("| 1 | 1 | 1 | 0 |"), "the step summary is written");

        Files.writeString(repo.resolve("run.sh"), "#!/bin/sh\necho hi\n");
        repo.resolve("run.sh").toFile().setExecutable(true);
        git(repo, "add", "run.sh");
        git(repo, "commit", "-qm", "script");
        String exec = git(repo, "rev-parse", "HEAD");
        Run bad = run(repo, env, "bash", SCRIPT.toString(), base, exec, "out/review.sarif");
        assertEquals(1, bad.code(), bad.out());
        assertTrue(bad.out().contains("::error file=out/pull-request.diff,line="), bad.out());
        assertTrue(bad.out().contains("title=EXECUTABLE_BIT::"), bad.out());
        JsonNode s2 = new ObjectMapper().readTree(repo.resolve("out/review.sarif").toFile());
        ReviewCommandTest.assertSarif(s2);
        assertEquals("EXECUTABLE_BIT", s2.path("runs").get(0).path("results").get(0).path("ruleId").asText());

        Run none = run(repo, env, "bash", SCRIPT.toString(), exec, exec, "out/none.sarif");
        assertEquals(0, none.code(), none.out());
        assertTrue(none.out().contains("changes nothing"), none.out());
        assertFalse(Files.exists(repo.resolve("out/none.sarif")));

        Run missing = run(repo, env, "bash", SCRIPT.toString(), "0123456789abcdef0123456789abcdef01234567", exec);
        assertEquals(2, missing.code(), missing.out());
        assertTrue(missing.out().contains("not a commit"), missing.out());
    }
}
