// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import com.google.re2j.Pattern;
import dev.patchverdict.text.LinearPattern;
import dev.patchverdict.text.Split;
import dev.patchverdict.report.RuleInfo;
import dev.patchverdict.review.Rules;
import dev.patchverdict.tricks.TrickDetector;
import java.util.Arrays;
import java.util.List;
import java.util.Stack;
import picocli.CommandLine.IParameterConsumer;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** {@code --detect [IDS]}: the trick detectors, all of them or a comma list of rule ids. */
final class Detect implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    static final String ALL = "all";

    @Option(names = "--detect", arity = "0..1", paramLabel = "IDS", parameterConsumer = Consumer.class,
            description = "Also search each patch for tricks agents play (edited tests, skips, early exits, report hooks, ...):"
                    + " all rules, or a comma list of rule ids. Hits are findings of their own severity; a hack-severity"
                    + " hit fails the patch (exit 1).")
    String detect;

    @Option(names = "--test-patch", paramLabel = "FILE",
            description = "With --detect: the evaluation's own test patch (SWE-bench's test_patch), whose tests' literals"
                    + " test-input-special-cased looks for in the code under test. Repeatable.")
    java.util.List<String> testPatches = new java.util.ArrayList<>();

    /** The test patches' bytes, read and checked once by {@link #load}; kept so executors make the same detector. */
    private final java.util.ArrayList<byte[]> loaded = new java.util.ArrayList<>();

    /**
     * Checks the options and reads each test patch through {@code read} (which names a file it cannot read): an unknown
     * id is a usage error, and so is --test-patch without --detect; a test patch git would not apply is exit 2 naming it.
     */
    void load(java.util.function.Function<String, byte[]> read) {
        loaded.clear();
        if (detect == null) {
            if (!testPatches.isEmpty()) {
                throw CliException.usage("--test-patch is read by the trick rules: give --detect too");
            }
            return;
        }
        rulesAskedFor();
        for (String file : testPatches) {
            byte[] bytes = read.apply(file);
            dev.patchverdict.diff.DiffResult r = dev.patchverdict.diff.DiffReader.readLines(bytes, dev.patchverdict.diff.Profile.GIT);
            if (!r.errors().isEmpty()) {
                throw CliException.undecided(file, "not a usable test patch: git would not apply it: line " + r.errors().get(0));
            }
            loaded.add(bytes);
        }
    }

    /** The detector asked for (with the test patches {@link #load} read), or null without --detect. */
    TrickDetector detector() {
        if (detect == null) {
            return null;
        }
        TrickDetector d = rulesAskedFor();
        for (byte[] bytes : loaded) {
            d = d.withTestPatch(dev.patchverdict.diff.DiffReader.readLines(bytes, dev.patchverdict.diff.Profile.GIT));
        }
        return d;
    }

    /** {@link #load} through the command's own file reading, then {@link #detector()}. */
    TrickDetector detector(CliContext ctx) {
        load(file -> CommandFiles.read(ctx, file));
        return detector();
    }

    private TrickDetector rulesAskedFor() {
        if (detect.equals(ALL)) {
            return TrickDetector.all();
        }
        List<String> ids = Arrays.stream(Split.on(detect, ',')).map(String::trim).filter(s -> !s.isEmpty()).toList();
        if (ids.isEmpty()) {
            throw CliException.usage("--detect: no rule id given");
        }
        try {
            return TrickDetector.of(ids, "--detect");
        } catch (IllegalArgumentException e) {
            throw CliException.usage(e.getMessage());
        }
    }

    /** The rules a run's report lists: the reader's and review's, and the detector's when there is one. */
    static List<RuleInfo> rules(TrickDetector detector) {
        return detector == null ? Rules.all() : Rules.all(detector.rules());
    }

    private static final Pattern IDS = LinearPattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*(,\\s*[a-z][a-z0-9]*(-[a-z0-9]+)*)*,?");

    /**
     * Takes the next argument as the rule list only when it reads as one (kebab-case ids and commas), so
     * {@code --detect preds.jsonl} keeps the file as an input and detects with every rule.
     */
    static final class Consumer implements IParameterConsumer {
        @Override
        public void consumeParameters(Stack<String> args, ArgSpec argSpec, CommandSpec commandSpec) {
            String value = ALL;
            if (!args.isEmpty() && IDS.matcher(args.peek()).matches()) {
                value = args.pop();
            }
            argSpec.setValue(value);
        }
    }
}
