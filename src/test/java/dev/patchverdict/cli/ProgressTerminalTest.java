// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.TestGroups;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The progress line as a person sees it: the command runs under a real pseudo-terminal (util-linux's script), in a JVM
 * of its own that finds out for itself whether standard error is a terminal.
 */
@Tag(TestGroups.SCRIPT)
class ProgressTerminalTest {
    static final Path ROOT = Path.of("").toAbsolutePath();
    static final String DIFFS = ROOT.resolve("verification/fixtures/diff").toString();
    static final Path TRANSITION = ROOT.resolve("verification/fixtures/patch-transition");
    static final String ERASE = "\033[K";

    @TempDir
    Path tmp;

    /** What reached the terminal, and the files the shell redirected to. */
    record Seen(int code, String terminal) {}

    /** Runs patchverdict under a pseudo-terminal, with {@code redirects} (shell syntax) after its arguments. */
    private Seen underTerminal(Map<String, String> env, String redirects, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-cp",
                System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        String line = cmd.stream().map(ProgressTerminalTest::quote).collect(Collectors.joining(" ")) + " " + redirects;
        Path seen = tmp.resolve("terminal.txt");
        ProcessBuilder pb = new ProcessBuilder("script", "-q", "-e", "-c", line, "/dev/null").directory(tmp.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).redirectErrorStream(true)
                .redirectOutput(seen.toFile());
        pb.environment().remove("CI"); // CI itself runs these tests; the child decides as a person's shell would
        pb.environment().put("SHELL", "/bin/sh");
        pb.environment().put("TERM", "xterm");
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("did not finish in 180 s: " + line);
        }
        return new Seen(p.exitValue(), Files.readString(seen, StandardCharsets.ISO_8859_1));
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    private String file(String name) throws IOException {
        return Files.readString(tmp.resolve(name), StandardCharsets.ISO_8859_1);
    }

    /** Every drawing of the line is followed by another (or its erasure) before anything else is printed. */
    private static void neverLeftUnderOtherOutput(String terminal, String label) {
        int at = terminal.indexOf("\r" + label + ": ");
        assertTrue(at >= 0, "no progress line in: " + terminal);
        for (; at >= 0; at = terminal.indexOf("\r" + label + ": ", at + 1)) {
            int end = terminal.indexOf(ERASE, at);
            assertTrue(end > at, "a drawing not ended by its erase-to-end: " + terminal.substring(at));
            int next = end + ERASE.length();
            assertTrue(next == terminal.length() || terminal.charAt(next) == '\r',
                    "output written over the progress line: " + terminal.substring(at, Math.min(terminal.length(), next + 40)));
        }
        assertTrue(terminal.endsWith("\r" + ERASE) || terminal.lastIndexOf("\r" + ERASE) > terminal.lastIndexOf("\r" + label + ": "),
                "the line is erased at the end: " + terminal);
    }

    @Test
    void reviewShowsTheLineOnTheTerminalAndNeverInItsOutputFile() throws Exception {
        Seen s = underTerminal(Map.of(), "> out.jsonl", "review", "--format", "jsonl", DIFFS);
        neverLeftUnderOtherOutput(s.terminal(), "review");
        assertTrue(s.terminal().contains(" patches  "), s.terminal());
        String out = file("out.jsonl");
        assertFalse(out.contains("\r") || out.contains("\033") || out.contains("review:"), "standard output is the report alone");
        assertTrue(out.lines().count() > 50, out);
    }

    @Test
    void reviewWithStandardErrorInAFileShowsNothingUnlessAsked() throws Exception {
        Seen quiet = underTerminal(Map.of(), "> out.jsonl 2> err.txt", "review", "--format", "jsonl", DIFFS);
        assertEquals("", file("err.txt"));
        assertFalse(quiet.terminal().contains("review:"), quiet.terminal());

        underTerminal(Map.of(), "> out.jsonl 2> err.txt", "review", "--progress", "--format", "jsonl", DIFFS);
        assertTrue(file("err.txt").startsWith("\rreview: 1 patches"), file("err.txt"));
        assertTrue(file("err.txt").endsWith("\r" + ERASE), file("err.txt"));
    }

    @Test
    void onATerminalTheLineIsOffUnderCiOrWhenRefused() throws Exception {
        Seen ci = underTerminal(Map.of("CI", "true"), "> out.jsonl", "review", "--format", "jsonl", DIFFS);
        assertFalse(ci.terminal().contains("review:"), ci.terminal());
        Seen refused = underTerminal(Map.of(), "> out.jsonl", "review", "--no-progress", "--format", "jsonl", DIFFS);
        assertFalse(refused.terminal().contains("review:"), refused.terminal());
    }

    @Test
    void reviewWritingToTheSameTerminalMovesTheLineAsideForEachEntry() throws Exception {
        Seen s = underTerminal(Map.of(), "", "review", DIFFS);
        neverLeftUnderOtherOutput(s.terminal(), "review");
        assertTrue(s.terminal().contains("absolute-path.patch"), "the report shows on the same terminal: " + s.terminal());
    }

    @Test
    void hackabilityCountsItsDecoysAgainstTheirTotal() throws Exception {
        Seen s = underTerminal(Map.of(), "> report.txt", "hackability", "--evaluator-plan",
                TRANSITION.resolve("plan-v0.5.json").toString(), "--work-unit", TRANSITION.resolve("work-unit.json").toString());
        neverLeftUnderOtherOutput(s.terminal(), "hackability");
        int at = s.terminal().indexOf("\rhackability: 1/");
        assertTrue(at >= 0 && s.terminal().startsWith(" decoys", s.terminal().indexOf(' ', at + 16)), s.terminal());
        assertFalse(file("report.txt").contains("\r"), "the report stays clean");
    }
}
