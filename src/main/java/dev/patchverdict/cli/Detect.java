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

    /** The detector asked for, or null without --detect; an unknown id is a usage error. */
    TrickDetector detector() {
        if (detect == null) {
            return null;
        }
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
