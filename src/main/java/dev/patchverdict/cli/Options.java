// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import dev.patchverdict.record.WireValue;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** Option values that name one of a record field's spellings; a wrong one is a usage error. */
final class Options {
    /**
     * The policy names {@code --allow} takes on diff check and review, for their help (an annotation needs a
     * constant); a test holds it to {@link dev.patchverdict.diff.DiagnosticCode#allowKeys()}.
     */
    static final String ALLOW_KEYS = "crlf, symlink, submodule, mode, binary, invisible, confusable, swallowed-header";

    private Options() {}

    static <E extends Enum<E> & WireValue> E wire(CommandSpec spec, Class<E> type, String text, String option) {
        try {
            return WireValue.parse(type, text);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), option + ": " + e.getMessage());
        }
    }
}
