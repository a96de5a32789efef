// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff.filter;

import dev.patchverdict.diff.Diagnostic;
import dev.patchverdict.diff.DiffOutcome;
import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.diff.DiffVisitor;
import dev.patchverdict.diff.FileHeader;
import dev.patchverdict.diff.FileSection;
import dev.patchverdict.diff.GitPath;
import dev.patchverdict.diff.Profile;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Removes file sections from a patch without re-rendering anything: the input is read as
 * {@code git apply} reads it (the git profile), and the output is the input with the byte ranges of the
 * removed sections cut out. Kept sections, and the text outside every section (a commit message before the
 * first, prose between or after them), stay byte for byte; when no section is kept the output is empty,
 * since text alone is no patch.
 *
 * <p>Cutting could in principle join the text after one section to the one before it into something git
 * reads differently (an extended header line after a header-only section, a p-value guessed from a
 * removed traditional section). So the output is read back and must give exactly the kept sections, with
 * the same names, kinds and counts; if not, the filter refuses rather than write a different patch.
 */
public final class PatchFilter {
    private PatchFilter() {}

    public static FilterOutcome filter(byte[] input, FilterRules rules) {
        return filter(input, rules, DiffReader.Options.DEFAULT);
    }

    public static FilterOutcome filter(byte[] input, FilterRules rules, DiffReader.Options options) {
        Objects.requireNonNull(rules, "rules");
        Reading in = Reading.of(input, options);
        if (!in.outcome.accepted()) {
            long line = in.errors.isEmpty() ? 0 : in.errors.get(0).line();
            return new FilterOutcome.Refused("git apply would not read this patch", line, in.errors);
        }
        List<SectionDecision> decisions = new ArrayList<>(in.sections.size());
        for (FileSection s : in.sections) {
            decisions.add(new SectionDecision(s, removals(s, rules)));
        }
        byte[] out = cut(input, decisions);
        List<FileSection> kept = decisions.stream().filter(SectionDecision::kept).map(SectionDecision::section).toList();
        if (!kept.isEmpty() && kept.size() < decisions.size()) {
            // With nothing cut the output is the input, which was just read.
            String problem = readsBack(out, kept, options);
            if (problem != null) {
                return new FilterOutcome.Refused(problem, 0, List.of());
            }
        }
        return new FilterOutcome.Filtered(in.outcome, decisions, out);
    }

    /** Why a section goes: every named path judged on its own, so a rename goes when either name does. */
    static List<Removal> removals(FileSection s, FilterRules rules) {
        List<Removal> out = new ArrayList<>();
        GitPath oldPath = s.oldPath();
        GitPath newPath = s.newPath();
        if (oldPath != null && newPath != null && !oldPath.equals(newPath)) {
            judge(Removal.Side.OLD, oldPath, rules, out);
            judge(Removal.Side.NEW, newPath, rules, out);
        } else {
            judge(Removal.Side.PATH, s.path(), rules, out);
        }
        if (rules.dropBinary() && s.isBinary()) {
            out.add(new Removal(Removal.Cause.BINARY, null, null, null));
        }
        return out;
    }

    private static void judge(Removal.Side side, GitPath path, FilterRules rules, List<Removal> out) {
        String text = path.text();
        for (PathPattern p : rules.excludes()) {
            if (p.matches(text)) {
                out.add(new Removal(Removal.Cause.EXCLUDED, side, path, p));
                return;
            }
        }
        if (!rules.includes().isEmpty() && rules.includes().stream().noneMatch(p -> p.matches(text))) {
            out.add(new Removal(Removal.Cause.NOT_INCLUDED, side, path, null));
        }
    }

    /** The input without the removed sections' bytes; empty when nothing is kept. */
    static byte[] cut(byte[] input, List<SectionDecision> decisions) {
        if (decisions.stream().noneMatch(SectionDecision::kept)) {
            return new byte[0];
        }
        long size = input.length;
        for (SectionDecision d : decisions) {
            size -= d.kept() ? 0 : d.end() - d.start();
        }
        // One array of the exact size: the input is already in memory, and a growing buffer would copy it twice.
        byte[] out = new byte[(int) size];
        int at = 0;
        long from = 0;
        for (SectionDecision d : decisions) {
            if (!d.kept()) {
                int n = (int) (d.start() - from);
                System.arraycopy(input, (int) from, out, at, n);
                at += n;
                from = d.end();
            }
        }
        System.arraycopy(input, (int) from, out, at, (int) (input.length - from));
        return out;
    }

    /** Null when the output reads as exactly the kept sections; otherwise what differs, and where. */
    private static String readsBack(byte[] out, List<FileSection> kept, DiffReader.Options options) {
        Reading back = Reading.of(out, options);
        if (!back.outcome.accepted()) {
            Diagnostic d = back.errors.isEmpty() ? null : back.errors.get(0);
            return "the filtered patch would not be read by git apply"
                    + (d == null ? "" : " (line " + d.line() + " of the output: " + d.code() + " " + d.message() + ")");
        }
        int n = Math.min(kept.size(), back.sections.size());
        for (int i = 0; i < n; i++) {
            FileSection want = kept.get(i);
            FileSection got = back.sections.get(i);
            String change = change(want, got);
            if (change != null) {
                return "the kept section at line " + want.header().line() + " (" + want.path()
                        + ") would read differently once the removed sections are cut out: " + change;
            }
        }
        if (back.sections.size() != kept.size()) {
            return "the filtered patch would read as " + back.sections.size() + " sections, not the "
                    + kept.size() + " kept";
        }
        return null;
    }

    /** The first way git would read {@code got} differently from {@code want}, or null when it reads the same. */
    private static String change(FileSection want, FileSection got) {
        FileHeader x = want.header();
        FileHeader y = got.header();
        if (!Arrays.equals(want.numstatLine(), got.numstatLine())) {
            return "numstat '" + line(got) + "' instead of '" + line(want) + "'";
        }
        if (want.kind() != got.kind() || want.binary() != got.binary()) {
            return "git would read it as " + what(got) + " instead of " + what(want);
        }
        boolean same = want.oldNoNewline() == got.oldNoNewline() && want.newNoNewline() == got.newNoNewline()
                && Objects.equals(x.oldPath(), y.oldPath()) && Objects.equals(x.newPath(), y.newPath())
                && x.isNew() == y.isNew() && x.isDeleted() == y.isDeleted() && x.isRename() == y.isRename()
                && x.isCopy() == y.isCopy() && x.oldMode() == y.oldMode() && x.newMode() == y.newMode()
                && x.similarity() == y.similarity() && Objects.equals(x.oldId(), y.oldId())
                && Objects.equals(x.newId(), y.newId());
        return same ? null : "its header would say something else (names, modes, similarity or index)";
    }

    private static String what(FileSection s) {
        String kind = s.kind().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
        return s.isBinary() && s.kind() != dev.patchverdict.diff.ChangeKind.BINARY ? kind + " (binary)" : kind;
    }

    private static String line(FileSection s) {
        byte[] b = s.numstatLine();
        return dev.patchverdict.text.SafeText.escape(new String(b, 0, b.length - 1, java.nio.charset.StandardCharsets.UTF_8));
    }

    /** One pass of the reader in the git profile, keeping sections and errors but never hunks. */
    private static final class Reading implements DiffVisitor {
        final List<FileSection> sections = new ArrayList<>();
        final List<Diagnostic> errors = new ArrayList<>();
        DiffOutcome outcome;

        static Reading of(byte[] bytes, DiffReader.Options options) {
            Reading r = new Reading();
            r.outcome = DiffReader.read(bytes, Profile.GIT, r, options);
            return r;
        }

        @Override
        public void onSectionEnd(FileSection section) {
            sections.add(section);
        }

        @Override
        public void onDiagnostic(Diagnostic d) {
            if (d.rejects()) {
                errors.add(d);
            }
        }
    }
}
