// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.commons.codec.binary.Hex;
import org.apache.commons.codec.digest.DigestUtils;

/**
 * Reads a unified diff the way {@code git apply} does, in one pass over its bytes, and tells a
 * {@link DiffVisitor} what it finds. Memory stays bounded whatever the size of the input: the reader holds
 * a window of a few lines (each at most {@link Options#maxLineBytes()}), and per-input state that grows
 * with the number of file sections only.
 *
 * <p>Bad input never throws: every problem is a {@link Diagnostic}. The caller's own visitor may throw, and
 * that propagates; a failure of the reader itself is a bug and propagates as a {@link DiffReaderBug}, never as
 * a diagnostic that would pass for bad input.
 *
 * <pre>{@code
 * DiffOutcome o = DiffReader.read(in, Profile.STRICT, new DiffVisitor() {
 *     public void onLine(DiffLine line) {
 *         if (line.kind() == LineKind.ADDED && line.contains(needle)) { ... line.section().path() ... }
 *     }
 * });
 * boolean ok = o.accepted(); String sha = o.sha256();
 * }</pre>
 */
public final class DiffReader {
    private DiffReader() {}

    /**
     * The reader's bounds, each reached with a named diagnostic rather than an exhausted heap.
     *
     * @param sha256 compute the SHA-256 of the input in the same pass
     * @param maxLineBytes the longest line the reader holds; a longer one is a {@code LINE_TOO_LONG} error
     * @param maxHeaderBytes the longest header line ({@code diff --git}, {@code ---}/{@code +++}, extended
     *     headers); a longer one is a {@code HEADER_TOO_LONG} error
     * @param maxSections the most file sections read; one more is a {@code TOO_MANY_SECTIONS} error, which keeps
     *     the per-section state (path sets, a caller's list of sections) bounded
     */
    public record Options(boolean sha256, int maxLineBytes, int maxHeaderBytes, int maxSections) {
        public static final int DEFAULT_MAX_LINE_BYTES = 1 << 20;
        public static final int DEFAULT_MAX_HEADER_BYTES = 64 << 10;
        public static final int DEFAULT_MAX_SECTIONS = 250_000;
        public static final Options DEFAULT = new Options(true, DEFAULT_MAX_LINE_BYTES, DEFAULT_MAX_HEADER_BYTES,
                DEFAULT_MAX_SECTIONS);

        public Options {
            if (maxLineBytes < 1024) {
                throw new IllegalArgumentException("maxLineBytes below 1024: " + maxLineBytes);
            }
            if (maxLineBytes > (Integer.MAX_VALUE - 64) / 4) {
                throw new IllegalArgumentException("maxLineBytes above " + (Integer.MAX_VALUE - 64) / 4 + ": " + maxLineBytes);
            }
            if (maxHeaderBytes < 64) {
                throw new IllegalArgumentException("maxHeaderBytes below 64: " + maxHeaderBytes);
            }
            if (maxSections < 1) {
                throw new IllegalArgumentException("maxSections below 1: " + maxSections);
            }
        }

        /** The default header and section limits with this line limit. */
        public Options(boolean sha256, int maxLineBytes) {
            this(sha256, maxLineBytes, DEFAULT_MAX_HEADER_BYTES, DEFAULT_MAX_SECTIONS);
        }

        public Options withMaxLineBytes(int n) {
            return new Options(sha256, n, maxHeaderBytes, maxSections);
        }

        public Options withMaxHeaderBytes(int n) {
            return new Options(sha256, maxLineBytes, n, maxSections);
        }

        public Options withMaxSections(int n) {
            return new Options(sha256, maxLineBytes, maxHeaderBytes, n);
        }
    }

    /** Streams the input through the reader. The input is read to its end but not closed. */
    public static DiffOutcome read(InputStream in, Profile profile, DiffVisitor visitor) {
        return read(in, profile, visitor, Options.DEFAULT);
    }

    public static DiffOutcome read(InputStream in, Profile profile, DiffVisitor visitor, Options options) {
        Objects.requireNonNull(in, "in");
        MessageDigest md = options.sha256() ? sha256() : null;
        // Room for a few maximal lines of lookahead.
        long max = Math.min(Integer.MAX_VALUE - 16L, 4L * options.maxLineBytes() + 64);
        ByteWindow w = new ByteWindow(in, md, (int) Math.min(1 << 16, max), (int) max, options.maxLineBytes());
        return run(w, md, profile, visitor, options);
    }

    /** Reads bytes already in memory without copying them. */
    public static DiffOutcome read(byte[] bytes, Profile profile, DiffVisitor visitor, Options options) {
        MessageDigest md = options.sha256() ? sha256() : null;
        ByteWindow w = new ByteWindow(bytes, md);
        w.limitLines(options.maxLineBytes());
        return run(w, md, profile, visitor, options);
    }

    private static DiffOutcome run(ByteWindow w, MessageDigest md, Profile profile, DiffVisitor visitor, Options options) {
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(visitor, "visitor");
        Engine e = new Engine(w, profile, new Guarded(visitor), overridesOnLine(visitor), options);
        try {
            e.run();
        } catch (VisitorFailure f) {
            throw f.unwrap();
        }
        byte[] d = w.digest();
        String sha = d == null ? "" : Hex.encodeHexString(d);
        DiffOutcome outcome = new DiffOutcome(profile.name(), e.errors() == 0, e.gitAccepted(), e.bytes(),
                e.lines(), e.sections(), e.errors(), e.warnings(), sha);
        visitor.onEnd(outcome);
        return outcome;
    }

    /**
     * Whether the visitor's class has its own onLine; when it keeps the empty default, the reader skips
     * filling the line view for every body line.
     */
    private static boolean overridesOnLine(DiffVisitor visitor) {
        return OVERRIDES_ON_LINE.get(visitor.getClass());
    }

    /** Looked up once per visitor class: a reflective lookup costs as much as reading a small patch's headers. */
    private static final ClassValue<Boolean> OVERRIDES_ON_LINE = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            try {
                return type.getMethod("onLine", DiffLine.class).getDeclaringClass() != DiffVisitor.class;
            } catch (NoSuchMethodException | SecurityException e) {
                return true;
            }
        }
    };

    /** Marks exceptions thrown by the caller's visitor, so the reader lets them through untouched. */
    static final class VisitorFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        VisitorFailure(RuntimeException cause) {
            super(cause);
        }

        RuntimeException unwrap() {
            return (RuntimeException) getCause();
        }
    }

    private record Guarded(DiffVisitor v) implements DiffVisitor {
        @Override
        public void onSectionStart(FileHeader header) {
            try {
                v.onSectionStart(header);
            } catch (RuntimeException e) {
                throw new VisitorFailure(e);
            }
        }

        @Override
        public void onHunk(HunkHeader header) {
            try {
                v.onHunk(header);
            } catch (RuntimeException e) {
                throw new VisitorFailure(e);
            }
        }

        @Override
        public void onLine(DiffLine line) {
            try {
                v.onLine(line);
            } catch (RuntimeException e) {
                throw new VisitorFailure(e);
            }
        }

        @Override
        public void onHunkEnd(Hunk hunk) {
            try {
                v.onHunkEnd(hunk);
            } catch (RuntimeException e) {
                throw new VisitorFailure(e);
            }
        }

        @Override
        public void onSectionEnd(FileSection section) {
            try {
                v.onSectionEnd(section);
            } catch (RuntimeException e) {
                throw new VisitorFailure(e);
            }
        }

        @Override
        public void onDiagnostic(Diagnostic diagnostic) {
            try {
                v.onDiagnostic(diagnostic);
            } catch (RuntimeException e) {
                throw new VisitorFailure(e);
            }
        }
    }

    /** Reads a whole diff into a {@link DiffResult}; for diffs that fit in memory. */
    public static DiffResult read(byte[] bytes, Profile profile) {
        Collector c = new Collector();
        DiffOutcome o = read(bytes, profile, c, Options.DEFAULT);
        return c.result(o);
    }

    /**
     * As {@link #read(byte[], Profile)}, and keeps every hunk body line as a {@link DiffLine.Snapshot}
     * ({@link DiffResult#lines()}): for callers that look at what a patch adds and removes.
     */
    public static DiffResult readLines(byte[] bytes, Profile profile) {
        return readLines(bytes, profile, Options.DEFAULT);
    }

    public static DiffResult readLines(byte[] bytes, Profile profile, Options options) {
        LineKeeper c = new LineKeeper();
        DiffOutcome o = read(bytes, profile, c, options);
        return c.result(o);
    }

    /** As {@link #readLines(byte[], Profile, Options)}, streamed: the input's bytes are not held, only its lines. */
    public static DiffResult readLines(InputStream in, Profile profile, Options options) throws IOException {
        LineKeeper c = new LineKeeper();
        DiffOutcome o = read(in, profile, c, options);
        return c.result(o);
    }

    /**
     * As {@link #readLines(InputStream, Profile, Options)}, every event also passed to {@code visitor} as it is
     * read: one reading for a caller's own visitor and for what needs the lines together (the trick detectors).
     */
    public static DiffResult readLines(InputStream in, Profile profile, Options options, DiffVisitor visitor) {
        LineKeeper c = new LineKeeper(visitor);
        DiffOutcome o = read(in, profile, c, options);
        return c.result(o);
    }

    public static DiffResult read(Path path, Profile profile) throws IOException {
        try (InputStream in = Files.newInputStream(path)) {
            return read(in, profile);
        }
    }

    public static DiffResult read(InputStream in, Profile profile) throws IOException {
        Collector c = new Collector();
        DiffOutcome o = read(in, profile, c, Options.DEFAULT);
        return c.result(o);
    }

    /**
     * As {@link #read(InputStream, Profile)} but keeps no hunks (the result's list is empty): what a
     * caller that reports sections and numstat needs, in memory that grows only per file section.
     */
    public static DiffResult readSections(InputStream in, Profile profile) throws IOException {
        return readSections(in, profile, Options.DEFAULT);
    }

    public static DiffResult readSections(InputStream in, Profile profile, Options options) throws IOException {
        Collector c = new Collector(false);
        DiffOutcome o = read(in, profile, c, options);
        return c.result(o);
    }

    /** As {@link #readSections(InputStream, Profile, Options)} for bytes already in memory, read without copying them. */
    public static DiffResult readSections(byte[] bytes, Profile profile, Options options) {
        Collector c = new Collector(false);
        DiffOutcome o = read(bytes, profile, c, options);
        return c.result(o);
    }

    private static MessageDigest sha256() {
        return DigestUtils.getSha256Digest();
    }

    private static class Collector implements DiffVisitor {
        final List<FileSection> sections = new ArrayList<>();
        final List<Hunk> hunks = new ArrayList<>();
        final List<Diagnostic> diagnostics = new ArrayList<>();
        final GitOutput git = new GitOutput();
        private final boolean keepHunks;

        Collector() {
            this(true);
        }

        Collector(boolean keepHunks) {
            this.keepHunks = keepHunks;
        }

        @Override
        public void onHunkEnd(Hunk hunk) {
            if (keepHunks) {
                hunks.add(hunk);
            }
        }

        @Override
        public void onSectionEnd(FileSection section) {
            sections.add(section);
            git.onSectionEnd(section);
        }

        @Override
        public void onDiagnostic(Diagnostic d) {
            diagnostics.add(d);
        }

        @Override
        public void onEnd(DiffOutcome outcome) {
            git.onEnd(outcome);
        }

        DiffResult result(DiffOutcome o) {
            return new DiffResult(o, sections, hunks, diagnostics, git.numstatBytes(), git.summaryBytes());
        }
    }

    /**
     * A collector that also keeps the body lines; a subclass, so plain collectors keep skipping the line view. It
     * passes every event on to a caller's visitor too, so one reading serves both.
     */
    private static final class LineKeeper extends Collector {
        final List<DiffLine.Snapshot> lines = new ArrayList<>();
        private final DiffVisitor also;

        LineKeeper() {
            this(new DiffVisitor() {});
        }

        LineKeeper(DiffVisitor also) {
            this.also = Objects.requireNonNull(also, "visitor");
        }

        @Override
        public void onSectionStart(FileHeader header) {
            also.onSectionStart(header);
        }

        @Override
        public void onHunk(HunkHeader header) {
            also.onHunk(header);
        }

        @Override
        public void onLine(DiffLine line) {
            also.onLine(line);
            lines.add(line.snapshot());
        }

        @Override
        public void onHunkEnd(Hunk hunk) {
            super.onHunkEnd(hunk);
            also.onHunkEnd(hunk);
        }

        @Override
        public void onSectionEnd(FileSection section) {
            super.onSectionEnd(section);
            also.onSectionEnd(section);
        }

        @Override
        public void onDiagnostic(Diagnostic d) {
            super.onDiagnostic(d);
            also.onDiagnostic(d);
        }

        @Override
        public void onEnd(DiffOutcome outcome) {
            super.onEnd(outcome);
            also.onEnd(outcome);
        }

        @Override
        DiffResult result(DiffOutcome o) {
            return new DiffResult(o, sections, hunks, diagnostics, git.numstatBytes(), git.summaryBytes(), lines, true);
        }
    }
}
