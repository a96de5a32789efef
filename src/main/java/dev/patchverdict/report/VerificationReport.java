// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Objects;

/**
 * What a renderer needs to show one verification: the VerificationResult, the plan version and
 * backend that decided it, the candidate patch's locator (for SARIF locations), where each
 * required text was found, and the strict reader's advisories.
 */
public record VerificationReport(
        JsonNode result,
        String planVersion,
        String backend,
        String candidateUri,
        List<RequirementLocation> requirements,
        List<Advisory> advisories) {
    public VerificationReport {
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(planVersion, "planVersion");
        Objects.requireNonNull(backend, "backend");
        Objects.requireNonNull(candidateUri, "candidateUri");
        requirements = List.copyOf(requirements);
        advisories = List.copyOf(advisories);
    }

    public String status() {
        return result.path("status").asText();
    }
}
