// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.diff.Diagnostic;
import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.diff.DiffResult;
import dev.patchverdict.diff.Profile;
import dev.patchverdict.digest.Digest;
import dev.patchverdict.digest.Digests;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.StrictJson;
import dev.patchverdict.plan.EvaluatorPlan;
import dev.patchverdict.plan.StrictTransitionContract;
import dev.patchverdict.record.DocumentReader;
import dev.patchverdict.record.DocumentType;
import dev.patchverdict.record.DocumentVersion;
import dev.patchverdict.record.InvalidDocumentException;
import dev.patchverdict.record.PythonSchemaMessages;
import dev.patchverdict.record.ValidDocument;
import dev.patchverdict.report.IoMessages;
import dev.patchverdict.verify.upstream.Candidate;
import dev.patchverdict.verify.upstream.Inputs;
import dev.patchverdict.verify.upstream.JsonExactBackend;
import dev.patchverdict.verify.upstream.Nodes;
import dev.patchverdict.verify.upstream.PatchCore;
import dev.patchverdict.verify.upstream.ProvenanceIntegrity;
import dev.patchverdict.verify.upstream.PyPaths;
import dev.patchverdict.verify.upstream.PyStr;
import dev.patchverdict.verify.upstream.SubstringLayer;
import dev.patchverdict.verify.upstream.Timing;
import dev.patchverdict.verify.upstream.TransitionLayer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * The metadata-only verifier: reads a WorkUnit, a worker's ResultManifest, the candidate root and
 * an EvaluatorPlan, checks every binding in the record family's order and words (SPEC part 1
 * §A2.3), dispatches on the plan's version, and returns the VerificationResult. It never runs
 * candidate code.
 *
 * <p>Plans v0.1–v0.4 are verified exactly as the record family's canonical runner verified them,
 * quirks included: a result re-verified years later comes out identical (apart from times and the
 * machine). v0.5 is patchverdict's own. Failed checks are findings in the result; only inputs that
 * cannot be decided on (unreadable, schema-invalid, unbound) end in a {@link VerificationException}.
 */
public final class Verifier {
    /** What a result records about the machine and the implementation, injected by the caller. */
    public record Environment(Clock clock, String platform, String implementationVersion, String runtime) {
        public Environment {
            Objects.requireNonNull(clock, "clock");
            Objects.requireNonNull(platform, "platform");
            Objects.requireNonNull(implementationVersion, "implementationVersion");
            Objects.requireNonNull(runtime, "runtime");
        }
    }

    /** Plan versions this verifier implements, and the backend each selects. */
    public static final Map<String, String> BACKENDS = Map.of(
            "0.1", "json_exact",
            "0.2", "unified_diff",
            "0.3", "unified_diff_substring",
            "0.4", "unified_diff_transition",
            "0.5", StrictTransitionBackend.BACKEND);

    static final Set<String> JSON_VALIDATORS = Set.of("artifact-digest", "candidate-scope", "independent-acceptance");
    static final Set<String> PATCH_VALIDATORS = Set.of("result-manifest-schema", "independent-review");

    private final Environment environment;
    private final StrictJson json = StrictJson.withDefaults();
    private final DocumentReader reader = DocumentReader.strict();

    public Verifier(Environment environment) {
        this.environment = Objects.requireNonNull(environment, "environment");
    }

    /**
     * The three records as a caller already read them with {@link StrictJson#withDefaults()} from the request's
     * paths (an audit has read them to check their digests), so they are not read again. The caller must not
     * change them afterwards.
     */
    public record Documents(JsonNode workUnit, JsonNode resultManifest, JsonNode evaluatorPlan, List<ValidDocument> validated) {
        /**
         * {@code validated}: what {@link DocumentReader#strict()} made of some of these records, each equal to the record
         * of its type here (an audit validates a work unit or plan once for every bundle holding the same bytes); a
         * record it does not list is validated here.
         */
        public Documents {
            Objects.requireNonNull(workUnit, "workUnit");
            Objects.requireNonNull(resultManifest, "resultManifest");
            Objects.requireNonNull(evaluatorPlan, "evaluatorPlan");
            validated = List.copyOf(validated);
        }

        public Documents(JsonNode workUnit, JsonNode resultManifest, JsonNode evaluatorPlan) {
            this(workUnit, resultManifest, evaluatorPlan, List.of());
        }
    }

    public Verification verify(VerifyRequest request) throws VerificationException, IOException {
        return verify(request, null);
    }

    /** As {@link #verify(VerifyRequest)}, over records the caller has read already. */
    public Verification verify(VerifyRequest request, Documents read) throws VerificationException, IOException {
        // R3: the plan first, its version, its schema
        Path planPath = request.evaluatorPlan();
        JsonNode planJson = read == null ? load(planPath) : object(planPath, read.evaluatorPlan());
        if ("behavioural_plan".equals(planJson.path("kind").textValue())
                || "sandboxed_behavioural".equals(planJson.path("execution_mode").textValue())) {
            // a plan that asks for execution is never run, nor silently read as a metadata plan
            throw new VerificationException(planPath + " is a BehaviouralPlan: patchverdict verify never runs checks;"
                    + " run it with patchverdict behave, after a passing metadata-only verification");
        }
        JsonNode rawVersion = planJson.get("schema_version");
        String version = Nodes.pyStr(rawVersion);
        if (!BACKENDS.containsKey(version)) {
            throw new VerificationException("unsupported EvaluatorPlan schema_version: " + reprOf(rawVersion));
        }
        DocumentVersion planVersion = DocumentVersion.of(DocumentType.EVALUATOR_PLAN, version);
        String planLabel = "EvaluatorPlan v" + version;
        // Only a v0.5 plan is mapped into a model, later (from a ValidDocument, which holds a copy of the tree); the
        // others are read as JSON, so only their schema is checked and no copy made. A record the caller validated
        // already (an audit, once for every bundle holding the same bytes) is neither checked nor digested again.
        ValidDocument planGiven = given(read, planVersion);
        ValidDocument planDoc = null;
        if (version.equals("0.5")) {
            planDoc = planGiven != null ? planGiven : validate(planVersion, planJson, planLabel);
        } else if (planGiven == null) {
            check(planVersion, planJson, planLabel);
        }
        Digest planDigest = planGiven != null ? planGiven.canonicalDigest() : Digests.canonical(planJson);
        // the loaded trees are this call's own: nothing copies them
        ObjectNode plan = (ObjectNode) planJson;
        // the candidate root is resolved once: each check below it walks only its own names
        Path root = PyPaths.resolve(request.candidateRoot());
        // R4: nothing the caller writes may land inside the candidate root
        for (Path target : request.writeTargets()) {
            if (PyPaths.resolve(target).startsWith(root)) {
                throw new VerificationException("VerificationResult output must remain outside the candidate workspace");
            }
        }
        // R5, G1, G2
        JsonNode wuJson = read == null ? load(request.workUnit()) : object(request.workUnit(), read.workUnit());
        JsonNode rmJson = read == null ? load(request.resultManifest()) : object(request.resultManifest(), read.resultManifest());
        Digest wuDigest = checked(read, DocumentVersion.of(DocumentType.WORK_UNIT, "0.2"), wuJson, "Work Unit");
        Digest rmDigest = checked(read, DocumentVersion.of(DocumentType.RESULT_MANIFEST, "0.1"), rmJson, "ResultManifest");
        ObjectNode wu = (ObjectNode) wuJson;
        ObjectNode rm = (ObjectNode) rmJson;
        bind(plan, wu, wuDigest, rm, version, planPath, root);

        if (!Files.isDirectory(root)) {
            throw new VerificationException("candidate root is not a directory: " + root);
        }
        Inputs in = new Inputs(wu, wuDigest, rm, rmDigest, plan, planDigest, root, planPath);
        String artifactId = plan.path("candidate_artifact_id").asText();
        boolean layered = version.equals("0.3") || version.equals("0.4");
        if (!layered) {
            manifestBinding(wu, wuDigest, rm);
        }
        ObjectNode artifact = Candidate.artifact(rm, artifactId);
        String locator = artifact.path("locator").asText();
        Path file = Candidate.below(root, locator);
        if (!Candidate.isRegularFile(file)) {
            throw new VerificationException(version.equals("0.1")
                    ? "candidate artifact not found: " + locator
                    : "candidate patch must be a regular non-symlink file");
        }
        if (layered) {
            manifestBinding(wu, wuDigest, rm);
        }
        byte[] bytes = Files.readAllBytes(file);
        Timing timing = new Timing(environment.clock());
        ObjectNode result;
        ObjectNode backend = (ObjectNode) plan.get("backend");
        EvaluatorPlan v05 = planDoc != null ? mapPlan(planDoc) : null;
        switch (version) {
            case "0.1" -> result = JsonExactBackend.run(in, artifact, file, timing);
            case "0.2" -> result = PatchCore.run(in, backend, artifact, bytes, timing).result;
            case "0.3" -> result = SubstringLayer.run(in, backend, artifact, bytes, timing).result;
            case "0.4" -> result = TransitionLayer.run(in, backend, artifact, bytes, timing).result;
            default -> result = StrictTransitionBackend.run(in, v05, artifact, bytes, timing,
                    environment.implementationVersion()).result;
        }
        finish(result, plan, planDigest.toString(), version, environment);
        List<Diagnostic> advisories = List.of();
        boolean v05OverLimit = v05 != null && bytes.length > ((StrictTransitionContract) v05.contract()).backend().maxCandidateBytes();
        // A v0.5 patch past its plan's limit is not read at all, advisories included.
        if (!version.equals("0.1") && !v05OverLimit) {
            // only the diagnostics are kept: no hunks, no second SHA-256 of the patch
            DiffResult strict = DiffReader.readSections(bytes, Profile.STRICT,
                    new DiffReader.Options(false, DiffReader.Options.DEFAULT_MAX_LINE_BYTES));
            advisories = strict.diagnostics();
            if (!version.equals("0.5")) {
                result.with("extensions").set("org.patchverdict.advisories", advisoryJson(strict));
            }
        }
        checkResult(result);
        List<String> integrity = ProvenanceIntegrity.violations(wu, wuDigest, rm, rmDigest, result);
        if (!integrity.isEmpty()) {
            throw new VerificationException(integrity.get(0));
        }
        return new Verification(result, version, BACKENDS.get(version), file, bytes, advisories);
    }

    /** The binding checks G5–G13 of SPEC part 1 §A2.3, first failure wins. */
    private static void bind(ObjectNode plan, ObjectNode wu, Digest wuDigest, ObjectNode rm,
            String version, Path planPath, Path resolvedRoot) throws VerificationException {
        JsonNode binding = plan.path("binding");
        if (!binding.path("work_unit_id").equals(wu.get("id"))) {
            throw new VerificationException("EvaluatorPlan is bound to a different WorkUnit id");
        }
        if (!numericEqual(binding.get("work_unit_version"), wu.get("version"))) {
            throw new VerificationException("EvaluatorPlan is bound to a different WorkUnit version");
        }
        if (!wuDigest.toString().equals(binding.path("work_unit_digest").asText())) {
            throw new VerificationException("EvaluatorPlan WorkUnit digest binding does not match canonical WorkUnit content");
        }
        JsonNode wuRevision = wu.path("provenance").get("source_revision");
        if (wuRevision != null && !wuRevision.isNull() && !wuRevision.equals(binding.get("source_revision"))) {
            throw new VerificationException("EvaluatorPlan source revision differs from WorkUnit provenance");
        }
        if (!binding.path("source_revision").equals(rm.path("provenance").get("source_revision"))) {
            throw new VerificationException("EvaluatorPlan source revision differs from ResultManifest provenance");
        }
        TreeSet<String> required = new TreeSet<>(dev.patchverdict.json.CanonicalJson::compareCodePoints);
        for (JsonNode v : wu.path("validators")) {
            if (v.path("required").isBoolean() && v.path("required").booleanValue()) {
                required.add(v.path("id").asText());
            }
        }
        TreeSet<String> planIds = new TreeSet<>(dev.patchverdict.json.CanonicalJson::compareCodePoints);
        planIds.addAll(Nodes.stringList(plan.path("required_validator_ids")));
        if (!planIds.equals(required)) {
            throw new VerificationException("EvaluatorPlan validator coverage must exactly match required WorkUnit validators; missing="
                    + PyStr.listRepr(minus(required, planIds)) + ", extra=" + PyStr.listRepr(minus(planIds, required)));
        }
        Set<String> supported = version.equals("0.1") ? JSON_VALIDATORS : PATCH_VALIDATORS;
        TreeSet<String> supportedSorted = new TreeSet<>(dev.patchverdict.json.CanonicalJson::compareCodePoints);
        supportedSorted.addAll(supported);
        if (!planIds.equals(supportedSorted)) {
            throw new VerificationException("selected evaluator backend does not exactly implement the bound required validators; unsupported_required="
                    + PyStr.listRepr(minus(planIds, supportedSorted)) + ", backend_extra=" + PyStr.listRepr(minus(supportedSorted, planIds)));
        }
        List<String> requested = Nodes.stringList(rm.path("verification_request").path("expected_validator_ids"));
        List<String> omitted = minus(required, new TreeSet<>(requested));
        if (!omitted.isEmpty()) {
            throw new VerificationException("ResultManifest verification request omits required WorkUnit validators: "
                    + String.join(", ", omitted));
        }
        if (plan.path("verifier").path("id").equals(rm.path("worker").get("id"))) {
            throw new VerificationException("EvaluatorPlan verifier id collides with worker id");
        }
        if (PyPaths.resolve(planPath).startsWith(resolvedRoot)) {
            throw new VerificationException("EvaluatorPlan must remain outside the candidate workspace");
        }
    }

    /** V5a–c: the worker's manifest names this exact WorkUnit. */
    private static void manifestBinding(ObjectNode wu, Digest wuDigest, ObjectNode rm) throws VerificationException {
        if (!rm.path("work_unit_id").equals(wu.get("id"))) {
            throw new VerificationException("worker ResultManifest references a different Work Unit");
        }
        if (!numericEqual(rm.get("work_unit_version"), wu.get("version"))) {
            throw new VerificationException("worker ResultManifest Work Unit version mismatch");
        }
        if (!wuDigest.toString().equals(rm.path("provenance").path("work_unit_digest").asText())) {
            throw new VerificationException("worker ResultManifest is not bound to the exact Work Unit");
        }
    }

    /** P3 and our own marks: plan digest, the runner's extensions, the implementation that ran. */
    static void finish(ObjectNode result, ObjectNode plan, String planDigest, String version, Environment environment) {
        ObjectNode ext = result.with("extensions");
        String prefix = version.equals("0.5") ? "org.patchverdict.evaluator_plan." : "org.idkmesh.evaluator_plan.";
        ext.set(prefix + "id", plan.get("id").deepCopy());
        ext.put(prefix + "digest", planDigest);
        ext.set(prefix + "visibility", plan.get("visibility").deepCopy());
        ext.set(prefix + "execution_mode", plan.get("execution_mode").deepCopy());
        ext.put(prefix + "backend", BACKENDS.get(version));
        ext.put(prefix + "runner_version", runnerVersion(version));
        ObjectNode implementation = ext.putObject("org.patchverdict.implementation");
        implementation.put("name", "patchverdict");
        implementation.put("version", environment.implementationVersion());
        implementation.put("runtime", environment.runtime());
        ((ObjectNode) result.path("provenance").path("environment")).put("platform", environment.platform());
    }

    /** The canonical runner's marker: 0.3 for v0.1–v0.3 results, 0.4 for v0.4 (SPEC decision 1); ours for v0.5. */
    public static String runnerVersion(String planVersion) {
        return switch (planVersion) {
            case "0.4" -> "0.4";
            case "0.5" -> StrictTransitionBackend.RUNNER_VERSION;
            default -> "0.3";
        };
    }

    private static ArrayNode advisoryJson(DiffResult strict) {
        ArrayNode out = Nodes.F.arrayNode();
        for (Diagnostic d : strict.diagnostics()) {
            ObjectNode o = out.addObject();
            o.put("code", d.code().name());
            o.put("severity", d.severity().name().toLowerCase(java.util.Locale.ROOT));
            o.put("line", d.line());
            o.put("offset", d.offset());
            o.put("message", d.message());
        }
        return out;
    }

    private static EvaluatorPlan mapPlan(ValidDocument planDoc) throws VerificationException {
        try {
            return EvaluatorPlan.from(planDoc);
        } catch (InvalidDocumentException e) {
            throw new VerificationException("EvaluatorPlan v" + planDoc.version().version() + " failed schema validation: "
                    + String.join("; ", e.messages()));
        }
    }

    private JsonNode load(Path file) throws VerificationException, IOException {
        JsonNode node;
        try {
            node = json.read(file);
        } catch (JsonInputException e) {
            throw new VerificationException("invalid JSON in " + file + ": " + e.getMessage());
        } catch (IOException e) {
            throw new VerificationException(file + ": " + IoMessages.describe(e));
        }
        return object(file, node);
    }

    private static JsonNode object(Path file, JsonNode node) throws VerificationException {
        if (!node.isObject()) {
            throw new VerificationException(file + " must contain a JSON object");
        }
        return node;
    }

    /** The record of this version the caller validated already, if it gave one. */
    private static ValidDocument given(Documents read, DocumentVersion version) {
        if (read != null) {
            for (ValidDocument d : read.validated()) {
                if (d.version().equals(version)) {
                    return d;
                }
            }
        }
        return null;
    }

    /** The record's canonical digest, its schema checked first unless the caller validated it already. */
    private Digest checked(Documents read, DocumentVersion version, JsonNode node, String label) throws VerificationException {
        ValidDocument d = given(read, version);
        if (d != null) {
            return d.canonicalDigest();
        }
        check(version, node, label);
        return Digests.canonical(node);
    }

    private ValidDocument validate(DocumentVersion version, JsonNode node, String label) throws VerificationException {
        try {
            return reader.validateVersion(version, node);
        } catch (InvalidDocumentException e) {
            throw failure(label, version, node, e);
        }
    }

    /** The result against its schema; no copy of it is kept, as nothing maps it. */
    private void checkResult(ObjectNode result) throws VerificationException {
        check(DocumentVersion.of(DocumentType.VERIFICATION_RESULT, "0.1"), result, "VerificationResult");
    }

    /** A document against one version's schema, for a document read as JSON only (no model, so no copy of it). */
    private void check(DocumentVersion version, JsonNode node, String label) throws VerificationException {
        List<dev.patchverdict.record.DocumentProblem> problems = reader.schemas().validate(version, node);
        if (!problems.isEmpty()) {
            throw failure(label, version, node, new InvalidDocumentException(version.toString(), problems));
        }
    }

    private static VerificationException failure(String label, DocumentVersion version, JsonNode node, InvalidDocumentException e) {
        String upstream = PythonSchemaMessages.failure(label, version, node);
        return new VerificationException(upstream != null ? upstream
                : label + " failed schema validation: " + String.join("; ", e.messages()));
    }

    private static String reprOf(JsonNode raw) {
        return raw == null ? "None" : dev.patchverdict.json.PythonRepr.of(raw);
    }

    private static boolean numericEqual(JsonNode a, JsonNode b) {
        if (a == null || b == null) {
            return false;
        }
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        return a.equals(b);
    }

    private static List<String> minus(Set<String> a, Set<String> b) {
        List<String> out = new ArrayList<>();
        for (String s : a) {
            if (!b.contains(s)) {
                out.add(s);
            }
        }
        return out;
    }
}
