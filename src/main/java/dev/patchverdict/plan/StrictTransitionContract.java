// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import dev.patchverdict.record.LogType;
import dev.patchverdict.record.Require;
import java.util.List;
import java.util.Objects;

/**
 * v0.5, the strict transition: the patch is read once by the strict reader, every diagnostic
 * fatal except the policy findings {@link #changePolicy()} allows. Every required added substring
 * must occur inside one added line, every required removed substring inside one removed line, and
 * every {@link Transition} as a removed and an added line of the same hunk of the same file, all
 * in hunks the reader validated, judged by what git does to each file (README, "EvaluatorPlan
 * v0.5"). Any of the three lists may be empty, but not all: a plan always asks for some change.
 *
 * <p>{@code removedTextAllowedIn} ({@code removed_text_allowed_in}, absent when empty) names texts
 * inside which a removed text does not count as occurring: with {@code literal_eval(} allowed,
 * {@code ast.literal_eval(x)} no longer holds {@code eval(}. Each must hold one of the removed
 * texts and be longer than it, or it would forgive nothing or everything.
 */
public record StrictTransitionContract(
        DiffBackend backend,
        List<LogType> requiredLogTypes,
        List<String> requiredAddedSubstrings,
        List<String> requiredRemovedSubstrings,
        List<Transition> requiredTransitions,
        ChangePolicy changePolicy,
        List<String> removedTextAllowedIn) implements DiffContract {
    static final VerifierIdentity VERIFIER = VerifierIdentity.local("deterministic-patch-verifier", "0.4.0");

    public StrictTransitionContract {
        Objects.requireNonNull(backend, "backend");
        requiredLogTypes = Require.distinctNonEmpty(requiredLogTypes, "required_log_types");
        requiredAddedSubstrings = Require.distinct(requiredAddedSubstrings, "required_added_substrings");
        requiredAddedSubstrings.forEach(s -> fragment(s, "required_added_substrings item"));
        requiredRemovedSubstrings = Require.distinct(requiredRemovedSubstrings, "required_removed_substrings");
        requiredRemovedSubstrings.forEach(s -> fragment(s, "required_removed_substrings item"));
        requiredTransitions = Require.distinct(requiredTransitions, "required_transitions");
        Objects.requireNonNull(changePolicy, "changePolicy");
        if (requiredAddedSubstrings.isEmpty() && requiredRemovedSubstrings.isEmpty() && requiredTransitions.isEmpty()) {
            throw new IllegalArgumentException("EvaluatorPlan v0.5 needs at least one required added substring, "
                    + "removed substring or transition");
        }
        removedTextAllowedIn = Require.distinct(removedTextAllowedIn, "removed_text_allowed_in");
        List<String> removedTexts = new java.util.ArrayList<>(requiredRemovedSubstrings);
        requiredTransitions.forEach(t -> removedTexts.add(t.removed()));
        for (String allowed : removedTextAllowedIn) {
            fragment(allowed, "removed_text_allowed_in item");
            if (removedTexts.stream().noneMatch(r -> allowed.contains(r) && !allowed.equals(r))) {
                throw new IllegalArgumentException("removed_text_allowed_in item '" + allowed
                        + "' must hold a required removed text and be longer than it; it forgives nothing as it is");
            }
        }
    }

    /** A contract that allows the removed texts nowhere: what every plan without {@code removed_text_allowed_in} holds. */
    public StrictTransitionContract(DiffBackend backend, List<LogType> requiredLogTypes, List<String> requiredAddedSubstrings,
            List<String> requiredRemovedSubstrings, List<Transition> requiredTransitions, ChangePolicy changePolicy) {
        this(backend, requiredLogTypes, requiredAddedSubstrings, requiredRemovedSubstrings, requiredTransitions, changePolicy,
                List.of());
    }

    /** A line fragment: not empty, no line break (lines are split on \n, and a CR is fatal). */
    static String fragment(String value, String field) {
        Require.nonEmpty(value, field);
        if (value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0) {
            throw new IllegalArgumentException(field + " must not contain a line break");
        }
        return value;
    }

    @Override
    public String schemaVersion() {
        return "0.5";
    }

    @Override
    public VerifierIdentity pinnedVerifier() {
        return VERIFIER;
    }
}
