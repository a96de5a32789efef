// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.admission;

import static dev.patchverdict.text.SafeText.Style.REPORT;

import dev.patchverdict.behave.BehaveException;
import dev.patchverdict.behave.BehaveRequest;
import dev.patchverdict.behave.plan.BehaviouralPlan;
import dev.patchverdict.behave.plan.LoadedPlan;
import dev.patchverdict.behave.plan.PlanBinding;
import dev.patchverdict.behave.plan.PlanCommitment;
import dev.patchverdict.behave.sandbox.GitTrees;
import dev.patchverdict.behave.sandbox.RelativePaths;
import dev.patchverdict.digest.Digest;
import dev.patchverdict.digest.Digests;
import dev.patchverdict.fs.Containment;
import dev.patchverdict.record.DocumentReader;
import dev.patchverdict.record.InvalidDocumentException;
import dev.patchverdict.record.ResultManifest;
import dev.patchverdict.record.VerificationResult;
import dev.patchverdict.record.WorkUnit;
import dev.patchverdict.report.IoMessages;
import dev.patchverdict.text.SafeText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The preconditions of a behavioural run, each a refusal (exit 2) naming what and why: a plan
 * that is behavioural and committed before this run; a work unit, result manifest and passing
 * static VerificationResult bound to it and to each other by digest; a runner that is neither
 * the worker nor the static verifier; a candidate whose bytes match the manifest; a plan and an
 * output outside the worker-controlled candidate root; and a repository holding the bound commit.
 */
public final class Admission {
    /** No real patch is this large; a bigger "candidate" is refused before it is read. */
    static final long MAX_PATCH_BYTES = 64L << 20;

    private Admission() {}

    /**
     * Admits the inputs. Every input is copied once into {@code inputs} (runner-private scratch)
     * and only the copies are read, hashed and used: a worker who can still write the originals
     * cannot change what was checked between the check and the use.
     */
    public static Admitted admit(BehaveRequest request, String runnerId, GitTrees git, Instant runStart, Path inputs)
            throws BehaveException {
        Path root = realDirectory(request.candidateRoot(), "--candidate-root");
        requireOutside(request.plan(), root, "the behavioural plan");
        requireOutside(request.commitmentFile(), root, "the plan's commitment");
        if (request.output().isPresent()) {
            requireOutside(request.output().get(), root, "the output");
        }
        Snapshots snap = new Snapshots(inputs);
        LoadedPlan loaded = snap.plan(request.plan());
        BehaviouralPlan plan = loaded.plan();
        PlanBinding binding = plan.binding();
        PlanCommitment commitment = commitment(request, loaded, runStart, snap);

        WorkUnit workUnit = read(request.workUnit(), snap.copy(request.workUnit(), "work-unit"), "work unit",
                DocumentReader.strict()::readWorkUnit);
        Digest workUnitDigest = workUnit.canonicalDigest();
        String wu = request.workUnit().toString();
        same(wu, "digest", workUnitDigest, binding.workUnitDigest(), "the plan's binding.work_unit_digest");
        same(wu, "id", workUnit.id(), binding.workUnitId(), "the plan's binding.work_unit_id");
        same(wu, "version", workUnit.version(), (long) binding.workUnitVersion(), "the plan's binding.work_unit_version");

        ResultManifest manifest = read(request.resultManifest(),
                snap.copy(request.resultManifest(), "result-manifest"), "result manifest",
                DocumentReader.strict()::readResultManifest);
        Digest manifestDigest = manifest.canonicalDigest();
        String rm = request.resultManifest().toString();
        same(rm, "work_unit_id", manifest.workUnitId(), binding.workUnitId(), "the plan's binding");
        same(rm, "work_unit_version", manifest.workUnitVersion(), (long) binding.workUnitVersion(), "the plan's binding");
        same(rm, "provenance.work_unit_digest", manifest.provenance().workUnitDigest(), binding.workUnitDigest(),
                "the plan's binding");
        same(rm, "provenance.source_revision", manifest.provenance().sourceRevision(), binding.sourceRevision(),
                "the plan's binding");

        VerificationResult staticResult = read(request.staticResult(),
                snap.copy(request.staticResult(), "static-result"), "static result",
                DocumentReader.strict()::readVerificationResult);
        Digest staticDigest = staticResult.canonicalDigest();
        String sr = request.staticResult().toString();
        if (staticResult.status() != VerificationResult.Status.PASSED) {
            throw new BehaveException(sr, "the static VerificationResult is \"" + staticResult.status().wire()
                    + "\"; behaviour runs only after the metadata-only verifier passed the candidate");
        }
        same(sr, "result_manifest_id", staticResult.resultManifestId(), manifest.id(), "the result manifest's id");
        same(sr, "provenance.result_manifest_digest", staticResult.provenance().resultManifestDigest(), manifestDigest,
                "the result manifest's digest (a different candidate)");
        same(sr, "provenance.work_unit_digest", staticResult.provenance().workUnitDigest(), binding.workUnitDigest(),
                "the plan's binding");
        Optional<Digest> staticPlan = staticResult.provenance().verifierConfigDigest();
        if (staticPlan.isEmpty()) {
            throw new BehaveException(sr, "provenance.verifier_config_digest is missing, so it is unknown which plan"
                    + " the static verifier passed the candidate under");
        }
        same(sr, "provenance.verifier_config_digest", staticPlan.get(), binding.staticPlanDigest(),
                "the plan's binding.static_plan_digest (passed under a different plan)");

        // The configured identity of this runner (--runner-id), not a constant every runner shares.
        if (runnerId.equals(manifest.worker().id())) {
            throw new BehaveException(rm, "the worker id \"" + SafeText.escape(runnerId, REPORT) + "\" is this runner's id"
                    + " (--runner-id); the runner must be independent of the worker");
        }
        if (runnerId.equals(staticResult.verifier().id())) {
            throw new BehaveException(sr, "the static verifier id \"" + SafeText.escape(runnerId, REPORT) + "\" is this"
                    + " runner's id (--runner-id); the behavioural runner must be a separate evaluator");
        }

        ResultManifest.ProducedArtifact artifact = candidateArtifact(manifest, binding, rm);
        Path original = candidateFile(root, artifact.locator(), rm);
        Path patch = snap.candidate(original);
        Digest patchDigest = patchDigest(patch, original);
        same(original.toString(), "SHA-256", patchDigest, artifact.digest(), "the digest the result manifest declares");
        CandidatePaths.requireSafe(snap.bytes(patch, original), original.toString());

        Path repo = request.repo();
        if (!git.isRepository(repo)) {
            throw new BehaveException(repo.toString(), "not a Git repository");
        }
        Optional<String> commit = git.resolveCommit(repo, binding.sourceRevision());
        if (commit.isEmpty() || !commit.get().equals(binding.sourceRevision())) {
            throw new BehaveException(repo.toString(), "does not hold commit " + binding.sourceRevision()
                    + " (the plan's binding.source_revision)");
        }
        return new Admitted(loaded, commitment, workUnit, workUnitDigest, manifest, manifestDigest, staticResult,
                staticDigest, patch, patchDigest, repo, commit.get(), runnerId);
    }

    private static PlanCommitment commitment(BehaveRequest request, LoadedPlan loaded, Instant runStart,
            Snapshots snap) throws BehaveException {
        Path file = request.commitmentFile();
        if (!Files.exists(file)) {
            throw new BehaveException(request.plan().toString(), "the plan was not committed before this run (no "
                    + file + "); run 'patchverdict behave commit --plan " + request.plan() + "' before any run");
        }
        PlanCommitment c = snap.commitment(file);
        if (!c.planDigest().equals(loaded.digest())) {
            throw new BehaveException(request.plan().toString(), "its digest " + loaded.digest()
                    + " is not the committed one, " + c.planDigest() + " (" + file + "): the plan changed after it was"
                    + " committed");
        }
        if (!c.planId().equals(loaded.plan().id())) {
            throw new BehaveException(file.toString(), "commits plan id \"" + c.planId() + "\", not \""
                    + loaded.plan().id() + "\"");
        }
        if (c.committedAt().isAfter(runStart)) {
            throw new BehaveException(file.toString(), "is dated " + c.committedAt() + ", after this run started ("
                    + runStart + "); a commitment must come before the run");
        }
        return c;
    }

    private static ResultManifest.ProducedArtifact candidateArtifact(ResultManifest manifest, PlanBinding binding,
            String rm) throws BehaveException {
        List<ResultManifest.ProducedArtifact> found = binding.candidateArtifactId().isPresent()
                ? manifest.artifactsWithId(binding.candidateArtifactId().get())
                : manifest.producedArtifacts().stream().filter(a -> a.type() == ResultManifest.ArtifactType.PATCH)
                        .toList();
        String which = binding.candidateArtifactId().map(id -> "artifact \"" + id + "\"")
                .orElse("artifact of type \"patch\"");
        if (found.size() != 1) {
            throw new BehaveException(rm, "declares " + found.size() + " " + which + (found.size() == 1 ? "" : "s")
                    + "; exactly one is needed to know which candidate to run");
        }
        return found.get(0);
    }

    /** The candidate file: inside the candidate root even after following symbolic links. */
    private static Path candidateFile(Path root, String locator, String rm) throws BehaveException {
        if (locator.startsWith("/") || RelativePaths.problem(locator) != null) {
            throw new BehaveException(rm, "the candidate locator \"" + locator
                    + "\" must be a path relative to the candidate root, without '..'");
        }
        Path file = root.resolve(locator).normalize();
        try {
            Path real = file.toRealPath();
            // Both paths come from toRealPath (absolute, normalised, no links), so resolving them again
            // through Containment finds no link to follow and decides as this prefix test does. A link
            // planted after toRealPath would beat a second resolution just as well.
            if (!real.startsWith(root) || !Files.isRegularFile(real, LinkOption.NOFOLLOW_LINKS)) {
                throw new BehaveException(file.toString(), "the candidate is not a regular file inside the candidate"
                        + " root");
            }
            return real;
        } catch (IOException e) {
            throw new BehaveException(file.toString(), "the candidate cannot be read: " + IoMessages.describe(e), e);
        }
    }

    private static Digest patchDigest(Path copy, Path original) throws BehaveException {
        try {
            return Digests.file(copy);
        } catch (IOException e) {
            throw new BehaveException(original.toString(), "the candidate cannot be read: " + IoMessages.describe(e), e);
        }
    }

    private static Path realDirectory(Path dir, String what) throws BehaveException {
        try {
            Path real = dir.toRealPath();
            if (!Files.isDirectory(real)) {
                throw new BehaveException(dir.toString(), what + " is not a directory");
            }
            return real;
        } catch (IOException e) {
            throw new BehaveException(dir.toString(), what + ": " + IoMessages.describe(e), e);
        }
    }

    /** A worker who controls the candidate root must not be able to supply the plan or receive the output. */
    public static void requireOutside(Path file, Path root, String what) throws BehaveException {
        boolean inside;
        try {
            inside = Containment.isInside(file, root);
        } catch (IOException e) {
            throw new BehaveException(file.toString(), what + " cannot be resolved: " + IoMessages.describe(e), e);
        }
        if (inside) {
            throw new BehaveException(file.toString(), what + " must be outside the candidate root " + root);
        }
    }

    @FunctionalInterface
    private interface Reader<T> {
        T read(Path file) throws IOException, InvalidDocumentException;
    }

    private static <T> T read(Path file, Path copy, String what, Reader<T> reader) throws BehaveException {
        try {
            return reader.read(copy);
        } catch (InvalidDocumentException e) {
            throw new BehaveException(file.toString(), "not a valid " + what + ": " + e.getMessage(), e);
        } catch (IOException e) {
            throw new BehaveException(file.toString(), IoMessages.describe(e), e);
        }
    }

    private static void same(String what, String field, Object actual, Object expected, String against)
            throws BehaveException {
        if (!actual.equals(expected)) {
            throw new BehaveException(what, field + " is " + actual + ", which does not match " + against + " ("
                    + expected + ")");
        }
    }
}
