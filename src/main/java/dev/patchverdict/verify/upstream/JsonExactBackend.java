// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify.upstream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.digest.Digests;
import dev.patchverdict.json.CanonicalJson;
import dev.patchverdict.verify.VerificationException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * EvaluatorPlan v0.1, the JSON candidate backend (SPEC part 1 §A3): the candidate file's digest,
 * the exact file set of the candidate root, and Python equality of the candidate JSON with the
 * plan's {@code required_json} (so {@code 42 == 42.0} and {@code true == 1}, as it always was).
 * The candidate is read as the record family reads it, {@code NaN} and all (SPEC decision 9).
 */
public final class JsonExactBackend {
    private JsonExactBackend() {}

    public static ObjectNode run(Inputs in, ObjectNode artifact, Path artifactFile, Timing timing)
            throws VerificationException, IOException {
        ObjectNode plan = in.plan();
        timing.start();
        byte[] bytes = Files.readAllBytes(artifactFile);
        String observedDigest = Digests.bytes(bytes).toString();
        boolean digestOk = observedDigest.equals(artifact.path("digest").asText());

        List<String> files = fileSet(in.candidateRoot());
        List<String> allowed = new ArrayList<>(Nodes.stringList(plan.path("allowed_files")));
        allowed.sort(CanonicalJson::compareCodePoints);
        boolean scopeOk = files.equals(allowed);

        long max = plan.path("max_candidate_bytes").longValue();
        JsonNode required = plan.path("required_json");
        JsonNode observed = null;
        String parseError = null;
        if (bytes.length > max) {
            parseError = "candidate is " + bytes.length + " bytes, exceeding max_candidate_bytes=" + max;
        } else {
            try {
                observed = PyJson.loads(PyUtf8.decode(bytes));
            } catch (PyUtf8.DecodeError | PyJson.DecodeError e) {
                parseError = e.getMessage();
            }
        }
        boolean acceptanceOk = parseError == null && PyJson.pyEquals(observed, required);

        ObjectNode scope = Nodes.object();
        scope.set("allowed_files", Nodes.strings(allowed));
        scope.set("observed_files", Nodes.strings(files));
        ObjectNode acceptance = Nodes.object();
        acceptance.set("expected", required.deepCopy());
        acceptance.set("observed", observed == null ? Nodes.F.nullNode() : observed);
        if (parseError == null) {
            acceptance.putNull("parse_error");
        } else {
            acceptance.put("parse_error", parseError);
        }

        ArrayNode checks = Nodes.F.arrayNode();
        checks.add(PatchCore.check("artifact-digest", "reproduction", digestOk, digestOk
                ? "Observed candidate SHA-256 matches the worker ResultManifest."
                : "Observed candidate SHA-256 does not match the worker ResultManifest.", List.of("candidate-artifact-hash")));
        checks.add(PatchCore.check("candidate-scope", "review", scopeOk, scopeOk
                ? "Candidate root contains only verifier-policy-approved files."
                : "Candidate root contains a missing or unauthorized file set.", List.of("candidate-scope-observation")));
        ObjectNode accept = PatchCore.check("independent-acceptance", "test", acceptanceOk, acceptanceOk
                ? "Verifier-owned deterministic acceptance expectation passed."
                : "Verifier-owned deterministic acceptance expectation failed.", List.of("acceptance-observation"));
        accept.put("diagnostics", parseError == null ? "" : parseError);
        checks.add(accept);

        String locator = artifact.path("locator").asText();
        ArrayNode evidence = Nodes.F.arrayNode();
        evidence.add(PatchCore.evidence("candidate-artifact-hash", "artifact_hash", locator, observedDigest,
                artifact.has("media_type") ? artifact.get("media_type").asText() : "application/octet-stream",
                "SHA-256 observed directly from candidate artifact bytes."));
        evidence.add(PatchCore.evidence("candidate-scope-observation", "trace", "inline://candidate-scope",
                Nodes.digest(scope).toString(), "application/json",
                "Canonical digest of allowed and observed candidate file lists."));
        evidence.add(PatchCore.evidence("acceptance-observation", "test_output", "inline://acceptance-observation",
                Nodes.digest(acceptance).toString(), "application/json",
                "Canonical digest of verifier-owned expected and observed JSON values."));

        ArrayNode findings = Nodes.F.arrayNode();
        if (!digestOk) {
            findings.add(PatchCore.finding("high", "provenance", "Candidate artifact bytes do not match worker-declared digest.", locator));
        }
        if (!scopeOk) {
            findings.add(PatchCore.finding("high", "scope", "Candidate file set violates verifier-owned scope policy.", null));
        }
        if (!acceptanceOk) {
            findings.add(PatchCore.finding("high", "correctness", "Candidate failed verifier-owned deterministic acceptance expectations.", locator));
        }
        int passed = (digestOk ? 1 : 0) + (scopeOk ? 1 : 0) + (acceptanceOk ? 1 : 0);
        ObjectNode metrics = Nodes.object();
        metrics.put("required_checks_passed", passed);
        metrics.put("required_checks_failed", 3 - passed);
        metrics.put("candidate_bytes", bytes.length);
        ObjectNode tools = Nodes.object();
        tools.put("idkmesh-local-verifier", "0.1");
        tools.put("jsonschema", "installed");
        ObjectNode ext = Nodes.object();
        ext.put("org.idkmesh.local_verifier.policy_id", in.planId());
        boolean ok = passed == 3;
        return Results.base(in, "/local-verification", Results.verifier("deterministic-json-verifier", "0.1"),
                "Verifier policy is loaded outside the isolated candidate root and candidate code is never executed.",
                timing, checks, evidence, findings, metrics, tools,
                ok ? "All verifier-owned deterministic checks passed." : "One or more required verifier-owned deterministic checks failed.",
                ext);
    }

    /**
     * Every regular file below the root as a relative POSIX path, ordered as Python orders
     * {@code Path} objects (component by component, SPEC part 1 C6). Any symbolic link below the
     * root refuses the whole candidate (C38).
     */
    static List<String> fileSet(Path root) throws VerificationException, IOException {
        Path base = PyPaths.resolve(root);
        List<Path> entries;
        try (Stream<Path> walk = Files.walk(base)) {
            entries = walk.filter(p -> !p.equals(base)).map(base::relativize).sorted(COMPONENTS).toList();
        }
        for (Path p : entries) {
            if (Files.isSymbolicLink(base.resolve(p))) {
                throw new VerificationException("candidate root contains unsupported symlink: " + base.resolve(p));
            }
        }
        List<String> files = new ArrayList<>();
        for (Path p : entries) {
            if (Files.isRegularFile(base.resolve(p))) {
                files.add(p.toString().replace('\\', '/'));
            }
        }
        return files;
    }

    private static final Comparator<Path> COMPONENTS = (a, b) -> {
        int n = Math.min(a.getNameCount(), b.getNameCount());
        for (int i = 0; i < n; i++) {
            int c = CanonicalJson.compareCodePoints(a.getName(i).toString(), b.getName(i).toString());
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.getNameCount(), b.getNameCount());
    };
}
