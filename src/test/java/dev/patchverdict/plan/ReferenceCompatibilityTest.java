// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.TestGroups;
import dev.patchverdict.digest.Digest;
import dev.patchverdict.record.Document;
import dev.patchverdict.record.DocumentReader;
import dev.patchverdict.record.DocumentType;
import dev.patchverdict.record.InvalidDocumentException;
import dev.patchverdict.record.ResultManifest;
import dev.patchverdict.record.ValidDocument;
import dev.patchverdict.record.VerificationResult;
import dev.patchverdict.record.WorkUnit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Reads every current document of the five types in the upstream reference folder: each must
 * validate with the shipped schemas, map into its model and write back unchanged, and documents
 * bound to one another by canonical digest must agree. The folder is laid out as its README says:
 * files at their upstream path hold the newest version of that file, {@code _variants/<commit>/}
 * older versions of the same path (history, some of which the current schemas reject on purpose),
 * and {@code derived/} records computed from the upstream logic. The folder comes from
 * {@link ReferenceFolder}; a missing folder fails the test.
 *
 * <p>Upstream marks its negative examples by a file name starting with {@code invalid-}: some break
 * the schema, others only the rules between documents that the verifier checks. They are read and
 * counted but not required to validate.
 */
@Tag(TestGroups.REFERENCE)
class ReferenceCompatibilityTest {
    private static final Map<String, String> KNOWN_DIGESTS = Map.of(
            "verification/fixtures/patch-smoke-evaluator-plan-v0.2.json",
            "sha256:e73b61280f1d52cd119da2f3b56ca4749859c823863e82d88eb84a7c63533f2a",
            "verification/fixtures/patch-smoke-evaluator-plan-v0.3.json",
            "sha256:484817dad1c949b8f83885b60127670b9aaa0413b6eddcd04e6801c3fa60f15e",
            "verification/fixtures/patch-transition-evaluator-plan-v0.4.json",
            "sha256:f31a19180b81aa13163b2ff11787553b4722e2d4358d5af163040da6c82ccd10",
            "examples/verifier/patch/good/result-manifest.json",
            "sha256:bad853c0d3d41d79f4596315fdaf402ed3c3a073a3b76af38ce62e73fc9ce67b");

    /**
     * Older versions that the newest schemas reject, as the reference's own notes say (an adapter
     * {@code 0.1} plan without {@code required_log_types}; a WorkUnit from before the budget's
     * project-spend fields): reading history must not make it current.
     */
    private static final Map<String, String> VARIANTS_REJECTED = Map.of(
            "_variants/0555e7cd37785942afdca9c9202ea91e70f59013/verification/fixtures/patch-smoke-evaluator-plan-v0.2.json",
            "/verifier/adapter_version",
            "_variants/6d41c2c0c8edef3617d8503c9b7684d6cf901aff/examples/work-units/phase0-smoke.work-unit.json",
            "/budget/project_spend_usd_max");

    @Test
    void olderVariantsAreHistoryTheCurrentSchemasRejectWhereTheReferenceSaysSo() throws IOException {
        Path root = ReferenceFolder.root();
        DocumentReader reader = DocumentReader.strict();
        for (Map.Entry<String, String> variant : VARIANTS_REJECTED.entrySet()) {
            Path file = root.resolve(variant.getKey());
            assertTrue(Files.isRegularFile(file), "reference variant missing: " + file);
            InvalidDocumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                    InvalidDocumentException.class, () -> reader.validate(file), variant.getKey());
            assertTrue(e.messages().stream().anyMatch(m -> m.contains(variant.getValue())),
                    variant.getKey() + " rejected for another reason: " + e.messages());
        }
    }

    @Test
    void everyReferenceDocumentValidatesMapsAndBinds() throws IOException {
        Path root = ReferenceFolder.root();

        DocumentReader reader = DocumentReader.strict();
        Map<Path, Document> valid = new LinkedHashMap<>();
        Map<DocumentType, Integer> counts = new EnumMap<>(DocumentType.class);
        List<String> failures = new ArrayList<>();
        List<String> negatives = new ArrayList<>();
        int otherJson = 0;
        for (Path file : jsonFiles(root)) {
            String name = root.relativize(file).toString().replace('\\', '/');
            boolean negative = file.getFileName().toString().startsWith("invalid-");
            ValidDocument doc;
            try {
                doc = reader.validate(file);
            } catch (InvalidDocumentException e) {
                if (e.subject().equals("document") || e.subject().equals("invalid JSON")) {
                    otherJson++;
                } else if (negative) {
                    negatives.add(name + " rejected: " + e.getMessage());
                } else {
                    e.messages().forEach(m -> failures.add(name + ": " + m));
                }
                continue;
            }
            try {
                Document model = DocumentModels.map(doc);
                assertEquals(doc.canonicalDigest(), model.canonicalDigest(), name);
                if (negative) {
                    negatives.add(name + " schema-valid (" + doc.version() + ")");
                    continue;
                }
                valid.put(file, model);
                counts.merge(doc.type(), 1, Integer::sum);
                String expected = KNOWN_DIGESTS.get(name);
                if (expected != null) {
                    assertEquals(expected, model.canonicalDigest().toString(), name);
                }
            } catch (InvalidDocumentException e) {
                e.messages().forEach(m -> failures.add(name + ": " + m));
            }
        }

        List<String> bindings = checkBindings(valid.values(), failures);
        System.out.println("Reference documents under " + root + ": " + counts + " valid; " + negatives.size()
                + " upstream negative examples " + negatives + "; " + otherJson + " other JSON files; bindings checked: "
                + bindings.size());
        assertEquals(List.of(), failures);
        assertTrue(!valid.isEmpty(), "the reference folder holds none of the five document types");
    }

    /** Plans and manifests name a WorkUnit digest, results a manifest digest: each must match where both are present. */
    private static List<String> checkBindings(Iterable<Document> models, List<String> failures) {
        Map<String, Digest> workUnits = new LinkedHashMap<>();
        Map<String, Digest> manifests = new LinkedHashMap<>();
        for (Document d : models) {
            if (d instanceof WorkUnit wu) {
                workUnits.put(wu.id() + "@" + wu.version(), wu.canonicalDigest());
            } else if (d instanceof ResultManifest rm) {
                manifests.put(rm.id(), rm.canonicalDigest());
            }
        }
        List<String> checked = new ArrayList<>();
        for (Document d : models) {
            if (d instanceof EvaluatorPlan p) {
                bind(p.id(), workUnits.get(p.binding().workUnitId() + "@" + p.binding().workUnitVersion()),
                        p.binding().workUnitDigest(), checked, failures);
            } else if (d instanceof ResultManifest rm) {
                bind(rm.id(), workUnits.get(rm.workUnitId() + "@" + rm.workUnitVersion()), rm.provenance().workUnitDigest(),
                        checked, failures);
            } else if (d instanceof VerificationResult vr) {
                bind(vr.id(), workUnits.get(vr.workUnitId() + "@" + vr.workUnitVersion()), vr.provenance().workUnitDigest(),
                        checked, failures);
                bind(vr.id(), manifests.get(vr.resultManifestId()), vr.provenance().resultManifestDigest(), checked, failures);
            }
        }
        return checked;
    }

    private static void bind(String who, Digest actual, Digest declared, List<String> checked, List<String> failures) {
        if (actual == null) {
            return;
        }
        checked.add(who);
        if (!actual.equals(declared)) {
            failures.add(who + ": declares " + declared + " but the document it names has digest " + actual);
        }
    }

    private static List<Path> jsonFiles(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile)
                    .filter(p -> p.getFileName().toString().endsWith(".json"))
                    .filter(p -> !root.relativize(p).startsWith("schemas"))
                    // older upstream versions of a path: history, not current documents
                    .filter(p -> !root.relativize(p).startsWith("_variants"))
                    .sorted()
                    .toList();
        }
    }
}
