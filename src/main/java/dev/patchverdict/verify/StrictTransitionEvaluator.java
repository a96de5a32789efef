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
import dev.patchverdict.digest.Digests;
import dev.patchverdict.plan.ChangePolicy;
import dev.patchverdict.plan.PathGlob;
import dev.patchverdict.plan.StrictTransitionContract;
import dev.patchverdict.plan.Transition;
import dev.patchverdict.diff.DiffResult;
import dev.patchverdict.tricks.TrickDetector;
import dev.patchverdict.tricks.TrickHit;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.security.MessageDigest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The semantic reading of an EvaluatorPlan v0.5: reads a candidate patch once with the strict
 * reader and decides the plan's line requirements and change policy. Bad input never throws; it
 * becomes diagnostics and unmet requirements in the {@link SemanticEvaluation}.
 *
 * <p>The profile is the strict one with every diagnostic fatal, except the policy findings the
 * change policy allows, which are kept as warnings so that each still becomes a decision.
 * Evidence counts only from validated sections: read to their end, with no fatal diagnostic inside
 * (nor in the header lines before them). Lines are split on {@code \n} only; text is matched
 * case-sensitively, as bytes, inside one line, in time linear in the line.
 *
 * <p>Lines count by what git does to each file (README, "EvaluatorPlan v0.5"): a removed line only
 * in a section that changes its file in place (not a copy, rename or deletion), and only when no
 * added line of that section still holds the removed text (a path's fate is stated by one such
 * section at most: the strict reader refuses a second); an added line only when the section adds
 * that exact line more often than it removes it, and its file is not written where the patch
 * deletes or renames away the file that stood there. A patch larger than the plan's limit is not
 * read at all. Work and memory are linear in the patch: per requirement, the first evidence of each
 * kind, and for the current section a count per distinct line holding an added text.
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

    private StrictTransitionEvaluator() {}

    /**
     * Reads the patch to its end (not closing it) once, with the reader's default limits, and evaluates it against
     * the contract. At most the plan's size limit and one byte are held; a larger patch is only hashed and counted.
     */
    public static SemanticEvaluation evaluate(InputStream patch, StrictTransitionContract contract) {
        return evaluate(patch, contract, DiffReader.Options.DEFAULT);
    }

    /** As {@link #evaluate(InputStream, StrictTransitionContract)}, read within the caller's limits. */
    public static SemanticEvaluation evaluate(InputStream patch, StrictTransitionContract contract, DiffReader.Options options) {
        Objects.requireNonNull(patch, "patch");
        Objects.requireNonNull(contract, "contract");
        Objects.requireNonNull(options, "options");
        long max = contract.backend().maxCandidateBytes();
        MessageDigest md = Digests.newSha256();
        byte[] held = new byte[(int) Math.min(max + 1, 1 << 16)];
        int n = 0;
        long total = 0;
        try {
            byte[] chunk = new byte[1 << 16];
            for (int k; (k = patch.read(chunk)) >= 0; ) {
                md.update(chunk, 0, k);
                int keep = (int) Math.max(0, Math.min(k, max + 1 - n));
                if (keep > 0) {
                    if (n + keep > held.length) {
                        held = java.util.Arrays.copyOf(held, (int) Math.min(max + 1, Math.max(n + keep, 2L * held.length)));
                    }
                    System.arraycopy(chunk, 0, held, n, keep);
                    n += keep;
                }
                total += k;
            }
        } catch (IOException e) {
            // The reader words an unreadable input as every reading does: what was read, then the failure.
            Reading r = new Reading(contract);
            InputStream replay = new SequenceInputStream(new ByteArrayInputStream(held, 0, n), failing(e));
            return r.result(DiffReader.read(replay, profile(contract.changePolicy()), r, options), max);
        }
        if (total > max) {
            return overLimit(contract, Digests.of(md), total);
        }
        return evaluate(java.util.Arrays.copyOf(held, n), contract, options);
    }

    private static InputStream failing(IOException e) {
        return new InputStream() {
            @Override
            public int read() throws IOException {
                throw e;
            }
        };
    }

    public static SemanticEvaluation evaluate(byte[] patch, StrictTransitionContract contract) {
        return evaluate(patch, contract, DiffReader.Options.DEFAULT);
    }

    /**
     * As {@link #evaluate(InputStream, StrictTransitionContract, DiffReader.Options)} for bytes in memory. A plan that
     * forbids trick rules needs the patch's lines together, so then the one reading also keeps them.
     */
    public static SemanticEvaluation evaluate(byte[] patch, StrictTransitionContract contract, DiffReader.Options options) {
        Objects.requireNonNull(patch, "patch");
        Objects.requireNonNull(contract, "contract");
        Objects.requireNonNull(options, "options");
        if (patch.length > contract.backend().maxCandidateBytes()) {
            return overLimit(contract, Digests.bytes(patch), patch.length);
        }
        if (contract.changePolicy().forbiddenTricks().isEmpty()) {
            return evaluate(patch, contract, options, List.of());
        }
        Reading r = new Reading(contract);
        DiffResult lines = DiffReader.readLines(new ByteArrayInputStream(patch), profile(contract.changePolicy()), options, r);
        SemanticEvaluation e = r.result(lines.outcome(), contract.backend().maxCandidateBytes());
        return unreadable(e) ? e : e.withTrickHits(TrickDetector.of(contract.changePolicy().forbiddenTricks()).detect(lines));
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
        if (patch.length > contract.backend().maxCandidateBytes()) {
            return overLimit(contract, Digests.bytes(patch), patch.length);
        }
        Reading r = new Reading(contract);
        // Read in place: bytes already in memory are not copied through a stream's window.
        SemanticEvaluation e = r.result(DiffReader.read(patch, profile(contract.changePolicy()), r, options),
                contract.backend().maxCandidateBytes());
        List<String> forbidden = contract.changePolicy().forbiddenTricks();
        return forbidden.isEmpty() || unreadable(e) ? e : e.withTrickHits(TrickDetector.only(hits, forbidden));
    }

    /** A patch past the plan's limit: hashed and counted, never read, so nothing in it is evaluated. */
    private static SemanticEvaluation overLimit(StrictTransitionContract contract, Digest digest, long bytes) {
        long max = contract.backend().maxCandidateBytes();
        List<RequirementResult> results = new ArrayList<>();
        for (Requirement r : requirements(contract)) {
            results.add(RequirementResult.unmet(r, Unmet.Reason.NOT_EVALUATED,
                    "not read: the patch has " + bytes + " bytes, more than the plan's " + max));
        }
        return new SemanticEvaluation(digest, bytes, max, results, List.of(), List.of(), List.of(), List.of());
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
     * One requirement: its texts, what the current section and hunk hold of it, and what the patch showed so far
     * (patch lines, 0 for nowhere).
     */
    private static final class Req {
        final Requirement requirement;
        /** The removed text, less its allowed occurrences; null for an added substring. */
        final LineText.Masked removed;
        /** The added text; null for a removed substring. */
        final LineText added;

        // What the patch showed.
        long contextRemoved;
        long contextAdded;
        long rejectedRemoved;
        long rejectedAdded;
        /** A removed line in a section that copies, renames or deletes its file. */
        long notInPlace;
        /** An added line still holding the removed text, in an in-place section that removes it. */
        long keptForm;
        /** That section had no added line holding the added text without the removed one. */
        boolean keptOnTheNewLine;
        /** Any added line holding both texts. */
        long bothOnOneLine;
        /** An added line whose exact content its section removes as often. */
        long movedAdded;
        /** A hunk with a counted removal whose added lines holding the added text are all moved. */
        long pairMoved;
        /** In-place removals in patch order, counted once no copy of their file keeps the lines they remove. */
        final List<Claim> claims = new ArrayList<>();
        /** Additions whose file may yet turn out to be written over another (decided at the end). */
        final List<Pending> additions = new ArrayList<>();

        // The current section.
        LineEvidence sectionRemoved;
        /** Old line numbers of the section's removed lines holding the removed text, in increasing order. */
        final LongList sectionRemovedAt = new LongList();
        /** The section adds a line holding the removed text (what a copy keeps, whatever else it removes). */
        boolean sectionAddsRemoved;
        long sectionAddedRemoved;
        long sectionBoth;
        long sectionAdded;
        /** Lines holding the added text (and not the removed one), by exact content: net count and first added line. */
        final Map<String, Count> counts = new LinkedHashMap<>();
        /** Added lines holding the added text in hunks that remove the removed text, in order. */
        final List<Candidate> candidates = new ArrayList<>();

        // The current hunk.
        LineEvidence hunkRemoved;
        final List<Candidate> hunkCandidates = new ArrayList<>();

        Req(Requirement requirement, LineText.Masked removed, LineText added) {
            this.requirement = requirement;
            this.removed = removed;
            this.added = added;
        }

        boolean transition() {
            return removed != null && added != null;
        }

        void clearSection() {
            sectionRemoved = null;
            sectionRemovedAt.clear();
            sectionAddsRemoved = false;
            sectionAddedRemoved = 0;
            sectionBoth = 0;
            sectionAdded = 0;
            counts.clear();
            candidates.clear();
            clearHunk();
        }

        void clearHunk() {
            hunkRemoved = null;
            hunkCandidates.clear();
        }
    }

    /** How often a section adds one exact line, less how often it removes it, and where it first adds it. */
    private static final class Count {
        int net;
        LineEvidence firstAdded;
    }

    private record Candidate(Count count, LineEvidence added, LineEvidence removed) {}

    /**
     * An in-place section's removal of a removed text: which file, the old line numbers of its removed lines holding the
     * text, the first such removed line, and the section's first pair with an added line (null when none).
     */
    private record Claim(GitPath file, long[] lines, LineEvidence removed, LineEvidence[] pair) {}

    /** Longs in a growable array, without boxing. */
    private static final class LongList {
        private long[] a = new long[8];
        private int n;

        void add(long v) {
            if (n == a.length) {
                a = java.util.Arrays.copyOf(a, 2 * n);
            }
            a[n++] = v;
        }

        long get(int i) {
            return a[i];
        }

        int size() {
            return n;
        }

        void clear() {
            n = 0;
        }

        long[] toArray() {
            return java.util.Arrays.copyOf(a, n);
        }
    }

    /**
     * What a copy of a file keeps: the old line numbers its hunks remove (increasing), and per requirement how many of its
     * removed lines hold the removed text, or -1 when an added line does.
     */
    private record Copy(long[] removedAt, int[] removedHolding) {}

    private record Pending(GitPath file, LineEvidence line) {}

    /**
     * The old lines one section states of the file it reads (context and removed lines), in increasing line order: the
     * strict reader refuses hunks out of order or overlapping, so two sections compare in one merge.
     */
    private static final class Stated {
        final LongList at = new LongList();
        final List<byte[]> content = new ArrayList<>();
        /** The old line numbers of the removed lines among them. */
        final LongList removedAt = new LongList();
        final long headerLine;

        Stated(long headerLine) {
            this.headerLine = headerLine;
        }

        void add(long line, byte[] bytes, boolean removed) {
            at.add(line);
            content.add(bytes);
            if (removed) {
                removedAt.add(line);
            }
        }

        /** Whether both state a line at one place and differ there. */
        boolean disagrees(Stated o) {
            for (int i = 0, j = 0; i < content.size() && j < o.content.size();) {
                if (at.get(i) < o.at.get(j)) {
                    i++;
                } else if (at.get(i) > o.at.get(j)) {
                    j++;
                } else if (!java.util.Arrays.equals(content.get(i++), o.content.get(j++))) {
                    return true;
                }
            }
            return false;
        }
    }

    /** The visitor. */
    private static final class Reading implements DiffVisitor {
        private final List<Req> reqs = new ArrayList<>();
        private final List<PathGlob> protectedGlobs;

        private final List<Diagnostic> diagnostics = new ArrayList<>();
        private final List<PolicyDecision> decisions = new ArrayList<>();
        /** Every old and new path of the sections read, in reading order: the changed paths a backend reports. */
        private final List<GitPath> touched = new ArrayList<>();
        /** Old paths of sections that delete or rename away their file: a file written there replaces that one. */
        private final Set<GitPath> replaced = new HashSet<>();
        /**
         * For each file the patch copies, per copy and requirement, how many lines holding the removed text the copy's
         * hunks remove, or -1 when they add one: git copies the file as it was, and applies a hunk where its lines match,
         * whatever line its header names, so how many such lines a copy removes is known, not which.
         */
        private final Map<GitPath, List<Copy>> copies = new java.util.HashMap<>();
        private boolean isCopy;
        /** The old lines the in-place section of each file states, and those each copy of it states. */
        private final Map<GitPath, Stated> statedInPlace = new java.util.HashMap<>();
        private final Map<GitPath, List<Stated>> statedByCopies = new java.util.HashMap<>();
        /** The current section's, when it changes its file in place or copies it; else null. */
        private Stated stated;
        /** The old line number of the next context or removed line. */
        private long oldLine;
        /** Files whose copies state other lines than their in-place section at one place, with the copy's header line. */
        private Map<GitPath, Long> disagreeing;
        /**
         * Every path the patch names, by the key a case-insensitive or normalizing filesystem compares (first spelling
         * seen), and the keys named under two spellings: on such a checkout git applies both sections to one file.
         */
        private final Map<String, GitPath> spellings = new java.util.HashMap<>();
        private final Set<String> namedTwice = new HashSet<>();
        /** The first path named under each 8.3 short-name stem: as a short name ("UNSAFE~1.PY"), and as a long one. */
        private final Map<String, GitPath> shortAliases = new java.util.HashMap<>();
        private final Map<String, GitPath> longNames = new java.util.HashMap<>();

        private boolean inSection;
        private boolean inHunk;
        private boolean sectionTainted;
        private boolean taintNextSection;
        private String sectionPath = "";
        /** The section changes its file in place: same old and new path, not created, deleted, copied or renamed. */
        private boolean inPlace;
        /** The path the section writes; null for a deletion. */
        private GitPath written;

        Reading(StrictTransitionContract contract) {
            List<LineText> allowed = contract.removedTextAllowedIn().stream().map(LineText::new).toList();
            for (Requirement r : requirements(contract)) {
                if (r instanceof Requirement.Added a) {
                    reqs.add(new Req(r, null, new LineText(a.text())));
                } else if (r instanceof Requirement.Removed rm) {
                    reqs.add(new Req(r, new LineText.Masked(new LineText(rm.text()), allowed), null));
                } else {
                    Transition t = ((Requirement.Replaced) r).transition();
                    reqs.add(new Req(r, new LineText.Masked(new LineText(t.removed()), allowed), new LineText(t.added())));
                }
            }
            protectedGlobs = contract.changePolicy().globs();
        }

        @Override
        public void onSectionStart(FileHeader header) {
            abandonUnfinished();
            inSection = true;
            sectionTainted = taintNextSection;
            taintNextSection = false;
            sectionPath = header.path().text();
            inPlace = !header.isNew() && !header.isDeleted() && !header.isRename() && !header.isCopy()
                    && header.oldPath() != null && header.oldPath().equals(header.newPath());
            written = header.isDeleted() ? null : header.newPath();
            isCopy = header.isCopy() && header.oldPath() != null;
            stated = inPlace || isCopy ? new Stated(header.line()) : null;
            spelled(header.oldPath());
            spelled(header.newPath());
            for (Req q : reqs) {
                q.clearSection();
            }
            protect(header.oldPath(), header.line());
            if (header.newPath() != null && !header.newPath().equals(header.oldPath())) {
                protect(header.newPath(), header.line());
            }
        }

        private void spelled(GitPath path) {
            if (path == null) {
                return;
            }
            GitPath first = spellings.putIfAbsent(path.fileSystemKey(), path);
            if (first != null && !first.equals(path)) {
                namedTwice.add(first.fileSystemKey());
            }
            // A short name ("UNSAFE~1.PY") and a long one it may stand for ("unsafe_module.py") in one folder.
            String stem = path.shortNameStem();
            if (stem != null) {
                boolean alias = path.isShortNameAlias();
                (alias ? shortAliases : longNames).putIfAbsent(stem, path);
                GitPath counterpart = (alias ? longNames : shortAliases).get(stem);
                if (counterpart != null) {
                    namedTwice.add(counterpart.fileSystemKey());
                    namedTwice.add(path.fileSystemKey());
                }
            }
        }

        /** Whether the patch names the file under another spelling too. */
        private boolean namedTwice(GitPath file) {
            return !namedTwice.isEmpty() && namedTwice.contains(file.fileSystemKey());
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
            // A side with no lines names the line before the gap.
            oldLine = header.oldCount() == 0 ? header.oldStart() + 1 : header.oldStart();
            for (Req q : reqs) {
                q.clearHunk();
            }
        }

        @Override
        public void onLine(DiffLine line) {
            LineKind kind = line.kind();
            if (kind == LineKind.NO_NEWLINE_MARKER) {
                return;
            }
            byte[] bytes = line.content();
            String key = null;
            if (kind != LineKind.ADDED) {
                if (stated != null) {
                    stated.add(oldLine, bytes, kind == LineKind.REMOVED);
                }
                oldLine++;
            }
            for (Req q : reqs) {
                boolean holdsRemoved = q.removed != null && q.removed.in(bytes);
                boolean holdsAdded = q.added != null && q.added.in(bytes);
                if (kind == LineKind.CONTEXT) {
                    if (holdsRemoved && q.contextRemoved == 0) {
                        q.contextRemoved = line.lineNumber();
                    }
                    if (holdsAdded && q.contextAdded == 0) {
                        q.contextAdded = line.lineNumber();
                    }
                    continue;
                }
                boolean counted = holdsAdded && !holdsRemoved;
                if (counted && key == null) {
                    key = new String(bytes, StandardCharsets.ISO_8859_1); // byte for byte
                }
                if (kind == LineKind.REMOVED) {
                    if (holdsRemoved) {
                        q.sectionRemovedAt.add(oldLine - 1);
                    }
                    if (holdsRemoved && q.hunkRemoved == null) {
                        q.hunkRemoved = evidence(line, kind);
                        if (q.sectionRemoved == null) {
                            q.sectionRemoved = q.hunkRemoved;
                        }
                    }
                    if (counted) {
                        q.counts.computeIfAbsent(key, k -> new Count()).net--;
                    }
                    continue;
                }
                q.sectionAddsRemoved |= holdsRemoved;
                if (holdsRemoved && q.sectionAddedRemoved == 0) {
                    q.sectionAddedRemoved = line.lineNumber();
                }
                if (holdsRemoved && holdsAdded && q.sectionBoth == 0) {
                    q.sectionBoth = line.lineNumber();
                }
                if (holdsAdded && q.sectionAdded == 0) {
                    q.sectionAdded = line.lineNumber();
                }
                if (counted) {
                    Count c = q.counts.computeIfAbsent(key, k -> new Count());
                    c.net++;
                    LineEvidence e = evidence(line, kind);
                    if (c.firstAdded == null) {
                        c.firstAdded = e;
                    }
                    if (q.transition()) {
                        q.hunkCandidates.add(new Candidate(c, e, null));
                    }
                }
            }
        }

        private static LineEvidence evidence(DiffLine line, LineKind kind) {
            return new LineEvidence(line.section().path().text(), line.section().index(), line.hunkIndex(), line.lineNumber(), kind,
                    line.text());
        }

        @Override
        public void onHunkEnd(Hunk hunk) {
            inHunk = false;
            for (Req q : reqs) {
                if (q.hunkRemoved != null) {
                    for (Candidate c : q.hunkCandidates) {
                        q.candidates.add(new Candidate(c.count(), c.added(), q.hunkRemoved));
                    }
                }
                q.clearHunk();
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
            FileHeader h = section.header();
            if ((h.isDeleted() || h.isRename()) && h.oldPath() != null) {
                replaced.add(h.oldPath());
            }
            if (isCopy && !sectionTainted) {
                int[] holding = new int[reqs.size()];
                for (int i = 0; i < holding.length; i++) {
                    holding[i] = reqs.get(i).sectionAddsRemoved ? -1 : reqs.get(i).sectionRemovedAt.size();
                }
                copies.computeIfAbsent(h.oldPath(), k -> new ArrayList<>()).add(new Copy(stated.removedAt.toArray(), holding));
                statedByCopies.computeIfAbsent(h.oldPath(), k -> new ArrayList<>()).add(stated);
            } else if (inPlace && !sectionTainted) {
                statedInPlace.put(h.oldPath(), stated);
            }
            stated = null;
            inSection = false;
            for (Req q : reqs) {
                if (sectionTainted) {
                    rejected(q);
                } else {
                    settle(q);
                }
                q.clearSection();
            }
        }

        /** What a section the strict reader rejected held: counted nowhere, named in the unmet messages. */
        private static void rejected(Req q) {
            if (q.sectionRemoved != null && q.rejectedRemoved == 0) {
                q.rejectedRemoved = q.sectionRemoved.patchLine();
            }
            if (q.sectionAdded != 0 && q.rejectedAdded == 0) {
                q.rejectedAdded = q.sectionAdded;
            }
        }

        /** Judges a validated section's lines now that all of them are known; linear in what the section held. */
        private void settle(Req q) {
            if (q.sectionBoth != 0 && q.bothOnOneLine == 0) {
                q.bothOnOneLine = q.sectionBoth;
            }
            if (q.removed != null && q.sectionRemoved != null) {
                if (!inPlace) {
                    if (q.notInPlace == 0) {
                        q.notInPlace = q.sectionRemoved.patchLine();
                    }
                } else if (q.sectionAddedRemoved != 0) {
                    if (q.keptForm == 0) {
                        q.keptForm = q.sectionAddedRemoved;
                        q.keptOnTheNewLine = q.sectionBoth != 0 && q.counts.values().stream().allMatch(c -> c.firstAdded == null);
                    }
                } else {
                    LineEvidence[] pair = null;
                    if (q.transition()) {
                        for (Candidate c : q.candidates) {
                            if (c.count().net > 0) {
                                pair = new LineEvidence[] {c.removed(), c.added()};
                                break;
                            }
                        }
                        if (pair == null && !q.candidates.isEmpty() && q.pairMoved == 0) {
                            q.pairMoved = q.candidates.get(0).added().patchLine();
                        }
                    }
                    q.claims.add(new Claim(written, q.sectionRemovedAt.toArray(), q.sectionRemoved, pair));
                }
            }
            if (q.added != null && written != null) {
                LineEvidence first = null;
                long moved = 0;
                for (Count c : q.counts.values()) {
                    if (c.firstAdded == null) {
                        continue;
                    }
                    if (c.net > 0) {
                        if (first == null || c.firstAdded.patchLine() < first.patchLine()) {
                            first = c.firstAdded;
                        }
                    } else if (moved == 0 || c.firstAdded.patchLine() < moved) {
                        moved = c.firstAdded.patchLine();
                    }
                }
                if (first != null) {
                    q.additions.add(new Pending(written, first));
                } else if (moved != 0 && q.movedAdded == 0) {
                    q.movedAdded = moved;
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
                sectionTainted |= inSection;
                taintNextSection |= !inSection;
            }
        }

        @Override
        public void onEnd(DiffOutcome outcome) {
            abandonUnfinished();
        }

        /** A section a fatal error cut short gets no end call: what it held does not count. */
        private void abandonUnfinished() {
            if (inSection) {
                for (Req q : reqs) {
                    if (inHunk && q.hunkRemoved != null && q.sectionRemoved == null) {
                        q.sectionRemoved = q.hunkRemoved;
                    }
                    rejected(q);
                    q.clearSection();
                }
            }
            inHunk = false;
            inSection = false;
        }

        SemanticEvaluation result(DiffOutcome outcome, long maxCandidateBytes) {
            disagreeing = new java.util.HashMap<>();
            statedByCopies.forEach((file, copiesOf) -> {
                Stated fix = statedInPlace.get(file);
                for (Stated copy : copiesOf) {
                    if (fix != null && !disagreeing.containsKey(file) && copy.disagrees(fix)) {
                        disagreeing.put(file, copy.headerLine);
                    }
                }
            });
            List<RequirementResult> results = new ArrayList<>();
            for (int i = 0; i < reqs.size(); i++) {
                results.add(result(reqs.get(i), i));
            }
            List<PolicyDecision> ordered = new ArrayList<>(decisions);
            ordered.sort((a, b) -> Long.compare(a.patchLine(), b.patchLine()));
            return new SemanticEvaluation(new Digest(outcome.sha256()), outcome.bytes(), maxCandidateBytes, results,
                    diagnostics, ordered, List.of(), touched);
        }

        /**
         * The first counted addition, once every section that may replace a file is known; and the first that did not
         * count, in a replaced file ([0]), in a file named twice ([1]) or in a file whose copies' hunks disagree with its own ([2]).
         */
        private LineEvidence addedSide(Req q, long[] notCounted) {
            for (Pending p : q.additions) {
                int why = replaced.contains(p.file()) ? 0 : namedTwice(p.file()) ? 1 : disagreeing.containsKey(p.file()) ? 2 : -1;
                if (why < 0) {
                    return p.line();
                }
                if (notCounted[why] == 0) {
                    notCounted[why] = p.line().patchLine();
                }
            }
            return null;
        }

        /**
         * Whether a copy the patch makes of the claim's file may keep a line the claim removes: it removes fewer lines
         * holding the removed text than the claim (or adds one), so it holds more of the old form than the fixed file; or
         * its hunks name other lines than those the claim removes.
         */
        private boolean copied(Claim c, int requirement) {
            for (Copy copy : copies.getOrDefault(c.file(), List.of())) {
                if (copy.removedHolding()[requirement] < c.lines().length) {
                    return true;
                }
                // Where the hunks do apply as they say, the copy must remove the very lines the fix removes.
                for (long line : c.lines()) {
                    if (java.util.Arrays.binarySearch(copy.removedAt(), line) < 0) {
                        return true;
                    }
                }
            }
            return false;
        }

        private RequirementResult result(Req q, int index) {
            Requirement r = q.requirement;
            LineEvidence removedSide = null;
            LineEvidence[] pair = null;
            long copiedLine = 0;
            long twiceLine = 0;
            long disagreeLine = 0;
            for (Claim c : q.claims) {
                if (namedTwice(c.file())) {
                    twiceLine = twiceLine == 0 ? c.removed().patchLine() : twiceLine;
                    continue;
                }
                if (disagreeing.containsKey(c.file())) {
                    disagreeLine = disagreeLine == 0 ? disagreeing.get(c.file()) : disagreeLine;
                    continue;
                }
                if (copied(c, index)) {
                    copiedLine = copiedLine == 0 ? c.removed().patchLine() : copiedLine;
                    continue;
                }
                removedSide = removedSide == null ? c.removed() : removedSide;
                if (pair == null && c.pair() != null) {
                    pair = c.pair();
                }
            }
            long[] notCounted = {0, 0, 0};
            LineEvidence added = q.added == null ? null : addedSide(q, notCounted);
            long replacedLine = notCounted[0];
            twiceLine = first(twiceLine, notCounted[1]);
            disagreeLine = first(disagreeLine, notCounted[2]);
            if (r instanceof Requirement.Added) {
                if (added != null) {
                    return RequirementResult.satisfied(r, List.of(added));
                }
                if (twiceLine != 0) {
                    return namedTwice(r, twiceLine);
                }
                if (disagreeLine != 0) {
                    return disagree(r, disagreeLine);
                }
                if (q.movedAdded != 0) {
                    return moved(r, q.movedAdded);
                }
                if (replacedLine != 0) {
                    return replacedFile(r, replacedLine);
                }
                return nowhere(r, q, false, true, "no added line of a validated hunk holds it");
            }
            if (r instanceof Requirement.Removed) {
                if (removedSide != null) {
                    return RequirementResult.satisfied(r, List.of(removedSide));
                }
                if (twiceLine != 0) {
                    return namedTwice(r, twiceLine);
                }
                if (disagreeLine != 0) {
                    return disagree(r, disagreeLine);
                }
                if (copiedLine != 0) {
                    return copied(r, copiedLine);
                }
                if (q.keptForm != 0) {
                    return kept(r, q);
                }
                if (q.notInPlace != 0) {
                    return notInPlace(r, q);
                }
                return nowhere(r, q, true, false, "no removed line of a validated hunk holds it");
            }
            Transition t = ((Requirement.Replaced) r).transition();
            if (pair != null) {
                return RequirementResult.satisfied(r, List.of(pair[0], pair[1]));
            }
            if (twiceLine != 0 && (removedSide == null || added == null)) {
                return namedTwice(r, twiceLine);
            }
            if (disagreeLine != 0 && (removedSide == null || added == null)) {
                return disagree(r, disagreeLine);
            }
            if (copiedLine != 0 && removedSide == null) {
                return copied(r, copiedLine);
            }
            if (q.pairMoved != 0) {
                return RequirementResult.unmet(r, Unmet.Reason.ADDED_LINE_MOVED, "the added lines holding '" + t.added()
                        + "' in the hunk that removes '" + t.removed() + "' (first at patch line " + q.pairMoved
                        + ") are lines the same file removes as often: moved, not added");
            }
            if (q.keptForm != 0) {
                return kept(r, q);
            }
            LineEvidence removed = removedSide;
            if (removed != null && added != null) {
                return RequirementResult.unmet(r, Unmet.Reason.NOT_IN_ONE_HUNK, "removed at " + where(removed)
                        + ", added at " + where(added) + ", never in the same hunk of the same file");
            }
            if (added != null) {
                if (q.notInPlace != 0) {
                    return notInPlace(r, q);
                }
                return RequirementResult.unmet(r, Unmet.Reason.REMOVED_SIDE_MISSING, "'" + t.added() + "' is added at "
                        + where(added) + ", but no removed line holds '" + t.removed() + "'" + hint(q.rejectedRemoved, q.contextRemoved));
            }
            if (removed == null && q.notInPlace != 0) {
                return notInPlace(r, q);
            }
            if (q.bothOnOneLine != 0) {
                return RequirementResult.unmet(r, Unmet.Reason.ADDED_LINE_KEEPS_REMOVED, "every added line holding '" + t.added()
                        + "' still holds '" + t.removed() + "' (first at patch line " + q.bothOnOneLine
                        + "): the old form must be gone from the line that carries the new one");
            }
            if (q.movedAdded != 0) {
                return moved(r, q.movedAdded);
            }
            if (replacedLine != 0) {
                return replacedFile(r, replacedLine);
            }
            if (removed != null) {
                return RequirementResult.unmet(r, Unmet.Reason.ADDED_SIDE_MISSING, "'" + t.removed() + "' is removed at "
                        + where(removed) + ", but no added line holds '" + t.added() + "'" + hint(q.rejectedAdded, q.contextAdded));
            }
            return nowhere(r, q, true, true, "neither side occurs in a validated hunk");
        }

        private static RequirementResult kept(Requirement r, Req q) {
            if (q.keptOnTheNewLine && r instanceof Requirement.Replaced t) {
                return RequirementResult.unmet(r, Unmet.Reason.ADDED_LINE_KEEPS_REMOVED, "every added line holding '"
                        + t.transition().added() + "' still holds '" + t.transition().removed() + "' (first at patch line "
                        + q.keptForm + "): the old form must be gone from the line that carries the new one");
            }
            return RequirementResult.unmet(r, Unmet.Reason.REMOVED_FORM_KEPT, "the file that removes it adds a line still"
                    + " holding it (first at patch line " + q.keptForm + "): moved, commented or changed, the old form must be"
                    + " gone from the file");
        }

        private static RequirementResult copied(Requirement r, long line) {
            return RequirementResult.unmet(r, Unmet.Reason.REMOVED_FORM_COPIED, "the file that removes it (first at patch line "
                    + line + ") is also copied by the patch, and git copies it as it was: the copy keeps the removed line");
        }

        private static RequirementResult namedTwice(Requirement r, long line) {
            return RequirementResult.unmet(r, Unmet.Reason.FILE_NAMED_TWICE, "the file that holds it (first at patch line "
                    + line + ") is also named by another section under a spelling a case-insensitive or Unicode-normalizing"
                    + " filesystem takes as the same file; there git applies both sections to one file, the later over the"
                    + " earlier");
        }

        private static RequirementResult disagree(Requirement r, long line) {
            return RequirementResult.unmet(r, Unmet.Reason.HUNKS_DISAGREE, "the file that holds it is also copied by the"
                    + " patch, and the copy's hunks (section at patch line " + line + ") state other lines than the file's own"
                    + " at one place: git applies a hunk where its lines match, so one of them lands elsewhere than it says,"
                    + " and what either changes is not known");
        }

        private static RequirementResult notInPlace(Requirement r, Req q) {
            return RequirementResult.unmet(r, Unmet.Reason.REMOVED_NOT_IN_PLACE, "the only removed lines holding it are in a"
                    + " section that copies, renames or deletes its file (first at patch line " + q.notInPlace
                    + "): git leaves a copy's source as it was, and a moved or deleted file is not changed in place");
        }

        private static RequirementResult moved(Requirement r, long line) {
            return RequirementResult.unmet(r, Unmet.Reason.ADDED_LINE_MOVED, "every added line holding it is a line the same"
                    + " file removes as often (first at patch line " + line + "): moved, not added");
        }

        private static RequirementResult replacedFile(Requirement r, long line) {
            return RequirementResult.unmet(r, Unmet.Reason.ADDED_IN_REPLACED_FILE, "the only added lines holding it are in a file"
                    + " written where the patch deletes or renames away the file that stood there (first at patch line " + line
                    + "): not an addition to either");
        }

        /** Unmet with nothing counted: the reason says where the text did occur, if anywhere. */
        private static RequirementResult nowhere(Requirement r, Req q, boolean removedSide, boolean addedSide, String message) {
            long rejected = first(removedSide ? q.rejectedRemoved : 0, addedSide ? q.rejectedAdded : 0);
            if (rejected > 0) {
                return RequirementResult.unmet(r, Unmet.Reason.ONLY_IN_REJECTED_HUNK,
                        message + "; it occurs at patch line " + rejected + ", in a hunk the strict reader rejected");
            }
            long context = first(removedSide ? q.contextRemoved : 0, addedSide ? q.contextAdded : 0);
            if (context > 0) {
                return RequirementResult.unmet(r, Unmet.Reason.ONLY_IN_CONTEXT,
                        message + "; it occurs only in context, first at patch line " + context);
            }
            return RequirementResult.unmet(r, Unmet.Reason.NOT_FOUND, message);
        }

        private static String hint(long rejected, long context) {
            if (rejected > 0) {
                return "; one does at patch line " + rejected + ", in a hunk the strict reader rejected";
            }
            if (context > 0) {
                return "; it occurs only in context, first at patch line " + context;
            }
            return "";
        }

        /** The earlier of two patch lines, 0 meaning none. */
        private static long first(long a, long b) {
            return a == 0 ? b : b == 0 ? a : Math.min(a, b);
        }

        private static String where(LineEvidence e) {
            return e.path() + " hunk " + e.hunk() + " (patch line " + e.patchLine() + ")";
        }
    }
}
