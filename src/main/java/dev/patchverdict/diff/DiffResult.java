// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

/**
 * Everything read from one diff, held in memory: for small diffs, where a caller wants the whole picture
 * rather than a stream. Built by {@link DiffReader#read(byte[], Profile)} on top of the streaming reader.
 *
 * <p>{@code lines} holds the hunk body lines only when the diff was read with
 * {@link DiffReader#readLines(byte[], Profile)} (see {@link #linesKept()}); the other readers keep none, so
 * their memory stays what it was.
 */
public record DiffResult(
        DiffOutcome outcome,
        List<FileSection> sections,
        List<Hunk> hunks,
        List<Diagnostic> diagnostics,
        byte[] numstatBytes,
        byte[] summaryBytes,
        List<DiffLine.Snapshot> lines,
        boolean linesKept) {

    public DiffResult {
        Objects.requireNonNull(outcome, "outcome");
        sections = List.copyOf(sections);
        hunks = List.copyOf(hunks);
        diagnostics = List.copyOf(diagnostics);
        numstatBytes = numstatBytes.clone();
        summaryBytes = summaryBytes.clone();
        lines = List.copyOf(lines);
        if (!linesKept && !lines.isEmpty()) {
            throw new IllegalArgumentException("lines given but not marked as kept");
        }
    }

    /** A result that keeps no body lines. */
    public DiffResult(DiffOutcome outcome, List<FileSection> sections, List<Hunk> hunks,
            List<Diagnostic> diagnostics, byte[] numstatBytes, byte[] summaryBytes) {
        this(outcome, sections, hunks, diagnostics, numstatBytes, summaryBytes, List.of(), false);
    }

    public boolean accepted() {
        return outcome.accepted();
    }

    public String sha256() {
        return outcome.sha256();
    }

    /** Exactly what {@code git apply --numstat} prints for this input (empty when git refuses it). */
    public String numstat() {
        return new String(numstatBytes, StandardCharsets.UTF_8);
    }

    /** Exactly what {@code git apply --summary} prints for this input (empty when git refuses it). */
    public String summary() {
        return new String(summaryBytes, StandardCharsets.UTF_8);
    }

    @Override
    public byte[] numstatBytes() {
        return numstatBytes.clone();
    }

    @Override
    public byte[] summaryBytes() {
        return summaryBytes.clone();
    }

    public List<Hunk> hunksOf(FileSection section) {
        return hunks.stream().filter(h -> h.header().section() == section.index()).toList();
    }

    /** The body lines of one section, in patch order (empty unless {@link #linesKept()}). */
    public List<DiffLine.Snapshot> linesOf(int sectionIndex) {
        return lines.stream().filter(l -> l.section() == sectionIndex).toList();
    }

    public List<Diagnostic> errors() {
        return diagnostics.stream().filter(Diagnostic::rejects).toList();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DiffResult r && outcome.equals(r.outcome) && sections.equals(r.sections)
                && hunks.equals(r.hunks) && diagnostics.equals(r.diagnostics)
                && java.util.Arrays.equals(numstatBytes, r.numstatBytes)
                && java.util.Arrays.equals(summaryBytes, r.summaryBytes)
                && lines.equals(r.lines) && linesKept == r.linesKept;
    }

    @Override
    public int hashCode() {
        return Objects.hash(outcome, sections, diagnostics);
    }

    @Override
    public String toString() {
        return "DiffResult[" + outcome + ", " + sections.size() + " sections, " + diagnostics + "]";
    }
}
