// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static dev.patchverdict.cli.ReviewPrScriptTest.git;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.patchverdict.SharedData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pre-commit hook as pre-commit runs it: the entry's words, then the staged names that match its files
 * pattern, in a real repository, whatever those names look like.
 */
class PreCommitHookTest {
    static final Path FIXTURES = Path.of("verification/fixtures/diff").toAbsolutePath();

    @Test
    void stagedNamesThatLookLikeOptionsOrArgumentFilesAreReviewedAsFiles(@TempDir Path repo) throws Exception {
        SharedData.require(Files.isExecutable(Path.of("/usr/bin/git")) || Files.isExecutable(Path.of("/bin/git")), "git is not installed");
        JsonNode hook = new YAMLMapper().readTree(Path.of(".pre-commit-hooks.yaml").toFile()).get(0);
        assertEquals("patchverdict-review", hook.path("id").asText());
        String[] entry = hook.path("entry").asText().trim().split(" +");
        assertEquals("patchverdict", entry[0]);

        git(repo, "init", "-q");
        byte[] accepted = Files.readAllBytes(FIXTURES.resolve("ok-modify.patch"));
        Files.write(repo.resolve("@x.patch"), new byte[0]); // read as an argument file, it would name x.patch
        Files.writeString(repo.resolve("x.patch"), "--help\n"); // whose one line asks for the usage and exit 0
        Files.write(repo.resolve("evil.patch"), Files.readAllBytes(FIXTURES.resolve("absolute-path.patch")));
        Files.write(repo.resolve("--output=report.patch"), accepted);
        Files.write(repo.resolve("-h.patch"), accepted);
        Files.write(repo.resolve("--allow=symlink.patch"), accepted);
        git(repo, "add", "-A");

        // as pre-commit lists them: staged, added or changed, matching the hook's files pattern
        Pattern files = Pattern.compile(hook.path("files").asText());
        List<String> staged = new ArrayList<>();
        for (String name : git(repo, "diff", "--staged", "--name-only", "--no-ext-diff", "-z", "--diff-filter=ACMRTUXB").split("\0")) {
            if (!name.isEmpty() && files.matcher(name).find()) {
                staged.add(name);
            }
        }
        assertEquals(6, staged.size(), staged.toString());

        // The launcher hands its arguments to the jar unchanged; this runs the same main class in the repository.
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(entry).subList(1, entry.length));
        cmd.addAll(staged);
        ReviewPrScriptTest.Run r = ReviewPrScriptTest.run(repo, Map.of(), cmd.toArray(String[]::new));

        assertEquals(1, r.code(), "the rejected patch fails the commit: " + r.out());
        assertFalse(r.out().contains("Usage:"), r.out());
        for (String line : List.of("PASSED --allow=symlink.patch ", "PASSED --output=report.patch ", "PASSED -h.patch ",
                "EMPTY @x.patch ", "REJECTED evil.patch ", "REJECTED x.patch ")) {
            assertTrue(r.out().contains("\n" + line) || r.out().startsWith(line), line + ": " + r.out());
        }
        assertTrue(r.out().contains("| 6 | 3 | 3 | 2 | 1 | 0 | 0 |"), r.out());
        assertFalse(Files.exists(repo.resolve("report.patch")), "no staged name redirects the report");
    }
}
