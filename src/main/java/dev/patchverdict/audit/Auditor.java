// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.diff.Diagnostic;
import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.diff.DiffResult;
import dev.patchverdict.diff.Profile;
import dev.patchverdict.digest.Digest;
import dev.patchverdict.digest.Digests;
import dev.patchverdict.fs.Containment;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.StrictJson;
import dev.patchverdict.record.DocumentProblem;
import dev.patchverdict.record.DocumentReader;
import dev.patchverdict.record.DocumentType;
import dev.patchverdict.record.DocumentVersion;
import dev.patchverdict.record.InvalidDocumentException;
import dev.patchverdict.record.ValidDocument;
import dev.patchverdict.verify.Verification;
import dev.patchverdict.verify.VerificationException;
import dev.patchverdict.verify.Verifier;
import dev.patchverdict.verify.VerifyRequest;
import dev.patchverdict.verify.upstream.Nodes;
import dev.patchverdict.verify.upstream.ProvenanceIntegrity;
import dev.patchverdict.verify.upstream.PyJson;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Audits one recorded VerificationResult against its inputs. In this order, the first class of
 * problem found decides: the result must agree with itself (every evidence digest re-derived from
 * its own diagnostics), every recorded digest must match the bytes on disk and every
 * cross-document rule hold (else TAMPERED); every input must be there and the recorded version be
 * one this tool implements (else UNVERIFIABLE); and verifying again under the recorded plan must
 * give the same status, checks, findings, evidence and decision (else DIVERGED).
 */
public final class Auditor {
    /** The adapter version each plan version pins; a result recording another was made by a verifier we do not implement. */
    static final Map<String, String> ADAPTERS = Map.of("0.1", "0.1", "0.2", "0.1.1", "0.3", "0.2.0", "0.4", "0.3.0", "0.5", "0.4.0");
    /** Where each observation of a patch result sits in the review check's diagnostics. */
    static final Map<String, String> OBSERVATIONS = new LinkedHashMap<>();

    static {
        OBSERVATIONS.put("logs", "log-integrity-observation");
        OBSERVATIONS.put("scope", "patch-scope-observation");
        OBSERVATIONS.put("semantic", "patch-semantic-observation");
        OBSERVATIONS.put("semantic_substrings", "added-substring-semantic-observation");
        OBSERVATIONS.put("semantic_removed_substrings", "removed-substring-semantic-observation");
        OBSERVATIONS.put("semantic_strict_transition", "strict-transition-semantic-observation");
    }

    private final Verifier verifier;
    private final SignaturePolicy signatures;
    private final Optional<Path> root;
    private final StrictJson json = StrictJson.withDefaults();
    /** Work units and plans by their bytes, for this auditor's audits (one run of the command). */
    private final SameBytes same = new SameBytes();

    public Auditor(Verifier verifier) {
        this(verifier, SignaturePolicy.NONE);
    }

    public Auditor(Verifier verifier, SignaturePolicy signatures) {
        this(verifier, signatures, Optional.empty());
    }

    /**
     * An auditor that reads each bundle only inside {@code root} when given (a folder above the bundles, where a
     * record family keeps plans and work units beside its results), else only inside the bundle's own folder.
     */
    public Auditor(Verifier verifier, SignaturePolicy signatures, Optional<Path> root) {
        this.verifier = verifier;
        this.signatures = java.util.Objects.requireNonNull(signatures, "signatures");
        this.root = java.util.Objects.requireNonNull(root, "root");
    }

    /** Where a bundle's files may lie. */
    private Path within(Path dir) {
        return root.orElse(dir);
    }

    /**
     * The bundle's outcome, whatever its files hold: a failure anywhere inside one bundle (unreadable, not the
     * shape a bundle needs, a path no file system holds) is that bundle's UNVERIFIABLE with the reason, never the
     * end of an audit of many.
     */
    public AuditOutcome audit(Path dir, String name) {
        AuditOutcome o;
        // where the bundle's files are is found once, for its result and its signature
        BundleLayout.Once laid = BundleLayout.Once.of(dir, within(dir));
        try {
            o = auditChecked(laid, name);
        } catch (IOException | JsonInputException e) {
            o = new AuditOutcome(name, Verdict.UNVERIFIABLE, List.of("unreadable: " + e.getMessage()), List.of());
        } catch (RuntimeException e) {
            o = new AuditOutcome(name, Verdict.UNVERIFIABLE, List.of("could not be audited: " + describe(e)), List.of());
        } catch (OutOfMemoryError e) {
            // re-verification holds the candidate, as the record family's verifier did: one too large for this heap is
            // this bundle's outcome (what it allocated is free again once its frames are gone), not the end of the audit
            o = new AuditOutcome(name, Verdict.UNVERIFIABLE, List.of("could not be audited: out of memory (" + e.getMessage()
                    + "); run it alone with a larger heap (PATCHVERDICT_JAVA_OPTS=-Xmx...)"), List.of());
        }
        try {
            return Signatures.apply(o, laid, signatures);
        } catch (RuntimeException e) {
            return new AuditOutcome(name, Verdict.UNVERIFIABLE, List.of("its signature could not be checked: " + describe(e)),
                    o.advisories());
        }
    }

    /** What went wrong, in words: a path no file system holds is named with the reason, anything else by kind and message. */
    static String describe(RuntimeException e) {
        if (e instanceof java.nio.file.InvalidPathException p) {
            return "'" + p.getInput() + "' is not a usable path: " + p.getReason();
        }
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }

    /** The document as an object, or an exception naming which one is not. */
    private ObjectNode object(Path file, String what) throws IOException, JsonInputException {
        return object(json.read(file), what);
    }

    /** A document that many bundles share (a work unit, a plan), read once for all that hold the same bytes. */
    private SameBytes.Read shared(Path file, String what) throws IOException, JsonInputException {
        return same.of(json.bytes(file), b -> new SameBytes.Read(object(json.read(b), what)));
    }

    private static ObjectNode object(JsonNode n, String what) throws JsonInputException {
        if (!n.isObject()) {
            throw new JsonInputException(what + " is not a JSON object (it is " + n.getNodeType().name().toLowerCase(java.util.Locale.ROOT) + ")");
        }
        return (ObjectNode) n;
    }

    private AuditOutcome auditChecked(BundleLayout.Once laid, String name) throws IOException, JsonInputException {
        BundleLayout layout = laid.get();
        if (!layout.refused().isEmpty()) {
            return new AuditOutcome(name, Verdict.UNVERIFIABLE, layout.refused(), List.of());
        }
        if (layout.result().isEmpty()) {
            return new AuditOutcome(name, Verdict.UNVERIFIABLE, List.of("no verification-result.json"), List.of());
        }
        JsonNode result = object(layout.result().get(), "verification-result.json");
        List<String> tampered = new ArrayList<>();
        // against the schema alone: nothing maps the result, so no validated copy of it is made
        DocumentVersion resultVersion = DocumentVersion.of(DocumentType.VERIFICATION_RESULT, "0.1");
        List<DocumentProblem> problems = DocumentReader.strict().schemas().validate(resultVersion, result);
        if (!problems.isEmpty()) {
            // no verifier writes one: every field a reader relies on is then in doubt, not only those re-verification checks
            tampered.add("the recorded result is not a valid VerificationResult v0.1: "
                    + String.join("; ", new InvalidDocumentException(resultVersion.toString(), problems).messages()));
        }
        tampered.addAll(selfConsistency(result));
        List<String> missing = new ArrayList<>();
        if (layout.workUnit().isEmpty()) {
            missing.add("the work unit is missing");
        }
        if (layout.manifest().isEmpty()) {
            missing.add("the result manifest is missing");
        }
        if (layout.plan().isEmpty()) {
            missing.add("the evaluator plan is missing");
        }
        if (layout.candidateRoot().isEmpty()) {
            missing.add("the candidate folder is missing");
        }
        if (!missing.isEmpty()) {
            return tampered.isEmpty() ? new AuditOutcome(name, Verdict.UNVERIFIABLE, missing, List.of())
                    : new AuditOutcome(name, Verdict.TAMPERED, tampered, List.of());
        }
        SameBytes.Read wuRead = shared(layout.workUnit().get(), "the work unit");
        ObjectNode rm = object(layout.manifest().get(), "the result manifest");
        SameBytes.Read planRead = shared(layout.plan().get(), "the evaluator plan");
        ObjectNode wu = wuRead.copy();
        JsonNode plan = planRead.copy();
        Digest wuDigest = wuRead.canonical();
        Digest rmDigest = Digests.canonical(rm);
        String planDigest = planRead.canonical().toString();
        JsonNode prov = result.path("provenance");
        same(tampered, "work unit digest", prov.path("work_unit_digest").asText(), wuDigest.toString());
        same(tampered, "result manifest digest", prov.path("result_manifest_digest").asText(), rmDigest.toString());
        if (prov.has("verifier_config_digest")) {
            same(tampered, "plan digest (provenance.verifier_config_digest)", prov.path("verifier_config_digest").asText(), planDigest);
        }
        tampered.addAll(ProvenanceIntegrity.violations(wu, wuDigest, rm, rmDigest, (ObjectNode) result));

        // the candidate and logs the manifest names, against the digests it declares
        Path root = layout.candidateRoot().get();
        DiffResult patch = null;
        String artifactId = plan.path("candidate_artifact_id").asText();
        for (JsonNode a : rm.path("produced_artifacts")) {
            if (!artifactId.equals(a.path("id").asText())) {
                continue;
            }
            Path f = root.resolve(a.path("locator").asText()).normalize();
            if (!Containment.isInside(f, root)) {
                missing.add("candidate " + a.path("locator").asText() + " leads outside the bundle's candidate folder");
                continue;
            }
            if (!Files.isRegularFile(f)) {
                missing.add("candidate " + a.path("locator").asText() + " is missing");
                continue;
            }
            // read as a stream, its SHA-256 taken on the way: a file of any size costs the audit a buffer
            try (InputStream in = Files.newInputStream(f)) {
                patch = DiffReader.readSections(in, Profile.STRICT);
            }
            String actual = new Digest(patch.sha256()).toString();
            same(tampered, "candidate " + a.path("locator").asText() + " (manifest)", a.path("digest").asText(), actual);
            for (JsonNode e : result.path("evidence")) {
                if ("artifact_hash".equals(e.path("type").asText())) {
                    same(tampered, "candidate " + a.path("locator").asText() + " (evidence " + e.path("id").asText() + ")",
                            e.path("digest").asText(), actual);
                }
            }
        }
        for (JsonNode l : rm.path("logs")) {
            if (!l.hasNonNull("digest")) {
                continue;
            }
            Path f = root.resolve(l.path("locator").asText()).normalize();
            if (!Containment.isInside(f, root)) {
                missing.add("log " + l.path("locator").asText() + " leads outside the bundle's candidate folder");
                continue;
            }
            if (!Files.isRegularFile(f)) {
                missing.add("log " + l.path("locator").asText() + " is missing");
                continue;
            }
            same(tampered, "log " + l.path("locator").asText(), l.path("digest").asText(), Digests.file(f).toString());
        }
        List<String> advisories = advisories(patch);
        if (!tampered.isEmpty()) {
            return new AuditOutcome(name, Verdict.TAMPERED, tampered, advisories);
        }
        if (!missing.isEmpty()) {
            return new AuditOutcome(name, Verdict.UNVERIFIABLE, missing, advisories);
        }
        String version = plan.path("schema_version").asText();
        String adapter = result.path("verifier").path("adapter_version").asText();
        if (!ADAPTERS.containsKey(version) || !ADAPTERS.get(version).equals(adapter)) {
            return new AuditOutcome(name, Verdict.UNVERIFIABLE, List.of("recorded plan version " + version + " with adapter " + adapter
                    + " is not one this tool implements (it implements " + new TreeSet<>(ADAPTERS.entrySet().stream()
                            .map(e -> "v" + e.getKey() + "/" + e.getValue()).toList()) + ")"), advisories);
        }
        Verification again;
        try {
            // the records just read and checked are handed over, not read again
            // and the work unit and plan as validated once for every bundle holding the same bytes
            List<ValidDocument> validated = new ArrayList<>();
            wuRead.valid(DocumentVersion.of(DocumentType.WORK_UNIT, "0.2")).ifPresent(validated::add);
            planRead.valid(DocumentVersion.of(DocumentType.EVALUATOR_PLAN, version)).ifPresent(validated::add);
            again = verifier.verify(VerifyRequest.of(layout.workUnit().get(), layout.manifest().get(), root, layout.plan().get()),
                    new Verifier.Documents(wu, rm, plan, validated));
        } catch (VerificationException e) {
            return new AuditOutcome(name, Verdict.DIVERGED, List.of("re-verification could not decide: " + e.getMessage()), advisories);
        }
        JsonNode recorded = comparable(result);
        JsonNode reverified = comparable(again.result());
        // the common case, the same result, is known without writing a path for every value on the way
        Optional<Difference> difference = same(recorded, reverified) ? Optional.empty() : firstDifference(recorded, reverified, "");
        if (difference.isPresent()) {
            return new AuditOutcome(name, Verdict.DIVERGED, List.of(difference.get().reason()), advisories,
                    difference.get().path());
        }
        return new AuditOutcome(name, Verdict.REPRODUCED, List.of("every digest matches; re-verified under EvaluatorPlan v" + version
                + " (adapter " + adapter + "): same status, checks, findings and evidence"), advisories);
    }

    /**
     * Every evidence digest a patch result can re-derive from its own diagnostics, and its manifest
     * digest against its provenance. A mismatch means the result was edited after it was written.
     */
    static List<String> selfConsistency(JsonNode result) {
        List<String> out = new ArrayList<>();
        Map<String, String> evidence = new LinkedHashMap<>();
        result.path("evidence").forEach(e -> evidence.put(e.path("id").asText(), e.path("digest").asText()));
        if (evidence.containsKey("result-manifest-canonical")) {
            String recorded = result.path("provenance").path("result_manifest_digest").asText();
            if (!recorded.equals(evidence.get("result-manifest-canonical"))) {
                out.add("evidence result-manifest-canonical " + evidence.get("result-manifest-canonical")
                        + " differs from provenance.result_manifest_digest " + recorded);
            }
        }
        for (JsonNode check : result.path("checks")) {
            if (!check.has("diagnostics") || !check.path("diagnostics").asText().startsWith("{")) {
                continue;
            }
            JsonNode d;
            try {
                d = PyJson.loads(check.path("diagnostics").asText());
            } catch (PyJson.DecodeError e) {
                out.add("check " + check.path("id").asText() + ": diagnostics are not JSON: " + e.getMessage());
                continue;
            }
            for (Map.Entry<String, String> o : OBSERVATIONS.entrySet()) {
                if (d.has(o.getKey()) && evidence.containsKey(o.getValue())) {
                    compare(out, o.getValue(), evidence.get(o.getValue()), Nodes.digest(d.get(o.getKey())).toString());
                }
            }
            if (d.has("worker_status") && evidence.containsKey("worker-status-observation")) {
                ObjectNode status = Nodes.object();
                status.set("worker_status", d.get("worker_status"));
                compare(out, "worker-status-observation", evidence.get("worker-status-observation"), Nodes.digest(status).toString());
            }
            if (d.path("artifact").has("observed_digest") && evidence.containsKey("candidate-patch-hash")) {
                compare(out, "candidate-patch-hash", evidence.get("candidate-patch-hash"), d.path("artifact").path("observed_digest").asText());
            }
        }
        return out;
    }

    private static void compare(List<String> out, String id, String recorded, String derived) {
        if (!recorded.equals(derived)) {
            out.add("evidence " + id + " records " + recorded + " but the result's own diagnostics give " + derived);
        }
    }

    private static void same(List<String> out, String what, String recorded, String actual) {
        if (!recorded.equals(actual)) {
            out.add(what + ": recorded " + recorded + ", the file on disk has " + actual);
        }
    }

    private static List<String> advisories(DiffResult patch) {
        List<String> out = new ArrayList<>();
        if (patch != null) {
            for (Diagnostic d : patch.diagnostics()) {
                out.add("line " + d.line() + ": " + d.code() + " " + d.message());
            }
        }
        return out;
    }

    /**
     * The result less what SPEC decision 6 lets differ: the times, the wall-clock seconds, the machine
     * ({@code provenance.environment} apart from its tool versions) and patchverdict's own extensions (but its v0.5
     * plan marks). Everything else, unknown fields and extensions included, must be reproduced.
     */
    static JsonNode comparable(JsonNode result) {
        if (!result.isObject()) {
            return result;
        }
        // copies of the objects that lose a field, sharing every value they keep: the result itself is not changed
        ObjectNode c = shallow(result);
        c.remove(List.of("started_at", "finished_at"));
        if (c.get("resources") instanceof ObjectNode r) {
            ObjectNode resources = shallow(r);
            c.set("resources", resources);
            resources.remove("wall_seconds");
        }
        if (c.get("provenance") instanceof ObjectNode p && p.get("environment") instanceof ObjectNode e) {
            ObjectNode prov = shallow(p);
            ObjectNode env = shallow(e);
            c.set("provenance", prov);
            prov.set("environment", env);
            env.retain("tool_versions");
        }
        if (c.get("extensions") instanceof ObjectNode x) {
            ObjectNode ext = shallow(x);
            c.set("extensions", ext);
            List<String> own = new ArrayList<>();
            ext.fieldNames().forEachRemaining(k -> {
                if (k.startsWith("org.patchverdict.") && !k.startsWith("org.patchverdict.evaluator_plan.")) {
                    own.add(k);
                }
            });
            ext.remove(own);
        }
        return c;
    }

    /** A new object holding the same values. */
    private static ObjectNode shallow(JsonNode object) {
        ObjectNode copy = Nodes.object();
        copy.setAll((ObjectNode) object);
        return copy;
    }

    /** True exactly when {@link #firstDifference} finds none: the same keys, lengths, texts and written values. */
    static boolean same(JsonNode recorded, JsonNode again) {
        if (recorded.isObject() && again.isObject()) {
            if (recorded.size() != again.size()) {
                return false;
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = recorded.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode b = again.get(e.getKey());
                if (b == null || !same(e.getValue(), b)) {
                    return false;
                }
            }
            return true;
        }
        if (recorded.isArray() && again.isArray()) {
            if (recorded.size() != again.size()) {
                return false;
            }
            for (int i = 0; i < recorded.size(); i++) {
                if (!same(recorded.get(i), again.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (recorded.isTextual() && again.isTextual() && recorded.textValue().equals(again.textValue())) {
            return true;
        }
        return PyJson.dumps(recorded, false).equals(PyJson.dumps(again, false));
    }

    /** Where the recorded and the re-verified result first differ: the JSON path, and the reason naming both values. */
    record Difference(String path, String reason) {
        static Optional<Difference> at(String path, String values) {
            String p = path.isEmpty() ? "/" : path;
            return Optional.of(new Difference(p, p + ": " + values));
        }
    }

    /** The first JSON path where the recorded and the re-verified result differ, with both values. */
    static Optional<Difference> firstDifference(JsonNode recorded, JsonNode again, String path) {
        if (recorded.isObject() && again.isObject()) {
            TreeSet<String> keys = new TreeSet<>();
            recorded.fieldNames().forEachRemaining(keys::add);
            again.fieldNames().forEachRemaining(keys::add);
            for (String k : keys) {
                JsonNode a = recorded.get(k);
                JsonNode b = again.get(k);
                if (a == null || b == null) {
                    return Difference.at(path + "/" + k, "recorded " + (a == null ? "(absent)" : PyJson.dumps(a, false))
                            + ", re-verified " + (b == null ? "(absent)" : PyJson.dumps(b, false)));
                }
                Optional<Difference> d = firstDifference(a, b, path + "/" + k);
                if (d.isPresent()) {
                    return d;
                }
            }
            return Optional.empty();
        }
        if (recorded.isArray() && again.isArray()) {
            Iterator<JsonNode> a = recorded.elements();
            Iterator<JsonNode> b = again.elements();
            int i = 0;
            while (a.hasNext() || b.hasNext()) {
                if (!a.hasNext() || !b.hasNext()) {
                    return Difference.at(path + "/" + i, "recorded " + (a.hasNext() ? PyJson.dumps(a.next(), false) : "(absent)")
                            + ", re-verified " + (b.hasNext() ? PyJson.dumps(b.next(), false) : "(absent)"));
                }
                Optional<Difference> d = firstDifference(a.next(), b.next(), path + "/" + i);
                if (d.isPresent()) {
                    return d;
                }
                i++;
            }
            return Optional.empty();
        }
        if (recorded.isTextual() && again.isTextual() && recorded.textValue().equals(again.textValue())) {
            return Optional.empty(); // the same text is the same JSON: not written out to be compared
        }
        String x = PyJson.dumps(recorded, false);
        String y = PyJson.dumps(again, false);
        return x.equals(y) ? Optional.empty() : Difference.at(path, "recorded " + x + ", re-verified " + y);
    }
}
