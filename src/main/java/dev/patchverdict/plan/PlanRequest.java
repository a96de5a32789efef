// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import dev.patchverdict.record.LogType;
import dev.patchverdict.record.WorkUnit;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A new metadata-only EvaluatorPlan of a chosen version, bound to one exact WorkUnit (id,
 * version, canonical digest, source revision). Everything the version pins (verifier, adapter
 * version, backend switches, policy) comes from the contract, never from the caller; a v0.5
 * plan's change policy is the caller's, and only v0.5 takes one.
 */
public record PlanRequest(
        WorkUnit workUnit,
        String version,
        List<String> added,
        List<String> removed,
        List<Transition> transitions,
        List<String> removedTextAllowedIn,
        Optional<ChangePolicy> changePolicy,
        Optional<String> id,
        String candidateArtifactId,
        long maxCandidateBytes,
        long maxLogBytes,
        List<LogType> requiredLogTypes,
        Visibility visibility) {

    /** The limits the upstream fixtures use; a plan may set its own. */
    public static final long DEFAULT_MAX_CANDIDATE_BYTES = 200_000;
    public static final long DEFAULT_MAX_LOG_BYTES = 262_144;
    public static final List<String> VERSIONS = List.of("0.2", "0.3", "0.4", "0.5");

    public PlanRequest {
        Objects.requireNonNull(workUnit, "workUnit");
        if (!VERSIONS.contains(version)) {
            throw new IllegalArgumentException("plan version " + version + " is not one this command writes; choose one of "
                    + String.join(", ", VERSIONS));
        }
        added = List.copyOf(added);
        removed = List.copyOf(removed);
        transitions = List.copyOf(transitions);
        removedTextAllowedIn = List.copyOf(removedTextAllowedIn);
        Objects.requireNonNull(changePolicy, "changePolicy");
        Objects.requireNonNull(id, "id");
        requiredLogTypes = List.copyOf(requiredLogTypes);
        Objects.requireNonNull(visibility, "visibility");
        boolean v05 = version.equals("0.5");
        if (!v05 && !transitions.isEmpty()) {
            throw new IllegalArgumentException("EvaluatorPlan v" + version + " has no transitions; required transitions need v0.5");
        }
        if (!v05 && !removedTextAllowedIn.isEmpty()) {
            throw new IllegalArgumentException("EvaluatorPlan v" + version + " has no removed_text_allowed_in; it needs v0.5");
        }
        if (!v05 && changePolicy.isPresent()) {
            throw new IllegalArgumentException("EvaluatorPlan v" + version + " has no change policy; it needs v0.5");
        }
        if (v05) {
            if (changePolicy.isEmpty()) {
                throw new IllegalArgumentException("EvaluatorPlan v0.5 needs a change policy");
            }
            if (added.isEmpty() && removed.isEmpty() && transitions.isEmpty()) {
                throw new IllegalArgumentException("EvaluatorPlan v0.5 needs at least one required added substring, "
                        + "removed substring or transition");
            }
        } else {
            checkHistorical(version, added, removed);
        }
    }

    private static void checkHistorical(String version, List<String> added, List<String> removed) {
        if (!version.equals("0.4") && !removed.isEmpty()) {
            throw new IllegalArgumentException("EvaluatorPlan v" + version + " has no removed-text contract; "
                    + "required removed substrings need v0.4");
        }
        if (added.isEmpty()) {
            throw new IllegalArgumentException("EvaluatorPlan v" + version + " needs at least one required added text");
        }
        if (version.equals("0.4") && removed.isEmpty()) {
            throw new IllegalArgumentException("EvaluatorPlan v0.4 needs at least one required removed substring");
        }
    }

    /** A request for v0.2-v0.4, which have neither transitions nor a change policy. */
    public PlanRequest(WorkUnit workUnit, String version, List<String> added, List<String> removed, Optional<String> id,
            String candidateArtifactId, long maxCandidateBytes, long maxLogBytes, List<LogType> requiredLogTypes,
            Visibility visibility) {
        this(workUnit, version, added, removed, List.of(), List.of(), Optional.empty(), id, candidateArtifactId, maxCandidateBytes,
                maxLogBytes, requiredLogTypes, visibility);
    }

    public EvaluatorPlan build() {
        String revision = workUnit.sourceRevision().orElseThrow(() -> new IllegalArgumentException(
                "the work unit names no source revision, so no plan can be bound to one"));
        DiffBackend backend = DiffBackend.of(maxCandidateBytes, maxLogBytes);
        Contract contract = switch (version) {
            case "0.2" -> new ExactAddedLinesContract(backend, requiredLogTypes, added);
            case "0.3" -> new AddedSubstringsContract(backend, requiredLogTypes, added);
            case "0.4" -> new AddedAndRemovedSubstringsContract(backend, requiredLogTypes, added, removed);
            default -> new StrictTransitionContract(backend, requiredLogTypes, added, removed, transitions,
                    changePolicy.orElseThrow(), removedTextAllowedIn);
        };
        Binding binding = new Binding(workUnit.id(), workUnit.version(), workUnit.canonicalDigest(), revision);
        return EvaluatorPlan.of(id.orElse(workUnit.id() + "/plan-v" + version), binding, visibility,
                workUnit.requiredValidatorIds(), candidateArtifactId, contract, Optional.empty());
    }
}
