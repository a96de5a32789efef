// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import java.util.List;
import java.util.Objects;

/**
 * What {@code review} decided about one patch, in plain values so every renderer can live here.
 * {@code source} is the file the patch came from (the patch file, or the predictions file), {@code pointer}
 * the JSON pointer of the patch inside a predictions file (null for a patch file) and {@code sourceLine} the
 * line where that entry starts (0 for a patch file). {@code plan} and {@code repair} are null when not asked
 * for or not applicable; {@code error} says why an INVALID or UNREADABLE entry has no verdict. Serializable, so a
 * distributed review can move entries between machines.
 */
public record ReviewEntry(
        long index,
        String name,
        String model,
        String source,
        String pointer,
        long sourceLine,
        Status status,
        String sha256,
        long bytes,
        List<String> files,
        long added,
        long removed,
        List<Finding> findings,
        PlanOutcome plan,
        Repair repair,
        long micros,
        String error) implements java.io.Serializable {

    public enum Status {
        /** The reader accepts the patch under the profile. */
        ACCEPTED,
        /** The reader rejects it: see the findings. */
        REJECTED,
        /** The prediction's patch is null or empty: nothing was produced. */
        EMPTY,
        /** The prediction itself is malformed (a line that is not JSON, a missing or non-text patch field). */
        INVALID,
        /** The patch could not be read to its end, or passed one of the reader's limits: no verdict. */
        UNREADABLE;

        public String wire() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * One finding: a stable code, its severity, the 1-based line in the patch (0: none) and a safe message. A
     * reader diagnostic has an upper-case code, severity error or warning and no path; a trick detector's hit
     * (asked for with {@code --detect}) has its kebab-case rule id, severity hack, suspect or info, and the
     * path of the file section inside the patch. {@code excerpt} holds the few patch lines around a hit, for a
     * reader of the report to see what was found (empty when there are none to show).
     */
    public record Finding(String code, String severity, long line, String message, boolean rejects, String path,
            List<PatchLine> excerpt) implements java.io.Serializable {
        public static final String HACK = "hack";
        public static final String SUSPECT = "suspect";
        public static final String INFO = "info";

        public Finding {
            Objects.requireNonNull(code, "code");
            Objects.requireNonNull(severity, "severity");
            Objects.requireNonNull(message, "message");
            excerpt = List.copyOf(excerpt);
        }

        /** A finding without an excerpt. */
        public Finding(String code, String severity, long line, String message, boolean rejects, String path) {
            this(code, severity, line, message, rejects, path, List.of());
        }

        /** A reader diagnostic. */
        public Finding(String code, String severity, long line, String message, boolean rejects) {
            this(code, severity, line, message, rejects, null);
        }

        /** This finding with the patch lines around it. */
        public Finding withExcerpt(List<PatchLine> lines) {
            return new Finding(code, severity, line, message, rejects, path, lines);
        }

        /** A trick detector's hit: never a reader rejection; a hack-severity hit fails the patch on its own. */
        public static Finding trick(String ruleId, String severity, long line, String path, String message) {
            trickLevel(severity); // refuses a severity with no level
            return new Finding(ruleId, severity, line, message, false, Objects.requireNonNull(path, "path"));
        }

        /** A trick hit rather than a reader diagnostic: only hits carry a path inside the patch. */
        public boolean trick() {
            return path != null;
        }

        /** The code-scanning level: error for a rejection, a trick hit's by its severity, warning otherwise. */
        public String level() {
            if (rejects) {
                return "error";
            }
            return trick() ? trickLevel(severity) : "warning";
        }

        /**
         * The code-scanning level of a trick severity (hack error, suspect warning, info note): the one mapping,
         * for a hit and for its rule's default level alike.
         */
        public static String trickLevel(String severity) {
            return switch (severity) {
                case HACK -> "error";
                case SUSPECT -> "warning";
                case INFO -> "note";
                default -> throw new IllegalArgumentException("trick severity " + severity);
            };
        }

        /** The message with the path inside the patch in front, when there is one. */
        public String located() {
            return path == null ? message : path + ": " + message;
        }
    }

    /**
     * A line of the patch as it stands there, its kind marker ({@code +}, {@code -}, space) first and its line feed
     * left out, cut when long; untrusted text, escaped by whatever renders it.
     */
    public record PatchLine(long number, String text) implements java.io.Serializable {
        public PatchLine {
            Objects.requireNonNull(text, "text");
            if (number < 1) {
                throw new IllegalArgumentException("patch line " + number);
            }
        }
    }

    /** Whether the plan's semantic contract is met, with the reasons when it is not. */
    public record PlanOutcome(String planId, String version, boolean met, List<String> reasons) implements java.io.Serializable {
        public PlanOutcome {
            reasons = List.copyOf(reasons);
        }
    }

    /**
     * The repairs that would make git accept a rejected patch, tried on a copy in memory and never applied
     * to any tree. {@code outcome}: {@code accepted} (the profile accepts the repaired patch),
     * {@code git-accepts} (git would, the profile still rejects: {@code remaining}) or {@code none} (no
     * repair found). {@code notes} are what cannot be decided without the base tree.
     */
    public record Repair(List<String> repairs, String outcome, List<String> remaining, List<String> notes)
            implements java.io.Serializable {
        public Repair {
            repairs = List.copyOf(repairs);
            Objects.requireNonNull(outcome, "outcome");
            remaining = List.copyOf(remaining);
            notes = List.copyOf(notes);
        }
    }

    public ReviewEntry {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(status, "status");
        files = List.copyOf(files);
        findings = List.copyOf(findings);
    }

    /** The same entry at another place in the input order. */
    public ReviewEntry withIndex(long i) {
        return new ReviewEntry(i, name, model, source, pointer, sourceLine, status, sha256, bytes, files, added, removed, findings,
                plan, repair, micros, error);
    }

    /**
     * The verdict as reports name it: PASSED, then why not: a reader status (REJECTED, EMPTY, INVALID, UNREADABLE),
     * PLAN-UNMET, or HACK for an accepted patch with a hack-severity trick hit.
     */
    public String verdict() {
        return passed() ? "PASSED"
                : status != Status.ACCEPTED ? status.name()
                : plan != null && !plan.met() ? "PLAN-UNMET" : "HACK";
    }

    /** Accepted by the reader, meeting the plan when one was given, and with no hack-severity trick hit. */
    public boolean passed() {
        return status == Status.ACCEPTED && (plan == null || plan.met()) && !hacked();
    }

    /** Whether a trick detector found a hack-severity hit (only when detection was asked for). */
    public boolean hacked() {
        return findings.stream().anyMatch(f -> f.trick() && f.severity().equals(Finding.HACK));
    }

    public List<Finding> tricks() {
        return findings.stream().filter(Finding::trick).toList();
    }

    /** No verdict could be reached: the exit status is 2. */
    public boolean undecided() {
        return status == Status.INVALID || status == Status.UNREADABLE;
    }

    public List<Finding> rejecting() {
        return findings.stream().filter(Finding::rejects).toList();
    }
}
