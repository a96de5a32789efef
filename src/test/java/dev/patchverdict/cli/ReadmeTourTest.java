// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * README's five-minute tour says what a newcomer will see; this runs its commands, as written there, and holds
 * the output to what the page shows: the calibration table, the worked example's report, and the review and
 * audit excerpts (a {@code ...} line stands for lines left out). The few shell steps around them (making the
 * candidate folder, appending a line) are done here as the page's shell lines do them.
 */
class ReadmeTourTest {
    static final Path ROOT = Path.of(System.getProperty("user.dir"));

    /** The README's fenced blocks, in order: each its info string and lines. */
    record Block(String info, List<String> lines) {}

    static List<Block> blocks() throws IOException {
        List<Block> out = new ArrayList<>();
        List<String> current = null;
        String info = null;
        for (String line : Files.readAllLines(ROOT.resolve("README.md"), StandardCharsets.UTF_8)) {
            if (line.startsWith("```")) {
                if (current == null) {
                    current = new ArrayList<>();
                    info = line.substring(3);
                } else {
                    out.add(new Block(info, current));
                    current = null;
                }
            } else if (current != null) {
                current.add(line);
            }
        }
        return out;
    }

    /** The block after the one whose text contains {@code marker}. */
    private static Block after(List<Block> blocks, String marker) {
        for (int i = 0; i + 1 < blocks.size(); i++) {
            if (String.join("\n", blocks.get(i).lines()).contains(marker)) {
                return blocks.get(i + 1);
            }
        }
        throw new AssertionError("README has no block with " + marker);
    }

    private static Block with(List<Block> blocks, String marker) {
        return blocks.stream().filter(b -> String.join("\n", b.lines()).contains(marker)).findFirst()
                .orElseThrow(() -> new AssertionError("README has no block with " + marker));
    }

    /** A shell line's words: white space splits, single quotes keep text whole. */
    static List<String> words(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        for (char c : line.toCharArray()) {
            if (c == '\'') {
                quoted = !quoted;
                any = true;
            } else if (Character.isWhitespace(c) && !quoted) {
                if (any) {
                    out.add(w.toString());
                    w.setLength(0);
                    any = false;
                }
            } else {
                w.append(c);
                any = true;
            }
        }
        if (any) {
            out.add(w.toString());
        }
        return out;
    }

    /** The shell lines of a block, continuation lines joined. */
    static List<String> commands(List<String> lines) {
        List<String> out = new ArrayList<>();
        StringBuilder sb = new StringBuilder();
        for (String l : lines) {
            sb.append(l);
            if (l.endsWith("\\")) {
                sb.setLength(sb.length() - 1);
            } else {
                out.add(sb.toString());
                sb.setLength(0);
            }
        }
        return out;
    }

    private static CliRun patchverdict(Path dir, String line) {
        List<String> w = words(line.replaceFirst("#.*$", ""));
        assertEquals("./patchverdict", w.get(0), line);
        return CliRun.in(dir, w.subList(1, w.size()).toArray(String[]::new));
    }

    /** Every expected line appears in the output, in order; "..." lets lines go by. */
    private static void shows(List<String> expected, String out) {
        List<String> actual = out.lines().toList();
        int at = 0;
        boolean gap = false;
        for (String e : expected) {
            if (e.equals("...")) {
                gap = true;
                continue;
            }
            int found = -1;
            for (int i = at; i < actual.size() && (gap || i == at); i++) {
                if (actual.get(i).equals(e)) {
                    found = i;
                    break;
                }
            }
            assertTrue(found >= 0, "README shows '" + e + "', the command printed:\n" + out);
            at = found + 1;
            gap = false;
        }
    }

    /** Runs a console block: '$ ./patchverdict ...' and '$ echo 'TEXT' >> FILE' lines, each checked against what follows. */
    private static void console(Path dir, Block block) throws IOException {
        List<String> lines = block.lines();
        for (int i = 0; i < lines.size(); i++) {
            String cmd = lines.get(i).substring(2);
            assertTrue(lines.get(i).startsWith("$ "), lines.get(i));
            List<String> expected = new ArrayList<>();
            while (i + 1 < lines.size() && !lines.get(i + 1).startsWith("$ ")) {
                expected.add(lines.get(++i));
            }
            if (cmd.startsWith("echo ")) {
                List<String> w = words(cmd);
                assertEquals(">>", w.get(2), cmd);
                Files.writeString(dir.resolve(w.get(3)), w.get(1) + "\n", StandardOpenOption.APPEND);
            } else {
                shows(expected, patchverdict(dir, cmd).out());
            }
        }
    }

    @Test
    void calibrateShowsTheTableTheTourShows(@TempDir Path dir) throws IOException {
        Block table = after(blocks(), "./patchverdict calibrate    #");
        CliRun r = CliRun.in(dir, "calibrate");
        assertEquals(0, r.code(), r.err());
        assertEquals(String.join("\n", table.lines()) + "\n", r.out());
    }

    @Test
    void theWorkedExampleThenItsAuditShowWhatTheTourShows(@TempDir Path dir) throws IOException {
        List<Block> blocks = blocks();
        Block steps = with(blocks, "mkdir candidate");
        Path fixtures = ROOT.resolve("verification/fixtures/patch-transition");
        // the block's own shell lines, done here
        Files.createDirectories(dir.resolve("candidate"));
        Files.copy(fixtures.resolve("correct.patch"), dir.resolve("candidate/changes.patch"));
        Files.writeString(dir.resolve("candidate/stdout.txt"), "agent run log\n");
        Files.writeString(dir.resolve("candidate/stderr.txt"), "");
        Files.copy(fixtures.resolve("work-unit.json"), dir.resolve("work-unit.json"));
        CliRun last = null;
        for (String line : commands(steps.lines())) {
            if (line.startsWith("./patchverdict ")) {
                last = patchverdict(dir, line);
                assertEquals(0, last.code(), line + "\n" + last.err());
            } else {
                assertTrue(line.startsWith("mkdir ") || line.startsWith("echo ") || line.startsWith("cp "),
                        "a shell step this test does not know: " + line);
            }
        }
        assertEquals(String.join("\n", after(blocks, "mkdir candidate").lines()) + "\n", last.out());
        console(dir, with(blocks, "$ ./patchverdict audit bundle"));
    }

    @Test
    void reviewShowsWhatTheTourShows() throws IOException {
        console(ROOT, with(blocks(), "$ ./patchverdict review"));
    }
}
