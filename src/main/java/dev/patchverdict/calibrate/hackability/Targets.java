// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.plan.FnmatchGlob;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a plan asks a patch to show, read off the plan the way its version means it, and where a
 * decoy may write: one path inside the WorkUnit's scope, a second one when the scope has room,
 * and one outside it. Operators build their decoys from this alone.
 */
public record Targets(
        String planVersion,
        List<String> exactAddedLines,
        List<String> added,
        List<String> removed,
        List<Transition> transitions,
        String inScope,
        Optional<String> secondInScope,
        Optional<String> outOfScope,
        Scope scope) {

    /** A removed text and the added text that must replace it. */
    public record Transition(String removed, String added) {}

    /** The WorkUnit's scope globs (fnmatch, as the verifier reads them). */
    public record Scope(List<String> allowed, List<String> write, List<String> forbidden) {
        public Scope {
            allowed = List.copyOf(allowed);
            write = List.copyOf(write);
            forbidden = List.copyOf(forbidden);
        }

        /** Whether a patch may write the path without a scope violation. */
        public boolean admits(String path) {
            return matchesAny(allowed, path) && matchesAny(write, path) && !matchesAny(forbidden, path);
        }
    }

    public Targets {
        Objects.requireNonNull(planVersion, "planVersion");
        exactAddedLines = List.copyOf(exactAddedLines);
        added = List.copyOf(added);
        removed = List.copyOf(removed);
        transitions = List.copyOf(transitions);
        Objects.requireNonNull(inScope, "inScope");
        Objects.requireNonNull(secondInScope, "secondInScope");
        Objects.requireNonNull(outOfScope, "outOfScope");
        Objects.requireNonNull(scope, "scope");
    }

    /** Every text an added line must hold (exact lines, substrings and the new side of transitions). */
    public List<String> allAdded() {
        List<String> out = new ArrayList<>(exactAddedLines);
        out.addAll(added);
        transitions.forEach(t -> out.add(t.added()));
        return out;
    }

    /** Every text a removed line must hold (substrings and the old side of transitions). */
    public List<String> allRemoved() {
        List<String> out = new ArrayList<>(removed);
        transitions.forEach(t -> out.add(t.removed()));
        return out;
    }

    public static Targets of(JsonNode plan, JsonNode workUnit) {
        String version = plan.path("schema_version").asText();
        JsonNode backend = plan.path("backend");
        List<String> exact = strings(backend.path("required_added_text"));
        List<String> added = strings(backend.path("required_added_substrings"));
        List<String> removed = strings(backend.path("required_removed_substrings"));
        List<Transition> transitions = new ArrayList<>();
        for (JsonNode t : backend.path("required_transitions")) {
            transitions.add(new Transition(t.path("removed").asText(), t.path("added").asText()));
        }
        List<String> allowed = strings(workUnit.path("constraints").path("allowed_paths"));
        List<String> write = strings(workUnit.path("permissions").path("filesystem_write"));
        List<String> forbidden = strings(workUnit.path("constraints").path("forbidden_paths"));
        List<String> inScope = new ArrayList<>();
        for (String candidate : candidatesFrom(allowed)) {
            if (matchesAny(allowed, candidate) && matchesAny(write, candidate) && !matchesAny(forbidden, candidate)
                    && !inScope.contains(candidate)) {
                inScope.add(candidate);
            }
        }
        // A scope that admits every path has no outside: operators that need one do not apply.
        Optional<String> out = Optional.empty();
        for (String c : List.of("outside-scope/notes.md", "zz-outside/notes.txt", ".outside-scope", "OUTSIDE")) {
            if (!(matchesAny(allowed, c) && matchesAny(write, c)) || matchesAny(forbidden, c)) {
                out = Optional.of(c);
                break;
            }
        }
        return new Targets(version, exact, added, removed, transitions, inScope.isEmpty() ? "README.md" : inScope.get(0),
                inScope.size() > 1 ? Optional.of(inScope.get(1)) : Optional.empty(), out, new Scope(allowed, write, forbidden));
    }

    /** Each bracket expression ('[' up to the next ']') replaced by {@code with}; an unclosed '[' is kept. */
    private static String brackets(String g, String with) {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < g.length()) {
            int close = g.charAt(i) == '[' ? g.indexOf(']', i + 1) : -1;
            if (close < 0) {
                sb.append(g.charAt(i++));
            } else {
                sb.append(with);
                i = close + 1;
            }
        }
        return sb.toString();
    }

    /** Concrete file names a scope glob admits: the glob itself when literal, else a filled-in name. */
    private static List<String> candidatesFrom(List<String> globs) {
        List<String> out = new ArrayList<>();
        for (String g : globs) {
            if (g.chars().noneMatch(c -> c == '*' || c == '?' || c == '[')) {
                out.add(g);
            } else {
                out.add(brackets(g.replace("**", "src").replace("*", "module.py").replace("?", "x"), "x"));
                out.add(brackets(g.replace("**", "lib").replace("*", "other.py").replace("?", "y"), "y"));
            }
        }
        return out;
    }

    private static boolean matchesAny(List<String> globs, String path) {
        for (String g : globs) {
            if (FnmatchGlob.of(g).matches(path)) {
                return true;
            }
        }
        return false;
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
