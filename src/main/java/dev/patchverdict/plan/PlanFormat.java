// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.record.FieldReader;
import dev.patchverdict.record.JsonObjectBuilder;
import dev.patchverdict.record.LogType;
import java.util.List;

/**
 * One EvaluatorPlan schema version: reads that version into the one {@link EvaluatorPlan} model and
 * writes the model back in that version. The fields every version shares are handled here; each
 * version reads and writes only its contract.
 */
abstract sealed class PlanFormat permits PlanFormat.V01, PlanFormat.V02, PlanFormat.V03, PlanFormat.V04, PlanFormat.V05 {
    private static final List<PlanFormat> ALL = List.of(new V01(), new V02(), new V03(), new V04(), new V05());

    abstract String version();

    abstract Contract readContract(FieldReader plan);

    abstract void writeContract(Contract contract, JsonObjectBuilder plan);

    static PlanFormat forVersion(String version) {
        for (PlanFormat f : ALL) {
            if (f.version().equals(version)) {
                return f;
            }
        }
        throw new IllegalArgumentException("no EvaluatorPlan reader for version " + version);
    }

    final EvaluatorPlan read(FieldReader f) {
        FieldReader b = f.object("binding");
        Binding binding = b.build(() -> new Binding(b.text("work_unit_id"), b.integer("work_unit_version"),
                b.digest("work_unit_digest"), b.text("source_revision")));
        FieldReader v = f.object("verifier");
        VerifierIdentity verifier = v.build(() -> new VerifierIdentity(v.text("id"), v.text("type"), v.text("adapter"),
                v.text("adapter_version")));
        FieldReader p = f.object("policy");
        Policy policy = p.build(() -> new Policy(p.bool("require_plan_outside_candidate_root"),
                p.bool("require_output_outside_candidate_root"), p.bool("require_verifier_distinct_from_worker")));
        Contract contract = readContract(f);
        return f.build(() -> new EvaluatorPlan(f.text("id"), binding, f.wire("visibility", Visibility.class),
                f.wire("execution_mode", ExecutionMode.class), verifier, f.texts("required_validator_ids"),
                f.text("candidate_artifact_id"), contract, policy, f.optObjectNode("extensions")));
    }

    final ObjectNode write(EvaluatorPlan plan) {
        Binding b = plan.binding();
        VerifierIdentity v = plan.verifier();
        Policy p = plan.policy();
        JsonObjectBuilder out = JsonObjectBuilder.object()
                .put("schema_version", version())
                .put("id", plan.id())
                .put("binding", JsonObjectBuilder.object().put("work_unit_id", b.workUnitId())
                        .put("work_unit_version", b.workUnitVersion()).put("work_unit_digest", b.workUnitDigest())
                        .put("source_revision", b.sourceRevision()).build())
                .put("visibility", plan.visibility())
                .put("execution_mode", plan.executionMode())
                .put("verifier", JsonObjectBuilder.object().put("id", v.id()).put("type", v.type())
                        .put("adapter", v.adapter()).put("adapter_version", v.adapterVersion()).build())
                .texts("required_validator_ids", plan.requiredValidatorIds())
                .put("candidate_artifact_id", plan.candidateArtifactId());
        writeContract(plan.contract(), out);
        return out.put("policy", JsonObjectBuilder.object()
                        .put("require_plan_outside_candidate_root", p.requirePlanOutsideCandidateRoot())
                        .put("require_output_outside_candidate_root", p.requireOutputOutsideCandidateRoot())
                        .put("require_verifier_distinct_from_worker", p.requireVerifierDistinctFromWorker()).build())
                .optNode("extensions", plan.extensions())
                .build();
    }

    /** The diff backend's shared fields; {@code type} is always {@code unified_diff}. */
    static DiffBackend readBackend(FieldReader backend) {
        return backend.build(() -> new DiffBackend(backend.integer("max_candidate_bytes"), backend.integer("max_log_bytes"),
                backend.bool("require_nonempty_patch"), backend.bool("verify_log_digests")));
    }

    static JsonObjectBuilder writeBackend(DiffContract contract) {
        DiffBackend d = contract.backend();
        return JsonObjectBuilder.object()
                .put("type", DiffBackend.TYPE)
                .put("max_candidate_bytes", d.maxCandidateBytes())
                .put("max_log_bytes", d.maxLogBytes())
                .wires("required_log_types", contract.requiredLogTypes())
                .put("require_nonempty_patch", d.requireNonemptyPatch())
                .put("verify_log_digests", d.verifyLogDigests());
    }

    private static <T extends Contract> T expect(Contract contract, Class<T> type, String version) {
        if (!type.isInstance(contract)) {
            throw new IllegalArgumentException("EvaluatorPlan v" + version + " cannot carry a " + contract.getClass().getSimpleName());
        }
        return type.cast(contract);
    }

    /** v0.1: a JSON candidate compared with the plan's required JSON. */
    static final class V01 extends PlanFormat {
        @Override
        String version() {
            return "0.1";
        }

        @Override
        Contract readContract(FieldReader f) {
            return f.build(() -> new JsonCandidateContract(f.texts("allowed_files"), f.integer("max_candidate_bytes"),
                    f.objectNode("required_json")));
        }

        @Override
        void writeContract(Contract contract, JsonObjectBuilder out) {
            JsonCandidateContract c = expect(contract, JsonCandidateContract.class, version());
            out.texts("allowed_files", c.allowedFiles()).put("max_candidate_bytes", c.maxCandidateBytes())
                    .put("required_json", c.requiredJson());
        }
    }

    /** v0.2: exact whole added lines. */
    static final class V02 extends PlanFormat {
        @Override
        String version() {
            return "0.2";
        }

        @Override
        Contract readContract(FieldReader f) {
            FieldReader b = f.object("backend");
            return b.build(() -> new ExactAddedLinesContract(readBackend(b), b.wires("required_log_types", LogType.class),
                    b.texts("required_added_text")));
        }

        @Override
        void writeContract(Contract contract, JsonObjectBuilder out) {
            ExactAddedLinesContract c = expect(contract, ExactAddedLinesContract.class, version());
            out.put("backend", writeBackend(c).texts("required_added_text", c.requiredAddedLines()).build());
        }
    }

    /** v0.3: substrings of single added lines. */
    static final class V03 extends PlanFormat {
        @Override
        String version() {
            return "0.3";
        }

        @Override
        Contract readContract(FieldReader f) {
            FieldReader b = f.object("backend");
            return b.build(() -> new AddedSubstringsContract(readBackend(b), b.wires("required_log_types", LogType.class),
                    b.texts("required_added_substrings")));
        }

        @Override
        void writeContract(Contract contract, JsonObjectBuilder out) {
            AddedSubstringsContract c = expect(contract, AddedSubstringsContract.class, version());
            out.put("backend", writeBackend(c).texts("required_added_substrings", c.requiredAddedSubstrings()).build());
        }
    }

    /** v0.4: substrings of single added lines and of single removed lines. */
    static final class V04 extends PlanFormat {
        @Override
        String version() {
            return "0.4";
        }

        @Override
        Contract readContract(FieldReader f) {
            FieldReader b = f.object("backend");
            return b.build(() -> new AddedAndRemovedSubstringsContract(readBackend(b),
                    b.wires("required_log_types", LogType.class), b.texts("required_added_substrings"),
                    b.texts("required_removed_substrings")));
        }

        @Override
        void writeContract(Contract contract, JsonObjectBuilder out) {
            AddedAndRemovedSubstringsContract c = expect(contract, AddedAndRemovedSubstringsContract.class, version());
            out.put("backend", writeBackend(c).texts("required_added_substrings", c.requiredAddedSubstrings())
                    .texts("required_removed_substrings", c.requiredRemovedSubstrings()).build());
        }
    }

    /** v0.5: the strict transition, with its change policy inside the backend. */
    static final class V05 extends PlanFormat {
        @Override
        String version() {
            return "0.5";
        }

        @Override
        Contract readContract(FieldReader f) {
            FieldReader b = f.object("backend");
            FieldReader p = b.object("change_policy");
            ChangePolicy policy = p.build(() -> new ChangePolicy(p.bool("allow_symlinks"), p.bool("allow_submodules"),
                    p.bool("allow_mode_changes"), p.bool("allow_binary"), p.bool("forbid_invisible_characters"),
                    p.texts("protected_paths"), p.wire("glob_syntax", GlobSyntax.class),
                    p.optTexts("forbidden_tricks").orElse(List.of()), p.optTexts("allowed_policies").orElse(List.of())));
            List<Transition> transitions = b.objects("required_transitions",
                    t -> t.build(() -> new Transition(t.text("removed"), t.text("added"))));
            return b.build(() -> new StrictTransitionContract(readBackend(b), b.wires("required_log_types", LogType.class),
                    b.texts("required_added_substrings"), b.texts("required_removed_substrings"), transitions, policy,
                    b.optTexts("removed_text_allowed_in").orElse(List.of())));
        }

        @Override
        void writeContract(Contract contract, JsonObjectBuilder out) {
            StrictTransitionContract c = expect(contract, StrictTransitionContract.class, version());
            ChangePolicy p = c.changePolicy();
            JsonObjectBuilder backend = writeBackend(c)
                    .texts("required_added_substrings", c.requiredAddedSubstrings())
                    .texts("required_removed_substrings", c.requiredRemovedSubstrings())
                    .objects("required_transitions", c.requiredTransitions(), t -> JsonObjectBuilder.object()
                            .put("removed", t.removed()).put("added", t.added()).build());
            if (!c.removedTextAllowedIn().isEmpty()) {
                // Absent when empty, as forbidden_tricks: plans written without it keep their bytes and digest.
                backend.texts("removed_text_allowed_in", c.removedTextAllowedIn());
            }
            out.put("backend", backend.put("change_policy", changePolicy(p)).build());
        }

        /**
         * forbidden_tricks and allowed_policies are absent when empty, so plans written before the fields keep their
         * bytes and digest.
         */
        private static com.fasterxml.jackson.databind.node.ObjectNode changePolicy(ChangePolicy p) {
            JsonObjectBuilder out = JsonObjectBuilder.object()
                    .put("allow_symlinks", p.allowSymlinks())
                    .put("allow_submodules", p.allowSubmodules())
                    .put("allow_mode_changes", p.allowModeChanges())
                    .put("allow_binary", p.allowBinary())
                    .put("forbid_invisible_characters", p.forbidInvisibleCharacters())
                    .texts("protected_paths", p.protectedPaths())
                    .put("glob_syntax", p.globSyntax());
            if (!p.forbiddenTricks().isEmpty()) {
                out.texts("forbidden_tricks", p.forbiddenTricks());
            }
            if (!p.allowedPolicies().isEmpty()) {
                out.texts("allowed_policies", p.allowedPolicies());
            }
            return out.build();
        }
    }
}
