// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import java.util.List;
import java.util.Optional;

/** The five upstream document kinds this tool reads, with the schema versions it supports for each. */
public enum DocumentType {
    WORK_UNIT("WorkUnit", "work-unit", List.of("0.2")),
    RESULT_MANIFEST("ResultManifest", "result-manifest", List.of("0.1")),
    EVALUATOR_PLAN("EvaluatorPlan", "evaluator-plan", List.of("0.1", "0.2", "0.3", "0.4", "0.5")),
    VERIFICATION_RESULT("VerificationResult", "verification-result", List.of("0.1"));

    private final String displayName;
    private final String slug;
    private final List<String> supportedVersions;

    DocumentType(String displayName, String slug, List<String> supportedVersions) {
        this.displayName = displayName;
        this.slug = slug;
        this.supportedVersions = supportedVersions;
    }

    /** The name the record family uses, e.g. {@code EvaluatorPlan}. */
    public String displayName() {
        return displayName;
    }

    /** {@code a WorkUnit}, {@code an EvaluatorPlan}: for messages. */
    public String withArticle() {
        return (displayName.startsWith("E") ? "an " : "a ") + displayName;
    }

    /** The file-name form, e.g. {@code evaluator-plan}. */
    public String slug() {
        return slug;
    }

    /** Oldest first. */
    public List<String> supportedVersions() {
        return supportedVersions;
    }

    public boolean supports(String version) {
        return supportedVersions.contains(version);
    }

    public static Optional<DocumentType> fromSlug(String slug) {
        for (DocumentType t : values()) {
            if (t.slug.equals(slug)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return displayName;
    }
}
