// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.TestGroups;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The strict profile on real agent output and reference fixes that git accepts. Every rejection must name
 * rules, and for the rules that a plain look at the bytes can decide, the reader must fire exactly on the
 * patches that break them: no more, no fewer.
 */
@Tag(TestGroups.SHARED_CORPUS)
class StrictCorpusTest {
    private static final List<String> GROUPS =
            List.of("agent_sweagent_gpt4_t0", "agent_deepagents_minimax_m25", "gold_swebench_lite_patch");

    /** A rule and an independent way to tell, from the raw text, whether a patch breaks it. */
    record Oracle(DiagnosticCode code, Predicate<String> breaks) {}

    private static final Pattern BINARY_DIFFER = Pattern.compile("(?m)^(Binary files|Files) .* differ$");
    private static final Pattern EXEC = Pattern.compile("(?m)^(new file mode 100755|new mode 100755|old mode 100755)$");
    private static final Pattern CONTROL = Pattern.compile("[\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f]");

    private static final List<Oracle> ORACLES = List.of(
            new Oracle(DiagnosticCode.MISSING_FINAL_NEWLINE, t -> !t.isEmpty() && !t.endsWith("\n")),
            new Oracle(DiagnosticCode.CRLF_LINE_ENDING, t -> t.contains("\r\n")),
            new Oracle(DiagnosticCode.BINARY_WITHOUT_PAYLOAD, t -> BINARY_DIFFER.matcher(t).find()),
            new Oracle(DiagnosticCode.BINARY_PATCH, t -> t.contains("\nGIT binary patch\n")),
            new Oracle(DiagnosticCode.EXECUTABLE_BIT, t -> EXEC.matcher(t).find()),
            new Oracle(DiagnosticCode.CONTROL_CHARACTER, t -> CONTROL.matcher(t).find()),
            new Oracle(DiagnosticCode.LEADING_GARBAGE, t -> !t.strip().startsWith("diff --git ")),
            new Oracle(DiagnosticCode.SYMLINK, t -> t.contains(" 120000\n")),
            new Oracle(DiagnosticCode.SUBMODULE, t -> t.contains(" 160000\n")));

    @Test
    void strictRejectsGitAcceptedAgentAndReferencePatchesOnlyForNamedRules() throws IOException {
        Map<DiagnosticCode, Integer> perRule = new EnumMap<>(DiagnosticCode.class);
        List<String> wrong = new ArrayList<>();
        int considered = 0;
        int rejected = 0;
        for (String group : GROUPS) {
            for (Path p : Corpus.group(group)) {
                if (Corpus.gitRc(p) != 0) {
                    continue;
                }
                considered++;
                DiffResult r = DiffReader.read(p, Profile.STRICT);
                assertTrue(r.outcome().gitAccepted(), Corpus.relative(p) + ": git accepts it, the reader's git walk must too");
                Set<DiagnosticCode> errors = EnumSet.noneOf(DiagnosticCode.class);
                r.errors().forEach(d -> errors.add(d.code()));
                assertEquals(errors.isEmpty(), r.accepted(), Corpus.relative(p));
                if (!r.accepted()) {
                    rejected++;
                    errors.forEach(c -> perRule.merge(c, 1, Integer::sum));
                }
                String text = new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1);
                for (Oracle o : ORACLES) {
                    boolean expected = o.breaks().test(text);
                    if (expected != errors.contains(o.code())) {
                        wrong.add(Corpus.relative(p) + ": " + o.code() + (expected ? " expected, not reported" : " reported, not expected"));
                    }
                }
            }
        }
        System.out.printf("strict on agent and reference patches git accepts: %d of %d rejected%n", rejected, considered);
        perRule.forEach((code, n) -> System.out.printf("  %s: %d%n", code, n));
        assertTrue(considered > 400, "expected the agent and reference groups, found " + considered);
        assertEquals(List.of(), wrong, "rules that fired where the bytes say they should not, or the reverse");
    }

    @Test
    void referenceFixesAreAllAccepted() {
        // The reference fixes are plain git diffs of text files: no rule should fire on any of them.
        List<String> rejected = new ArrayList<>();
        for (Path p : Corpus.group("gold_swebench_lite_patch")) {
            DiffResult r = DiffReader.read(readAll(p), Profile.STRICT);
            if (!r.accepted()) {
                rejected.add(Corpus.relative(p) + " " + r.errors());
            }
        }
        assertFalse(Corpus.group("gold_swebench_lite_patch").isEmpty());
        assertEquals(List.of(), rejected);
    }

    private static byte[] readAll(Path p) {
        try {
            return Files.readAllBytes(p);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
