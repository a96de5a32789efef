// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import dev.patchverdict.text.Excerpts;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * How one sandboxed run ended, observed out of band (never from the program's output). A run
 * killed by a signal or by the timeout is recorded as such, not as an exit code such as 137.
 */
public sealed interface RunOutcome {

    /** The program exited on its own with this status. */
    record Exited(int code) implements RunOutcome {
        public Exited {
            if (code < 0 || code > 255) {
                throw new IllegalArgumentException("exit status out of range: " + code);
            }
        }

        @Override
        public String describe() {
            return "exited with status " + code;
        }
    }

    /** The program was ended by a signal raised inside the sandbox. */
    record Signalled(int signal) implements RunOutcome {
        private static final Map<Integer, String> NAMES = Map.ofEntries(
                Map.entry(1, "SIGHUP"), Map.entry(2, "SIGINT"), Map.entry(3, "SIGQUIT"),
                Map.entry(4, "SIGILL"), Map.entry(5, "SIGTRAP"), Map.entry(6, "SIGABRT"),
                Map.entry(7, "SIGBUS"), Map.entry(8, "SIGFPE"), Map.entry(9, "SIGKILL"),
                Map.entry(10, "SIGUSR1"), Map.entry(11, "SIGSEGV"), Map.entry(12, "SIGUSR2"),
                Map.entry(13, "SIGPIPE"), Map.entry(14, "SIGALRM"), Map.entry(15, "SIGTERM"),
                Map.entry(24, "SIGXCPU"), Map.entry(25, "SIGXFSZ"), Map.entry(31, "SIGSYS"));

        public Signalled {
            if (signal < 1 || signal > 64) {
                throw new IllegalArgumentException("not a signal number: " + signal);
            }
        }

        public String name() {
            return NAMES.getOrDefault(signal, "signal " + signal);
        }

        /**
         * CPU-time (SIGXCPU), file-size (SIGXFSZ) and SIGKILL (hard CPU limit, memory) are how the
         * sandbox's limits end a program: like a timeout, they say nothing about behaviour.
         */
        public boolean limitInduced() {
            return signal == 9 || signal == 24 || signal == 25;
        }

        @Override
        public String describe() {
            return "killed by " + name() + (limitInduced() ? " (a sandbox limit)" : "");
        }
    }

    /** The wall-clock timeout expired and the runner killed the whole sandbox. */
    record TimedOut(Duration after) implements RunOutcome {
        public TimedOut {
            Objects.requireNonNull(after, "after");
        }

        @Override
        public String describe() {
            return "timed out after " + Durations.seconds(after) + " s; the sandbox was killed";
        }
    }

    /** The program never ran: the sandbox could not start, or argv[0] could not be executed. */
    record NotRun(String reason) implements RunOutcome {
        public NotRun {
            if (reason == null || reason.isBlank()) {
                throw new IllegalArgumentException("a run that did not happen needs a reason");
            }
            reason = Excerpts.clip(reason, Excerpts.FIELD);
        }

        @Override
        public String describe() {
            return "did not run: " + reason;
        }
    }

    /** The run left the tree over the runner's byte budget; no status it reported counts. */
    record OverBudget(String reason) implements RunOutcome {
        public OverBudget {
            if (reason == null || reason.isBlank()) {
                throw new IllegalArgumentException("a run over budget needs a reason");
            }
        }

        @Override
        public String describe() {
            return "exceeded a runner limit: " + reason;
        }
    }

    /** One line for reports. */
    String describe();

    /** Whether the run ended in a way that says something about the program's behaviour. */
    default boolean reachedOutcome() {
        return this instanceof Exited || (this instanceof Signalled s && !s.limitInduced());
    }

    /** Passed means exited on its own with exactly the expected status. */
    default boolean exitedWith(int expected) {
        return this instanceof Exited e && e.code() == expected;
    }
}
