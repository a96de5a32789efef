// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.review;

import dev.patchverdict.diff.Diagnostic;
import dev.patchverdict.diff.DiagnosticCode;
import dev.patchverdict.diff.DiffLine;
import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.diff.DiffResult;
import dev.patchverdict.diff.FileSection;
import dev.patchverdict.diff.LineKind;
import dev.patchverdict.diff.Profile;
import dev.patchverdict.report.IoMessages;
import dev.patchverdict.report.ReviewEntry;
import dev.patchverdict.tricks.TrickDetector;
import dev.patchverdict.tricks.TrickHit;
import dev.patchverdict.tricks.TrickRule;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * Decides one entry: reads the patch with the strict reader under the profile (the same reading as
 * {@code diff check}), checks the plan's contract when one is given, and for a rejected patch names the
 * repairs that would make git accept it. Safe to share between threads.
 */
public final class Reviewer {
    /** Patch files larger than this are read as a stream: verdict and counts only, no plan or repair. */
    public static final long MAX_IN_MEMORY = 64L << 20;
    /** How much of an input is read at a time while it is still held whole. */
    private static final int CHUNK = 1 << 20;

    /** The codes that leave an input without a verdict, as {@code diff check} treats them. */
    public static final Set<DiagnosticCode> UNDECIDED_CODES = EnumSet.of(DiagnosticCode.INPUT_UNREADABLE,
            DiagnosticCode.LINE_TOO_LONG, DiagnosticCode.HEADER_TOO_LONG, DiagnosticCode.TOO_MANY_SECTIONS);

    private final Profile profile;
    private final DiffReader.Options options;
    private final PlanCheck plan;
    private final LongSupplier nanos;
    private final TrickDetector detector;
    /** The detector with the plan's forbidden rules added: one search per patch serves both (null without detection). */
    private final TrickDetector search;
    /** The ids of the detector's own rules, whose hits are reported as findings. */
    private final List<String> reported;

    /** {@code nanos} is a monotonic clock for durations, injected so the library never reads one itself. */
    public Reviewer(Profile profile, DiffReader.Options options, PlanCheck plan, LongSupplier nanos) {
        this(profile, options, plan, nanos, null);
    }

    /**
     * As above, and with {@code detector} (null: none) every patch held in memory is also searched for tricks;
     * its hits are findings of their own severity, and a hack-severity hit fails the patch.
     */
    public Reviewer(Profile profile, DiffReader.Options options, PlanCheck plan, LongSupplier nanos, TrickDetector detector) {
        this.profile = Objects.requireNonNull(profile, "profile");
        this.options = Objects.requireNonNull(options, "options");
        this.plan = plan;
        this.nanos = Objects.requireNonNull(nanos, "nanos");
        this.detector = detector;
        // Fixed for the reviewer's life, so built here rather than for every patch.
        this.search = detector == null ? null
                : detector.and(plan != null ? plan.forbiddenTricks() : List.of(), "forbidden_tricks");
        this.reported = detector == null ? List.of() : detector.rules().stream().map(TrickRule::id).toList();
    }

    public ReviewEntry review(Entry given) {
        long t0 = nanos.getAsLong();
        Entry e = given.resolved(); // a JSON Lines line is decoded here, on the reviewing thread
        return switch (e.kind()) {
            case LINE -> throw new IllegalStateException("a resolved entry is never a line");
            case MALFORMED -> entry(e, ReviewEntry.Status.INVALID, null, null, null, null, t0, e.error());
            case UNREADABLE -> entry(e, ReviewEntry.Status.UNREADABLE, null, null, null, null, t0, e.error());
            case NULL_PATCH -> entry(e, ReviewEntry.Status.EMPTY, null, null, null, null, t0, "the patch is null");
            case TEXT -> decide(e, e.text().getBytes(StandardCharsets.UTF_8), t0);
            case FILE -> {
                try {
                    if (Files.isRegularFile(e.file()) && Files.size(e.file()) <= MAX_IN_MEMORY) {
                        yield decide(e, Files.readAllBytes(e.file()), t0); // its size known: one array, no copy
                    }
                } catch (IOException x) {
                    yield entry(e, ReviewEntry.Status.UNREADABLE, null, null, null, null, t0, IoMessages.describe(x));
                }
                try (InputStream in = Files.newInputStream(e.file())) {
                    // Held only up to MAX_IN_MEMORY, as the input arrives: a pipe or FIFO tells no size beforehand.
                    ArrayDeque<byte[]> head = new ArrayDeque<>();
                    long held = 0;
                    for (byte[] chunk; held <= MAX_IN_MEMORY && (chunk = in.readNBytes(CHUNK)).length > 0; held += chunk.length) {
                        head.add(chunk);
                    }
                    if (held <= MAX_IN_MEMORY) {
                        yield decide(e, join(head, (int) held), t0);
                    }
                    DiffResult r = DiffReader.readSections(new SequenceInputStream(new Enumeration<InputStream>() {
                        private boolean rest = true;

                        @Override
                        public boolean hasMoreElements() {
                            return !head.isEmpty() || rest;
                        }

                        @Override
                        public InputStream nextElement() { // each chunk is let go of once read, then the rest of the input
                            if (!head.isEmpty()) {
                                return new ByteArrayInputStream(head.poll());
                            }
                            rest = false;
                            return in;
                        }
                    }), profile, options);
                    yield entry(e, status(r, false), r, null, null, null, t0, null);
                } catch (IOException x) {
                    yield entry(e, ReviewEntry.Status.UNREADABLE, null, null, null, null, t0, IoMessages.describe(x));
                }
            }
        };
    }

    private static byte[] join(ArrayDeque<byte[]> chunks, int length) {
        if (chunks.size() == 1 && chunks.peek().length == length) {
            return chunks.poll();
        }
        byte[] out = new byte[length];
        int at = 0;
        for (byte[] c; (c = chunks.poll()) != null; at += c.length) {
            System.arraycopy(c, 0, out, at, c.length);
        }
        return out;
    }

    private ReviewEntry decide(Entry e, byte[] bytes, long t0) {
        // With detection, one reading keeps the lines too; sections, diagnostics and counts are the same either way.
        DiffResult r = detector != null ? DiffReader.readLines(bytes, profile, options) : Repairs.read(bytes, profile, options);
        ReviewEntry.Status s = status(r, blank(bytes));
        // A rejected patch is searched too: a malformed patch must not hide a trick in the lines read before the error.
        boolean read = s == ReviewEntry.Status.ACCEPTED || s == ReviewEntry.Status.REJECTED;
        List<ReviewEntry.Finding> tricks = List.of();
        ReviewEntry.PlanOutcome p = null;
        if (detector != null && read) {
            // One search for both: a profile changes diagnostics only, never the lines the rules look at.
            List<TrickHit> hits = search.detect(r);
            tricks = findings(TrickDetector.only(hits, reported), r);
            p = plan != null ? plan.check(bytes, options, hits) : null;
        } else if (plan != null && read) {
            p = plan.check(bytes, options);
        }
        ReviewEntry.Repair repair = s == ReviewEntry.Status.REJECTED ? Repairs.suggest(bytes, r, profile, options) : null;
        return entry(e, s, r, bytes, p, repair, t0, s == ReviewEntry.Status.EMPTY ? "the patch is empty" : null, tricks);
    }

    /** Trick hits as review findings. */
    public static List<ReviewEntry.Finding> findings(List<TrickHit> hits) {
        return hits.stream().map(h -> ReviewEntry.Finding.trick(h.ruleId(), h.severity().label(), h.patchLine(), h.path(),
                h.message())).toList();
    }

    /** The most hits of one patch that carry an excerpt: a patch of thousands of hits keeps a bounded record. */
    static final int MAX_EXCERPTS = 100;
    /** Patch lines shown on either side of a hit's line. */
    static final int EXCERPT_CONTEXT = 2;

    /**
     * Trick hits as review findings, each of the first {@value #MAX_EXCERPTS} with the patch lines around it from the
     * reading that found it: its hunk's lines within {@value #EXCERPT_CONTEXT} of the hit, or a section's first lines
     * for a hit about the whole section.
     */
    static List<ReviewEntry.Finding> findings(List<TrickHit> hits, DiffResult r) {
        List<ReviewEntry.Finding> out = new ArrayList<>(hits.size());
        List<ReviewEntry.Finding> plain = findings(hits);
        for (int i = 0; i < hits.size(); i++) {
            out.add(i < MAX_EXCERPTS ? plain.get(i).withExcerpt(excerpt(hits.get(i), r.lines())) : plain.get(i));
        }
        return out;
    }

    private static List<ReviewEntry.PatchLine> excerpt(TrickHit h, List<DiffLine.Snapshot> lines) {
        if (h.patchLine() < 1) {
            return List.of();
        }
        boolean section = h.hunk() < 0;
        long from = section ? h.patchLine() : h.patchLine() - EXCERPT_CONTEXT;
        long to = section ? Long.MAX_VALUE : h.patchLine() + EXCERPT_CONTEXT;
        List<ReviewEntry.PatchLine> out = new ArrayList<>();
        for (int i = firstAtOrAfter(lines, from); i < lines.size() && out.size() < 2 * EXCERPT_CONTEXT + 1; i++) {
            DiffLine.Snapshot l = lines.get(i);
            if (l.lineNumber() > to || l.section() > h.section()) {
                break;
            }
            if (l.section() == h.section() && (section || l.hunkIndex() == h.hunk())) {
                out.add(new ReviewEntry.PatchLine(l.lineNumber(), marker(l.kind())
                        + dev.patchverdict.text.Excerpts.clip(l.text(), dev.patchverdict.text.Excerpts.LINE)));
            }
        }
        return out;
    }

    /** The index of the first body line at or after patch line {@code n}: lines are in patch order. */
    private static int firstAtOrAfter(List<DiffLine.Snapshot> lines, long n) {
        int lo = 0;
        int hi = lines.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (lines.get(mid).lineNumber() < n) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static String marker(LineKind k) {
        return switch (k) {
            case ADDED -> "+";
            case REMOVED -> "-";
            case CONTEXT -> " ";
            case NO_NEWLINE_MARKER -> "\\";
        };
    }

    private static ReviewEntry.Status status(DiffResult r, boolean blank) {
        if (r.diagnostics().stream().anyMatch(d -> UNDECIDED_CODES.contains(d.code()))) {
            return ReviewEntry.Status.UNREADABLE;
        }
        if (blank) {
            return ReviewEntry.Status.EMPTY;
        }
        return r.accepted() ? ReviewEntry.Status.ACCEPTED : ReviewEntry.Status.REJECTED;
    }

    private static boolean blank(byte[] b) {
        for (byte x : b) {
            if (x != ' ' && x != '\t' && x != '\r' && x != '\n') {
                return false;
            }
        }
        return true;
    }

    private ReviewEntry entry(Entry e, ReviewEntry.Status s, DiffResult r, byte[] bytes, ReviewEntry.PlanOutcome p,
            ReviewEntry.Repair repair, long t0, String error) {
        return entry(e, s, r, bytes, p, repair, t0, error, List.of());
    }

    private ReviewEntry entry(Entry e, ReviewEntry.Status s, DiffResult r, byte[] bytes, ReviewEntry.PlanOutcome p,
            ReviewEntry.Repair repair, long t0, String error, List<ReviewEntry.Finding> tricks) {
        List<String> files = new ArrayList<>();
        long added = 0;
        long removed = 0;
        List<ReviewEntry.Finding> findings = new ArrayList<>();
        String sha = null;
        long size = bytes == null ? 0 : bytes.length;
        if (r != null) {
            for (FileSection f : r.sections()) {
                files.add(f.path().text());
                added += f.added();
                removed += f.removed();
            }
            for (Diagnostic d : r.diagnostics()) {
                findings.add(finding(d));
            }
            sha = r.sha256();
            size = r.outcome().bytes();
        }
        findings.addAll(tricks);
        long micros = (nanos.getAsLong() - t0) / 1000;
        return new ReviewEntry(e.index(), e.name(), e.model(), e.source(), e.pointer(), e.sourceLine(), s, sha, size, files,
                added, removed, findings, p, repair, micros, error);
    }

    /** What {@code diff check} read from one file, as a review entry (no plan, no repair): for its SARIF output. */
    public static ReviewEntry entryOf(long index, String name, DiffResult r) {
        return entryOf(index, name, r, List.of());
    }

    /** As {@link #entryOf(long, String, DiffResult)}, with the trick hits {@code diff check --detect} found. */
    public static ReviewEntry entryOf(long index, String name, DiffResult r, List<TrickHit> hits) {
        Entry e = new Entry(index, Entry.Kind.UNREADABLE, name, null, name, null, 0, null, null, "-");
        return new Reviewer(Profile.STRICT, DiffReader.Options.DEFAULT, null, () -> 0L)
                .entry(e, status(r, false), r, null, null, null, 0, null, findings(hits));
    }

    /** An input {@code diff check} could not open, as a review entry. */
    public static ReviewEntry unreadable(long index, String name, String why) {
        return new ReviewEntry(index, name, null, name, null, 0, ReviewEntry.Status.UNREADABLE, null, 0, List.of(), 0, 0,
                List.of(), null, null, 0, why);
    }

    public static ReviewEntry.Finding finding(Diagnostic d) {
        return new ReviewEntry.Finding(d.code().name(), d.severity().name().toLowerCase(Locale.ROOT), d.line(), d.message(),
                d.rejects());
    }
}
