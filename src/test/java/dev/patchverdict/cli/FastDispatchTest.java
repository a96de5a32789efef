// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** The command lines taken without picocli give exactly what picocli's parse gives; all others go to picocli. */
class FastDispatchTest {
    static final Path DIR = Path.of("verification/fixtures").toAbsolutePath();
    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-01T10:00:00Z"), ZoneOffset.UTC);

    record Run(int code, String out, String err) {}

    static Run run(BiFunction<CliContext, String[], Integer> main, byte[] stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CliContext ctx = new CliContext(new ByteArrayInputStream(stdin), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), CLOCK, Map.of(), DIR, false);
        int code = main.apply(ctx, args);
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Declared options of a command that FastDispatch leaves to picocli on purpose. */
    static final Map<Class<?>, Set<String>> PICOCLI_ONLY = Map.of(
            DiffCommand.Check.class, Set.of("--max-line-bytes", "--max-header-bytes", "--max-sections", "--detect", "--test-patch"),
            DigestCommand.class, Set.of(),
            ValidateCommand.class, Set.of("--type"),
            VerifyCommand.class, Set.of());

    @Test
    void theFastListsNameEveryOptionTheCommandsDeclare() throws Exception {
        Map<Class<?>, Set<String>> fast = Map.of(DiffCommand.Check.class, FastDispatch.DIFF_CHECK_OPTIONS,
                DigestCommand.class, FastDispatch.DIGEST_OPTIONS, ValidateCommand.class, FastDispatch.VALIDATE_OPTIONS,
                VerifyCommand.class, FastDispatch.VERIFY_OPTIONS);
        for (var e : fast.entrySet()) {
            Set<String> declared = new HashSet<>();
            for (OptionSpec o : new CommandLine(e.getKey()).getCommandSpec().options()) {
                if (!o.usageHelp() && !o.versionHelp()) {
                    declared.add(o.longestName());
                }
            }
            Set<String> known = new HashSet<>(e.getValue());
            known.addAll(PICOCLI_ONLY.get(e.getKey()));
            assertEquals(declared, known, e.getKey().getSimpleName() + ": an option was added or removed; teach FastDispatch"
                    + " its default (or list it as picocli-only here)");
            for (String flag : FastDispatch.FLAGS) {
                OptionSpec o = new CommandLine(e.getKey()).getCommandSpec().findOption(flag);
                if (o != null) {
                    assertEquals(boolean.class, o.type(), flag + " is a flag");
                }
            }
        }
    }

    static final String[] VERIFY = {"verify", "--work-unit", "patch-transition/work-unit.json", "--result-manifest",
        "patch-transition/candidates/correct.result-manifest.json", "--candidate-root", "patch-transition/candidates/correct"};

    static String[] verify(String... more) {
        String[] all = java.util.Arrays.copyOf(VERIFY, VERIFY.length + more.length);
        System.arraycopy(more, 0, all, VERIFY.length, more.length);
        return all;
    }

    static final List<String[]> FAST = List.of(
            new String[] {"diff", "check", "diff/absolute-path.patch"},
            new String[] {"diff", "check", "diff/ok-modify.patch", "diff/missing.patch", "diff"},
            new String[] {"--debug", "diff", "check", "--profile", "git", "--format", "jsonl", "diff/absolute-path.patch"},
            new String[] {"diff", "check", "--profile=git", "--format=json", "diff/crlf-line-endings.patch", "diff/ok-modify.patch"},
            new String[] {"diff", "check", "--format", "sarif", "diff/absolute-path.patch"},
            new String[] {"diff", "check", "--allow", "symlink", "--allow=mode,binary", "diff/symlink-then-path-below.patch"},
            new String[] {"diff", "check", "--allow", "nonsense", "diff/ok-modify.patch"},
            new String[] {"diff", "check", "--profile", "loose", "diff/ok-modify.patch"},
            new String[] {"diff", "check", "-"},
            new String[] {"diff", "check", "@diff/args.txt"},
            new String[] {"digest", "@diff/ok-modify.patch", "diff/ok-modify.patch"},
            verify("--evaluator-plan", "@patch-transition/plan-v0.4.json"),
            new String[] {"digest", "patch-transition/work-unit.json", "diff/ok-modify.patch", "nope.json"},
            new String[] {"digest", "--raw", "diff/ok-modify.patch", "--debug"},
            new String[] {"validate", "patch-transition/work-unit.json", "patch-transition/plan-v0.4.json", "diff/ok-modify.patch"},
            verify("--evaluator-plan", "patch-transition/plan-v0.4.json"),
            verify("--evaluator-plan", "patch-transition/plan-v0.5.json", "--format", "text"),
            verify("--evaluator-plan=patch-transition/plan-v0.2.json", "--format=sarif"),
            verify("--evaluator-plan", "patch-transition/plan-v0.4.json", "--key", "k.pem"),
            verify("--evaluator-plan", "patch-transition/plan-v0.4.json", "--attest"),
            verify("--evaluator-plan", "patch-transition/plan-v0.4.json", "--output", "no/such/dir/result.json"));

    static final List<String[]> PICOCLI = List.of(
            new String[] {"diff", "check"},
            new String[] {"diff", "check", "--format", "JSONL", "diff/ok-modify.patch"},
            new String[] {"diff", "check", "--format", "yaml", "diff/ok-modify.patch"},
            new String[] {"diff", "check", "--profile", "git", "--profile", "strict", "diff/ok-modify.patch"},
            new String[] {"diff", "check", "--max-sections", "1", "diff/ok-modify.patch"},
            new String[] {"diff", "check", "--", "diff/ok-modify.patch"},
            new String[] {"diff", "check", "--profile"},
            new String[] {"diff", "check", "--help"},
            new String[] {"diff", "check", "-x", "diff/ok-modify.patch"},
            new String[] {"digest", "--raw=true", "diff/ok-modify.patch"},
            new String[] {"digest", "--raw", "--raw", "diff/ok-modify.patch"},
            new String[] {"validate", "--type", "work-unit", "patch-transition/work-unit.json"},
            new String[] {"--debug", "--debug", "digest", "diff/ok-modify.patch"},
            verify(),
            verify("--evaluator-plan", "patch-transition/plan-v0.4.json", "--format", "JSON"),
            verify("--evaluator-plan", "patch-transition/plan-v0.4.json", "extra"));

    @Test
    void plainCommandLinesRunWithoutPicocliAndGiveWhatPicocliGives() throws Exception {
        byte[] stdin = Files.readAllBytes(DIR.resolve("diff/absolute-path.patch"));
        for (String[] args : FAST) {
            assertNotNull(FastDispatch.of(args), String.join(" ", args) + " is taken without picocli");
            Run fast = run(Main::run, stdin, args);
            Run parsed = run(Main::parseAndRun, stdin, args);
            assertEquals(parsed, fast, String.join(" ", args));
        }
    }

    @Test
    void everythingElseIsLeftToPicocli() {
        for (String[] args : PICOCLI) {
            // Main.run hands a null dispatch to picocli: that the dispatch is null is the whole claim.
            assertNull(FastDispatch.of(args), String.join(" ", args) + " is picocli's to parse");
        }
    }
}
