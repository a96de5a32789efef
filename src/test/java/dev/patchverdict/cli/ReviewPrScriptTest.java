// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.patchverdict.SharedData;
import dev.patchverdict.TestGroups;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
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
        assertTrue(bad.out().contains("::error file=pull-request.diff,line="), bad.out());
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

    /** The review step of action.yml: its shell script, run as the runner runs a bash step. */
    static JsonNode actionStep(String id) throws IOException {
        JsonNode action = new YAMLMapper().readTree(Path.of(System.getProperty("user.dir"), "action.yml").toFile());
        for (JsonNode step : action.path("runs").path("steps")) {
            if (step.path("id").asText().equals(id)) {
                return step;
            }
        }
        throw new AssertionError("action.yml has no step " + id);
    }

    /** Runs the Action's review step with the environment the runner gives it, in {@code repo}. */
    static Run runAsTheAction(Path repo, Path runner, String base, String head, String sarif) throws Exception {
        JsonNode step = actionStep("review");
        Path script = Files.createTempFile(runner, "step", ".sh");
        Files.writeString(script, step.path("run").asText());
        Path temp = Files.createDirectories(runner.resolve("temp"));
        Map<String, String> env = new HashMap<>();
        env.put("GITHUB_ACTIONS", "true");
        env.put("GITHUB_WORKSPACE", repo.toString());
        env.put("GITHUB_ACTION_PATH", System.getProperty("user.dir"));
        env.put("RUNNER_TEMP", temp.toString());
        env.put("GITHUB_OUTPUT", runner.resolve("output").toString());
        env.put("GITHUB_STEP_SUMMARY", runner.resolve("summary.md").toString());
        env.put("BASE", base);
        env.put("HEAD_SHA", head);
        env.put("SARIF", sarif);
        env.put("PATCHVERDICT_CLASSPATH", System.getProperty("java.class.path"));
        assertTrue(step.path("env").has("SARIF") && step.path("env").has("BASE") && step.path("env").has("HEAD_SHA"),
                "the step reads its inputs from the environment, never pasted into the script");
        Files.deleteIfExists(runner.resolve("output"));
        Run shell = run(repo, env, "bash", "--noprofile", "--norc", "-eo", "pipefail", script.toString());
        assertEquals(0, shell.code(), "the step itself succeeds; the next step fails the job on its exit-code: " + shell.out());
        // review's exit status, as the step hands it to the next one
        String code = Files.readAllLines(runner.resolve("output")).stream().filter(l -> l.startsWith("exit-code="))
                .reduce((a, b) -> b).orElseThrow().substring("exit-code=".length());
        return new Run(Integer.parseInt(code), shell.out());
    }

    /** Every file below {@code dir}, links not followed, with its bytes (a link as its target). */
    static Map<String, String> tree(Path dir) throws IOException {
        Map<String, String> out = new java.util.TreeMap<>();
        if (!Files.exists(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return out;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.toList()) {
                if (Files.isSymbolicLink(p)) {
                    out.put(dir.relativize(p).toString(), "-> " + Files.readSymbolicLink(p));
                } else if (Files.isRegularFile(p)) {
                    out.put(dir.relativize(p).toString(), Files.readString(p, StandardCharsets.ISO_8859_1));
                }
            }
        }
        return out;
    }

    private static final Pattern OWN_COMMAND = Pattern.compile("::(error|warning|notice) file=pull-request\\.diff,[^\n]*");

    @Test
    void aHostileCheckoutCannotRedirectOrInjectWhatTheActionWrites(@TempDir Path tmp) throws Exception {
        SharedData.require(Files.isExecutable(Path.of("/usr/bin/git")) || Files.isExecutable(Path.of("/bin/git")), "git is not installed");
        Path repo = Files.createDirectories(tmp.resolve("repo"));
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Files.writeString(outside.resolve("victim.txt"), "the runner's own file\n");
        Files.createDirectories(outside.resolve("elsewhere"));
        git(repo, "init", "-q");
        Files.writeString(repo.resolve("app.py"), "x = 1\n");
        git(repo, "add", "-A");
        git(repo, "commit", "-qm", "base");
        String base = git(repo, "rev-parse", "HEAD");

        // What the pull request commits: links where the Action writes, and names that are shell or workflow syntax.
        Files.createSymbolicLink(repo.resolve("pull-request.diff"), outside.resolve("victim.txt"));
        Files.createSymbolicLink(repo.resolve("patchverdict.sarif"), outside.resolve("victim.txt"));
        Files.createSymbolicLink(repo.resolve("out"), outside.resolve("elsewhere"));
        Files.createDirectories(repo.resolve("reports"));
        Files.createSymbolicLink(repo.resolve("reports/link.sarif"), outside.resolve("victim.txt"));
        Files.createSymbolicLink(repo.resolve("reports/up"), Path.of("../out"));
        for (String name : List.of("new\nline.py", "$(touch PWNED).py", "`touch PWNED`.py", "-rf", "--output=x.sarif",
                "::error::injected.py", "x\n::add-mask::secret\n.py", "::stop-commands::token")) {
            Files.writeString(repo.resolve(name), "print('hi')\n");
        }
        Files.writeString(repo.resolve("app.py"), "x = 2\n");
        git(repo, "add", "-A");
        git(repo, "commit", "-qm", "hostile");
        String head = git(repo, "rev-parse", "HEAD");
        Map<String, String> outsideBefore = tree(outside);

        for (String sarif : List.of("out/review.sarif", "patchverdict.sarif", "reports/link.sarif", "reports/up/x/review.sarif",
                "pull-request.diff", "reports/../../outside/elsewhere/review.sarif")) {
            Path runner = Files.createDirectories(tmp.resolve("runner" + System.nanoTime()));
            Run r = runAsTheAction(repo, runner, base, head, sarif);
            assertEquals(2, r.code(), sarif + ": a named output through a link in the checkout is refused: " + r.out());
            assertTrue(r.out().contains("patchverdict: " + sarif + ": "), r.out());
            assertEquals(outsideBefore, tree(outside), sarif + ": nothing outside the checkout changed");
            assertEquals("", git(repo, "status", "--porcelain", "--ignored"), sarif + ": nothing in the checkout changed");
            assertNoInjection(r.out(), tmp);
            // The findings still reach code scanning: from the Action's own folder, not from the checkout.
            String output = Files.readString(runner.resolve("output"));
            assertTrue(output.contains("sarif-file=" + runner.resolve("temp")), output);
        }

        Path runner = Files.createDirectories(tmp.resolve("runner-safe"));
        Run ok = runAsTheAction(repo, runner, base, head, "safe/dir/review.sarif");
        assertTrue(ok.code() == 0 || ok.code() == 1, ok.out());
        assertNoInjection(ok.out(), tmp);
        assertEquals(outsideBefore, tree(outside));
        Path published = repo.resolve("safe/dir/review.sarif");
        assertTrue(Files.isRegularFile(published, java.nio.file.LinkOption.NOFOLLOW_LINKS), ok.out());
        ReviewCommandTest.assertSarif(new ObjectMapper().readTree(published.toFile()));
        List<String> outputs = Files.readAllLines(runner.resolve("output"));
        String own = outputs.stream().filter(l -> l.startsWith("sarif-file=")).findFirst().orElseThrow().substring("sarif-file=".length());
        assertTrue(Path.of(own).startsWith(runner.resolve("temp")), own);
        assertEquals(Files.readString(Path.of(own)), Files.readString(published));
        assertEquals("?? safe/", git(repo, "status", "--porcelain", "--ignored"), "only the named output was written");

        JsonNode upload = null;
        for (JsonNode step : new YAMLMapper().readTree(Path.of(System.getProperty("user.dir"), "action.yml").toFile())
                .path("runs").path("steps")) {
            if (step.path("uses").asText().startsWith("github/codeql-action/upload-sarif")) {
                upload = step;
            }
        }
        assertTrue(upload != null && upload.path("with").path("sarif_file").asText().contains("steps.review.outputs.sarif-file"),
                "code scanning gets the Action's own copy, never a path in the checkout: " + upload);
    }

    /** No file was made by a name's shell syntax, and every workflow command printed is one of review's own. */
    private static void assertNoInjection(String out, Path tmp) throws IOException {
        try (Stream<Path> s = Files.walk(tmp)) {
            assertEquals(List.of(), s.filter(p -> p.getFileName().toString().equals("PWNED")).toList());
        }
        for (String line : out.split("\n", -1)) {
            if (line.startsWith("::")) {
                assertTrue(OWN_COMMAND.matcher(line).matches(), "a workflow command review did not mean: " + line);
            }
        }
    }
}
