// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import dev.patchverdict.diff.Diagnostic;
import dev.patchverdict.diff.DiagnosticCode;
import dev.patchverdict.diff.DiffLine;
import dev.patchverdict.diff.DiffOutcome;
import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.diff.DiffVisitor;
import dev.patchverdict.diff.FileHeader;
import dev.patchverdict.diff.FileSection;
import dev.patchverdict.diff.GitPath;
import dev.patchverdict.diff.Hunk;
import dev.patchverdict.diff.HunkHeader;
import dev.patchverdict.diff.LineKind;
import dev.patchverdict.diff.Profile;
import dev.patchverdict.diff.Severity;
import dev.patchverdict.digest.Digest;
import dev.patchverdict.plan.ChangePolicy;
import dev.patchverdict.plan.PathGlob;
import dev.patchverdict.plan.StrictTransitionContract;
import dev.patchverdict.plan.Transition;
import dev.patchverdict.diff.DiffResult;
import dev.patchverdict.tricks.TrickDetector;
import dev.patchverdict.tricks.TrickHit;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The semantic reading of an EvaluatorPlan v0.5: reads a candidate patch once with the strict
 * reader and decides the plan's line requirements and change policy. Bad input never throws; it
 * becomes diagnostics and unmet requirements in the {@link SemanticEvaluation}.
 *
 * <p>The profile is the strict one with every diagnostic fatal, except the policy findings the
 * change policy allows, which are kept as warnings so that each still becomes a decision.
 * Evidence counts only from validated hunks: read to their end, in a section read to its end, with
 * no fatal diagnostic inside either (nor in the header lines before the section). Lines are split
 * on {@code \n} only; text is matched case-sensitively, as bytes, inside one line. Memory holds the
 * first hit per requirement of the current hunk and section, never the patch.
 *
 * <pre>{@code
 * SemanticEvaluation e = StrictTransitionEvaluator.evaluate(in, (StrictTransitionContract) plan.contract());
 * if (!e.accepted()) { e.reasons().forEach(...); }
 * }</pre>
 */
public final class StrictTransitionEvaluator {
    private static final Map<DiagnosticCode, PolicyDecision.Rule> POLICY_CODES = new EnumMap<>(Map.of(
            DiagnosticCode.SYMLINK, PolicyDecision.Rule.SYMLINK,
            DiagnosticCode.SUBMODULE, PolicyDecision.Rule.SUBMODULE,
            DiagnosticCode.EXECUTABLE_BIT, PolicyDecision.Rule.MODE_CHANGE,
            DiagnosticCode.BINARY_PATCH, PolicyDecision.Rule.BINARY,
            DiagnosticCode.INVISIBLE_CHARACTER, PolicyDecision.Rule.INVISIBLE_CHARACTER));

    /** Removed-line candidates kept per requirement and hunk; more are not needed to decide. */
    private static final int MAX_CANDIDATES = 1024;

    private StrictTransitionEvaluator() {}

    /**
     * Reads the patch to its end (not closing it) once, with the reader's default limits, and evaluates it against
     * the contract. A plan that forbids trick rules needs the patch's lines together, so then that one reading
     * also keeps them.
     */
    public static SemanticEvaluation evaluate(InputStream patch, StrictTransitionContract contract) {
        return evaluate(patch, contract, DiffReader.Options.DEFAULT);
    }

    /** As {@link #evaluate(InputStream, StrictTransitionContract)}, read within the caller's limits. */
    public static SemanticEvaluation evaluate(InputStream patch, StrictTransitionContract contract, DiffReader.Options options) {
        Objects.requireNonNull(patch, "patch");
        Objects.requireNonNull(contract, "contract");
        Objects.requireNonNull(options, "options");
        Reading r = new Reading(contract);
        Profile profile = profile(contract.changePolicy());
        if (contract.changePolicy().forbiddenTricks().isEmpty()) {
            return r.result(DiffReader.read(patch, profile, r, options), contract.backend().maxCandidateBytes());
        }
        DiffResult lines = DiffReader.readLines(patch, profile, options, r);
        SemanticEvaluation e = r.result(lines.outcome(), contract.backend().maxCandidateBytes());
        return unreadable(e) ? e : e.withTrickHits(TrickDetector.of(contract.changePolicy().forbiddenTricks()).detect(lines));
    }

    public static SemanticEvaluation evaluate(byte[] patch, StrictTransitionContract contract) {
        return evaluate(patch, contract, DiffReader.Options.DEFAULT);
    }

    public static SemanticEvaluation evaluate(byte[] patch, StrictTransitionContract contract, DiffReader.Options options) {
        Objects.requireNonNull(patch, "patch");
        if (!contract.changePolicy().forbiddenTricks().isEmpty()) {
            return evaluate(new ByteArrayInputStream(patch), contract, options); // keeps the lines in the one reading
        }
        return evaluate(patch, contract, options, List.of());
    }

    /**
     * As {@link #evaluate(byte[], StrictTransitionContract, DiffReader.Options)} for a caller that has already
     * searched the same bytes, read within the same limits, for tricks (review with detection): the hits of the
     * plan's forbidden rules among {@code hits} count, so the patch is searched once. The search must have run
     * at least the forbidden rules (see {@link TrickDetector#and}).
     */
    public static SemanticEvaluation evaluate(byte[] patch, StrictTransitionContract contract, DiffReader.Options options,
            List<TrickHit> hits) {
        Objects.requireNonNull(patch, "patch");
        Objects.requireNonNull(contract, "contract");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(hits, "hits");
        Reading r = new Reading(contract);
        // Read in place: bytes already in memory are not copied through a stream's window.
        SemanticEvaluation e = r.result(DiffReader.read(patch, profile(contract.changePolicy()), r, options),
                contract.backend().maxCandidateBytes());
        List<String> forbidden = contract.changePolicy().forbiddenTricks();
        return forbidden.isEmpty() || unreadable(e) ? e : e.withTrickHits(TrickDetector.only(hits, forbidden));
    }

    /** A patch that could not be read whole has no trick hits: that is already fatal. */
    private static boolean unreadable(SemanticEvaluation e) {
        return e.diagnostics().stream().anyMatch(d -> d.code() == DiagnosticCode.INPUT_UNREADABLE);
    }

    /** The strict profile with every diagnostic fatal, less the policy findings the change policy allows. */
    public static Profile profile(ChangePolicy policy) {
        Profile p = Profile.STRICT;
        for (DiagnosticCode c : DiagnosticCode.values()) {
            if (p.enabled(c) && !p.severity(c).rejects()) {
                p = p.withSeverity(c, Severity.ERROR);
            }
        }
        List<DiagnosticCode> allowed = new ArrayList<>();
        if (policy.allowSymlinks()) {
            allowed.add(DiagnosticCode.SYMLINK);
        }
        if (policy.allowSubmodules()) {
            allowed.add(DiagnosticCode.SUBMODULE);
        }
        if (policy.allowModeChanges()) {
            allowed.add(DiagnosticCode.EXECUTABLE_BIT);
        }
        if (policy.allowBinary()) {
            allowed.add(DiagnosticCode.BINARY_PATCH);
        }
        if (!policy.forbidInvisibleCharacters()) {
            allowed.add(DiagnosticCode.INVISIBLE_CHARACTER);
        }
        if (policy.allowCrlf()) {
            allowed.add(DiagnosticCode.CRLF_LINE_ENDING);
        }
        return p.allowing(allowed);
    }

    /** The requirements of a contract in result order: added substrings, removed substrings, transitions. */
    public static List<Requirement> requirements(StrictTransitionContract contract) {
        List<Requirement> out = new ArrayList<>();
        contract.requiredAddedSubstrings().forEach(s -> out.add(new Requirement.Added(s)));
        contract.requiredRemovedSubstrings().forEach(s -> out.add(new Requirement.Removed(s)));
        contract.requiredTransitions().forEach(t -> out.add(new Requirement.Replaced(t)));
        return List.copyOf(out);
    }

    /**
     * The visitor. Each requirement has two slots: slot 0 is the single line of an added or removed
     * requirement, or the removed side of a transition; slot 1 is a transition's added side.
     */
    private static final class Reading implements DiffVisitor {
        private final List<Requirement> requirements;
        private final byte[][][] needles;
        private final LineKind[][] kinds;
        private final List<PathGlob> protectedGlobs;

        private final List<Diagnostic> diagnostics = new ArrayList<>();
        private final List<PolicyDecision> decisions = new ArrayList<>();
        /** Every old and new path of the sections read, in reading order: the changed paths a backend reports. */
        private final List<GitPath> touched = new ArrayList<>();

        // Found in validated hunks: per requirement and slot, and whole transitions.
        private final LineEvidence[][] side;
        private final LineEvidence[][] pair;
        // Pending until the hunk, then the section, ends clean.
        private final LineEvidence[][] hunkSide;
        private final LineEvidence[][] sectionSide;
        private final LineEvidence[][] sectionPair;
        // Where a needle occurred without counting, for the unmet messages.
        private final long[][] contextLine;
        private final long[][] rejectedLine;
        // Transitions: the first added line that held the new text but still held the old one.
        private final long[] keptOldLine;
        // Removed lines are judged when their section ends: one added back unchanged in the same
        // file was moved, not removed. Candidates per requirement, with a hash of their content.
        private final List<List<LineEvidence>> hunkRemoved = new ArrayList<>();
        private final List<List<Long>> hunkRemovedHash = new ArrayList<>();
        private final List<List<LineEvidence>> sectionRemoved = new ArrayList<>();
        private final List<List<Long>> sectionRemovedHash = new ArrayList<>();
        private final List<List<LineEvidence>> sectionHunkAdded = new ArrayList<>();
        private final java.util.Set<Long> sectionAdded = new java.util.HashSet<>();
        private final long[] movedLine;

        private boolean inSection;
        private boolean inHunk;
        private boolean sectionTainted;
        private boolean hunkTainted;
        private boolean taintNextSection;
        private String sectionPath = "";

        Reading(StrictTransitionContract contract) {
            requirements = requirements(contract);
            int n = requirements.size();
            needles = new byte[n][][];
            kinds = new LineKind[n][];
            for (int i = 0; i < n; i++) {
                Requirement r = requirements.get(i);
                if (r instanceof Requirement.Added a) {
                    needles[i] = new byte[][] {utf8(a.text())};
                    kinds[i] = new LineKind[] {LineKind.ADDED};
                } else if (r instanceof Requirement.Removed rm) {
                    needles[i] = new byte[][] {utf8(rm.text())};
                    kinds[i] = new LineKind[] {LineKind.REMOVED};
                } else {
                    Transition t = ((Requirement.Replaced) r).transition();
                    needles[i] = new byte[][] {utf8(t.removed()), utf8(t.added())};
                    kinds[i] = new LineKind[] {LineKind.REMOVED, LineKind.ADDED};
                }
            }
            protectedGlobs = contract.changePolicy().globs();
            side = new LineEvidence[n][2];
            pair = new LineEvidence[n][];
            hunkSide = new LineEvidence[n][2];
            sectionSide = new LineEvidence[n][2];
            sectionPair = new LineEvidence[n][];
            contextLine = new long[n][2];
            keptOldLine = new long[n];
            movedLine = new long[n];
            for (int i = 0; i < n; i++) {
                hunkRemoved.add(new ArrayList<>());
                hunkRemovedHash.add(new ArrayList<>());
                sectionRemoved.add(new ArrayList<>());
                sectionRemovedHash.add(new ArrayList<>());
                sectionHunkAdded.add(new ArrayList<>());
            }
            rejectedLine = new long[n][2];
        }

        private static byte[] utf8(String s) {
            return s.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public void onSectionStart(FileHeader header) {
            abandonUnfinished();
            inSection = true;
            sectionTainted = taintNextSection;
            taintNextSection = false;
            sectionPath = header.path().text();
            for (int i = 0; i < requirements.size(); i++) {
                sectionSide[i][0] = null;
                sectionSide[i][1] = null;
                sectionPair[i] = null;
                sectionRemoved.get(i).clear();
                sectionRemovedHash.get(i).clear();
                sectionHunkAdded.get(i).clear();
            }
            sectionAdded.clear();
            protect(header.oldPath(), header.line());
            if (header.newPath() != null && !header.newPath().equals(header.oldPath())) {
                protect(header.newPath(), header.line());
            }
        }

        private void protect(GitPath path, long line) {
            if (path == null) {
                return;
            }
            String p = path.text();
            for (PathGlob g : protectedGlobs) {
                if (g.matches(p)) {
                    decisions.add(new PolicyDecision(PolicyDecision.Rule.PROTECTED_PATH, false, p, line,
                            "matches protected path " + g.pattern()));
                    return;
                }
            }
        }

        @Override
        public void onHunk(HunkHeader header) {
            inHunk = true;
            hunkTainted = false;
            for (LineEvidence[] h : hunkSide) {
                h[0] = null;
                h[1] = null;
            }
            hunkRemoved.forEach(List::clear);
            hunkRemovedHash.forEach(List::clear);
        }

        @Override
        public void onLine(DiffLine line) {
            LineKind kind = line.kind();
            if (kind == LineKind.NO_NEWLINE_MARKER) {
                return;
            }
            long hash = kind == LineKind.ADDED || kind == LineKind.REMOVED ? fnv64(line.content()) : 0;
            if (kind == LineKind.ADDED) {
                sectionAdded.add(hash);
            }
            for (int i = 0; i < needles.length; i++) {
                for (int slot = 0; slot < needles[i].length; slot++) {
                    if (kind == LineKind.CONTEXT) {
                        if (contextLine[i][slot] == 0 && line.contains(needles[i][slot])) {
                            contextLine[i][slot] = line.lineNumber();
                        }
                    } else if (kind == kinds[i][slot] && kind == LineKind.REMOVED && line.contains(needles[i][slot])) {
                        if (hunkRemoved.get(i).size() < MAX_CANDIDATES) {
                            hunkRemoved.get(i).add(evidence(line, kind));
                            hunkRemovedHash.get(i).add(hash);
                        }
                    } else if (kind == kinds[i][slot] && hunkSide[i][slot] == null && line.contains(needles[i][slot])) {
                        if (slot == 1 && line.contains(needles[i][0])) {
                            // The old form is still on the line that carries the new one: not a
                            // replacement (safe_call( is inside unsafe_call( itself).
                            if (keptOldLine[i] == 0) {
                                keptOldLine[i] = line.lineNumber();
                            }
                            continue;
                        }
                        hunkSide[i][slot] = evidence(line, kind);
                    }
                }
            }
        }

        private static LineEvidence evidence(DiffLine line, LineKind kind) {
            return new LineEvidence(line.section().path().text(), line.section().index(), line.hunkIndex(), line.lineNumber(), kind,
                    line.text());
        }

        /** 64-bit FNV-1a: enough to tell a line added back unchanged without holding every line. */
        private static long fnv64(byte[] bytes) {
            long h = 0xcbf29ce484222325L;
            for (byte b : bytes) {
                h ^= b & 0xff;
                h *= 0x100000001b3L;
            }
            return h;
        }

        @Override
        public void onHunkEnd(Hunk hunk) {
            inHunk = false;
            for (int i = 0; i < needles.length; i++) {
                LineEvidence[] h = hunkSide[i];
                if (hunkTainted) {
                    rejected(i, h);
                    if (!hunkRemoved.get(i).isEmpty() && rejectedLine[i][0] == 0) {
                        rejectedLine[i][0] = hunkRemoved.get(i).get(0).patchLine();
                    }
                    continue;
                }
                sectionRemoved.get(i).addAll(hunkRemoved.get(i));
                sectionRemovedHash.get(i).addAll(hunkRemovedHash.get(i));
                for (int slot = 0; slot < needles[i].length; slot++) {
                    if (kinds[i][slot] == LineKind.ADDED && sectionSide[i][slot] == null) {
                        sectionSide[i][slot] = h[slot];
                    }
                }
                if (needles[i].length == 2 && h[1] != null) {
                    sectionHunkAdded.get(i).add(h[1]);
                }
            }
            for (LineEvidence[] h : hunkSide) {
                h[0] = null;
                h[1] = null;
            }
            hunkRemoved.forEach(List::clear);
            hunkRemovedHash.forEach(List::clear);
        }

        /**
         * Judges the section's removed lines now that all its added lines are known: a removed line
         * whose exact content the same file adds back was moved, not removed, and never counts.
         */
        private void settleSection() {
            for (int i = 0; i < needles.length; i++) {
                if (kinds[i][0] != LineKind.REMOVED) {
                    continue;
                }
                List<LineEvidence> removed = sectionRemoved.get(i);
                List<Long> hashes = sectionRemovedHash.get(i);
                LineEvidence firstKept = null;
                for (int k = 0; k < removed.size(); k++) {
                    LineEvidence r = removed.get(k);
                    if (sectionAdded.contains(hashes.get(k))) {
                        if (movedLine[i] == 0) {
                            movedLine[i] = r.patchLine();
                        }
                        continue;
                    }
                    if (firstKept == null) {
                        firstKept = r;
                    }
                    if (needles[i].length == 2 && sectionPair[i] == null) {
                        for (LineEvidence a : sectionHunkAdded.get(i)) {
                            if (a.hunk() == r.hunk()) {
                                sectionPair[i] = new LineEvidence[] {r, a};
                                break;
                            }
                        }
                    }
                }
                sectionSide[i][0] = firstKept;
            }
        }

        @Override
        public void onSectionEnd(FileSection section) {
            if (section.oldPath() != null) {
                touched.add(section.oldPath());
            }
            if (section.newPath() != null) {
                touched.add(section.newPath());
            }
            inSection = false;
            if (!sectionTainted) {
                settleSection();
            }
            for (int i = 0; i < needles.length; i++) {
                if (sectionTainted) {
                    if (!sectionRemoved.get(i).isEmpty() && rejectedLine[i][0] == 0) {
                        rejectedLine[i][0] = sectionRemoved.get(i).get(0).patchLine();
                    }
                    rejected(i, sectionSide[i]);
                    continue;
                }
                for (int slot = 0; slot < 2; slot++) {
                    if (side[i][slot] == null) {
                        side[i][slot] = sectionSide[i][slot];
                    }
                }
                if (pair[i] == null) {
                    pair[i] = sectionPair[i];
                }
            }
        }

        private void rejected(int i, LineEvidence[] hits) {
            for (int slot = 0; slot < 2; slot++) {
                if (hits[slot] != null && rejectedLine[i][slot] == 0) {
                    rejectedLine[i][slot] = hits[slot].patchLine();
                }
            }
        }

        @Override
        public void onDiagnostic(Diagnostic d) {
            diagnostics.add(d);
            PolicyDecision.Rule rule = POLICY_CODES.get(d.code());
            if (rule != null) {
                decisions.add(new PolicyDecision(rule, !d.rejects(), inSection ? sectionPath : "", d.line(), d.message()));
            }
            if (d.rejects()) {
                hunkTainted |= inHunk;
                sectionTainted |= inSection;
                taintNextSection |= !inSection;
            }
        }

        @Override
        public void onEnd(DiffOutcome outcome) {
            abandonUnfinished();
        }

        /** A hunk or section a fatal error cut short gets no end call: what it held does not count. */
        private void abandonUnfinished() {
            for (int i = 0; i < needles.length; i++) {
                if (inHunk) {
                    rejected(i, hunkSide[i]);
                    if (!hunkRemoved.get(i).isEmpty() && rejectedLine[i][0] == 0) {
                        rejectedLine[i][0] = hunkRemoved.get(i).get(0).patchLine();
                    }
                }
                if (inSection && !sectionRemoved.get(i).isEmpty() && rejectedLine[i][0] == 0) {
                    rejectedLine[i][0] = sectionRemoved.get(i).get(0).patchLine();
                }
                if (inSection) {
                    rejected(i, sectionSide[i]);
                }
            }
            inHunk = false;
            inSection = false;
        }

        SemanticEvaluation result(DiffOutcome outcome, long maxCandidateBytes) {
            List<RequirementResult> results = new ArrayList<>();
            for (int i = 0; i < requirements.size(); i++) {
                results.add(result(i));
            }
            List<PolicyDecision> ordered = new ArrayList<>(decisions);
            ordered.sort((a, b) -> Long.compare(a.patchLine(), b.patchLine()));
            return new SemanticEvaluation(new Digest(outcome.sha256()), outcome.bytes(), maxCandidateBytes, results,
                    diagnostics, ordered, List.of(), touched);
        }

        private RequirementResult result(int i) {
            Requirement r = requirements.get(i);
            if (!(r instanceof Requirement.Replaced replaced)) {
                if (side[i][0] != null) {
                    return RequirementResult.satisfied(r, List.of(side[i][0]));
                }
                if (movedLine[i] > 0) {
                    return moved(r, i);
                }
                String what = r instanceof Requirement.Added ? "added" : "removed";
                return nowhere(r, i, 0, "no " + what + " line of a validated hunk holds it");
            }
            if (pair[i] != null) {
                return RequirementResult.satisfied(r, List.of(pair[i][0], pair[i][1]));
            }
            Transition t = replaced.transition();
            LineEvidence removed = side[i][0];
            LineEvidence added = side[i][1];
            if (removed != null && added != null) {
                return RequirementResult.unmet(r, Unmet.Reason.NOT_IN_ONE_HUNK, "removed at " + where(removed)
                        + ", added at " + where(added) + ", never in the same hunk of the same file");
            }
            if (removed == null && movedLine[i] > 0) {
                return moved(r, i);
            }
            if (added != null) {
                return RequirementResult.unmet(r, Unmet.Reason.REMOVED_SIDE_MISSING, "'" + t.added() + "' is added at "
                        + where(added) + ", but no removed line holds '" + t.removed() + "'" + hint(i, 0));
            }
            if (keptOldLine[i] > 0) {
                return RequirementResult.unmet(r, Unmet.Reason.ADDED_LINE_KEEPS_REMOVED, "every added line holding '" + t.added()
                        + "' still holds '" + t.removed() + "' (first at patch line " + keptOldLine[i]
                        + "): the old form must be gone from the line that carries the new one");
            }
            if (removed != null) {
                return RequirementResult.unmet(r, Unmet.Reason.ADDED_SIDE_MISSING, "'" + t.removed() + "' is removed at "
                        + where(removed) + ", but no added line holds '" + t.added() + "'" + hint(i, 1));
            }
            return nowhere(r, i, -1, "neither side occurs in a validated hunk");
        }

        private RequirementResult moved(Requirement r, int i) {
            return RequirementResult.unmet(r, Unmet.Reason.REMOVED_LINE_READDED, "every removed line holding the text is added back"
                    + " unchanged in the same file (first at patch line " + movedLine[i] + "): a moved line is not a removal");
        }

        /** Unmet with nothing counted: the reason says where the text did occur, if anywhere. */
        private RequirementResult nowhere(Requirement r, int i, int onlySlot, String message) {
            long rejected = first(rejectedLine[i], onlySlot);
            if (rejected > 0) {
                return RequirementResult.unmet(r, Unmet.Reason.ONLY_IN_REJECTED_HUNK,
                        message + "; it occurs at patch line " + rejected + ", in a hunk the strict reader rejected");
            }
            long context = first(contextLine[i], onlySlot);
            if (context > 0) {
                return RequirementResult.unmet(r, Unmet.Reason.ONLY_IN_CONTEXT,
                        message + "; it occurs only in context, first at patch line " + context);
            }
            return RequirementResult.unmet(r, Unmet.Reason.NOT_FOUND, message);
        }

        private String hint(int i, int slot) {
            if (rejectedLine[i][slot] > 0) {
                return "; one does at patch line " + rejectedLine[i][slot] + ", in a hunk the strict reader rejected";
            }
            if (contextLine[i][slot] > 0) {
                return "; it occurs only in context, first at patch line " + contextLine[i][slot];
            }
            return "";
        }

        /** The first non-zero line of the slot, or of either slot when {@code slot} is -1. */
        private static long first(long[] lines, int slot) {
            if (slot >= 0) {
                return lines[slot];
            }
            long a = lines[0];
            long b = lines[1];
            return a == 0 ? b : b == 0 ? a : Math.min(a, b);
        }

        private static String where(LineEvidence e) {
            return e.path() + " hunk " + e.hunk() + " (patch line " + e.patchLine() + ")";
        }
    }
}
