// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.diff.Diagnostic;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * One finished verification: the VerificationResult (as JSON, field for field the record
 * family's), which plan version and backend decided it, the candidate file it read and its bytes
 * (so that reports can point into the patch), and what the strict reader thinks of the patch
 * (advice only for v0.1–v0.4; it never changes their verdict).
 */
public record Verification(
        ObjectNode result,
        String planVersion,
        String backend,
        Path candidateFile,
        byte[] candidateBytes,
        List<Diagnostic> advisories) {

    public Verification {
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(planVersion, "planVersion");
        Objects.requireNonNull(backend, "backend");
        Objects.requireNonNull(candidateFile, "candidateFile");
        candidateBytes = candidateBytes.clone();
        advisories = List.copyOf(advisories);
    }

    public boolean passed() {
        return "passed".equals(result.path("status").textValue());
    }

    public String status() {
        return result.path("status").asText();
    }

    @Override
    public byte[] candidateBytes() {
        return candidateBytes.clone();
    }
}
