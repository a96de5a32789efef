// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave;

import java.util.List;
import java.util.function.Function;

/**
 * A plan refused for asking more than the runner allows. Each excess is kept, so a caller can
 * word the refusal with how its operator sets each limit (the command line names its flags).
 */
public final class CeilingsExceeded extends BehaveException {
    private static final long serialVersionUID = 1L;
    private final transient List<RunnerCeilings.Excess> excesses;

    public CeilingsExceeded(String what, List<RunnerCeilings.Excess> excesses) {
        super(what, message(excesses, RunnerCeilings.Excess::describe));
        if (excesses.isEmpty()) {
            throw new IllegalArgumentException("a refusal for excess names at least one");
        }
        this.excesses = List.copyOf(excesses);
    }

    public List<RunnerCeilings.Excess> excesses() {
        return excesses;
    }

    /** The refusal with each excess worded by {@code describe}. */
    public String message(Function<RunnerCeilings.Excess, String> describe) {
        return message(excesses, describe);
    }

    private static String message(List<RunnerCeilings.Excess> excesses, Function<RunnerCeilings.Excess, String> describe) {
        return "the plan asks for more than this runner allows: "
                + String.join("; ", excesses.stream().map(describe).toList());
    }
}
