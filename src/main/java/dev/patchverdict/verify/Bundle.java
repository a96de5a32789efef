// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.report.OutputFiles;
import dev.patchverdict.verify.upstream.Candidate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The audit bundle of one verification: the result, the three input records byte for byte, and
 * under {@code candidate/} the patch and every log the manifest names, at their locators, so that
 * the verification can be re-run and audited later without the worker's folder.
 */
public final class Bundle {
    public static final String RESULT = "verification-result.json";
    public static final String WORK_UNIT = "work-unit.json";
    public static final String RESULT_MANIFEST = "result-manifest.json";
    public static final String EVALUATOR_PLAN = "evaluator-plan.json";
    public static final String CANDIDATE = "candidate";
    /** The signed result (verify --attest): one DSSE envelope, as attest writes it. */
    public static final String ENVELOPE = "verification-result.intoto.jsonl";

    private Bundle() {}

    public static void write(Path dir, VerifyRequest request, Verification v, byte[] resultDocument) throws IOException {
        write(dir, request, v, resultDocument, java.util.Optional.empty());
    }

    /** As {@link #write(Path, VerifyRequest, Verification, byte[])}, with the result's envelope beside it when signed. */
    public static void write(Path dir, VerifyRequest request, Verification v, byte[] resultDocument,
            java.util.Optional<byte[]> envelope) throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put(RESULT, resultDocument);
        envelope.ifPresent(e -> files.put(ENVELOPE, e));
        files.put(WORK_UNIT, Files.readAllBytes(request.workUnit()));
        files.put(RESULT_MANIFEST, Files.readAllBytes(request.resultManifest()));
        files.put(EVALUATOR_PLAN, Files.readAllBytes(request.evaluatorPlan()));
        JsonNode manifest = new com.fasterxml.jackson.databind.ObjectMapper().readTree(files.get(RESULT_MANIFEST));
        // the bytes the verifier read, not a second read of the worker's folder
        files.put(CANDIDATE + "/" + locatorOf(v), v.candidateBytes());
        for (JsonNode log : manifest.path("logs")) {
            String locator = log.path("locator").asText();
            String key = CANDIDATE + "/" + locator;
            if (files.containsKey(key)) {
                continue;
            }
            try {
                Path file = Candidate.resolve(request.candidateRoot(), locator);
                if (Candidate.isRegularFile(file)) {
                    files.put(key, Files.readAllBytes(file));
                }
            } catch (VerificationException e) {
                // an unsafe locator never reaches a passed or failed result; nothing to copy
            }
        }
        Path parent = dir.toAbsolutePath().normalize().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        OutputFiles.writeFolderAtomically(dir, files);
    }

    private static String locatorOf(Verification v) {
        for (JsonNode e : v.result().path("evidence")) {
            if ("artifact_hash".equals(e.path("type").asText())) {
                return e.path("locator").asText();
            }
        }
        throw new IllegalStateException("a result always names its candidate");
    }
}
