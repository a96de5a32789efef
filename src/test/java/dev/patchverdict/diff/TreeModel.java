// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * What the reader says a patch does to a tree, worked out from the reader's own reading (its sections, hunks
 * and lines) the way {@code git apply} writes files: a deletion removes the old name, a creation or copy writes
 * the new one, a modification or rename removes the old and writes the new; hunks match at their stated place
 * or the nearest one, a hunk starting at line 1 only at the start, one without trailing context only at the
 * end. The result is compared with the tree git leaves, so a reading that names the wrong file, kind or lines
 * shows up as a different tree.
 *
 * <p>It knows less than git about refusing (git checks far more about the files), so only a tree both applied
 * is compared; a refusal on either side is counted, not judged.
 */
final class TreeModel {
    /** A file: its bytes (a symbolic link's target) and its git mode. */
    record Entry(byte[] content, int mode) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Entry e && Arrays.equals(content, e.content) && kind(mode) == kind(e.mode);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(content) * 31 + kind(mode);
        }

        /** What a checkout shows of a mode: a link, an executable file, or a plain one. */
        private static int kind(int mode) {
            return (mode & 0170000) == 0120000 ? 2 : (mode & 0100) != 0 ? 1 : 0;
        }

        @Override
        public String toString() {
            return describe(60);
        }

        String describe(int maxChars) {
            return (kind(mode) == 2 ? "link->" : kind(mode) == 1 ? "exec:" : "") + Messages.escape(content, 0, content.length, maxChars);
        }
    }

    /** What applying came to. */
    sealed interface Outcome {}

    record Applied(Map<String, Entry> tree) implements Outcome {}

    /** The model would not apply it. */
    record Refused(String why) implements Outcome {}

    /** Beyond what the model covers (binary payloads, submodules, names that are not UTF-8). */
    record Unsupported(String why) implements Outcome {}

    private TreeModel() {}

    static Outcome apply(Map<String, Entry> base, DiffResult reading) {
        Writes w = new Writes(base);
        for (FileSection s : reading.sections()) {
            Outcome o = section(w, s, reading.linesOf(s.index()), reading.hunksOf(s));
            if (o != null) {
                return o;
            }
        }
        // git removes every old name first, then writes every new one in patch order.
        Map<String, Entry> tree = new TreeMap<>(base);
        w.removals.forEach(tree::remove);
        tree.putAll(w.writes);
        return new Applied(tree);
    }

    /** What the sections do, in git's two phases, and each name's latest result (null once deleted or renamed away). */
    private static final class Writes {
        final Map<String, Entry> base;
        final Map<String, Entry> latest = new java.util.HashMap<>();
        final List<String> removals = new ArrayList<>();
        final Map<String, Entry> writes = new java.util.LinkedHashMap<>();

        Writes(Map<String, Entry> base) {
            this.base = base;
        }
    }

    private static Outcome section(Writes w, FileSection s, List<DiffLine.Snapshot> lines, List<Hunk> hunks) {
        FileHeader h = s.header();
        if (s.isBinary()) {
            return new Unsupported("binary");
        }
        for (int m : new int[] {h.oldMode(), h.newMode()}) {
            if (m != 0 && m != 0100644 && m != 0100755 && m != 0120000) {
                return new Unsupported("mode " + Integer.toOctalString(m));
            }
        }
        String oldName;
        String newName;
        try {
            oldName = h.oldPath() == null ? null : utf8(h.oldPath().bytes());
            newName = h.newPath() == null ? null : utf8(h.newPath().bytes());
        } catch (CharacterCodingException e) {
            return new Unsupported("a name that is not UTF-8");
        }
        if (h.isNew() && h.guessed()) {
            return new Unsupported("a creation git guesses from the hunks, which the files decide");
        }
        Entry source;
        if (h.isNew()) {
            if (w.base.containsKey(newName)) {
                return new Refused(newName + " already exists");
            }
            source = new Entry(new byte[0], 0);
        } else if (h.isRename() || h.isCopy()) {
            // git reads the source of a rename or copy as it was, whatever earlier sections did to it.
            source = w.base.get(oldName);
            if (source == null) {
                return new Refused(oldName + " does not exist");
            }
        } else if (w.latest.containsKey(oldName)) {
            source = w.latest.get(oldName);
            if (source == null) {
                return new Refused(oldName + " was deleted or renamed by an earlier section");
            }
        } else {
            source = w.base.get(oldName);
            if (source == null) {
                return new Refused(oldName + " does not exist");
            }
        }
        byte[] result;
        try {
            result = patched(source.content(), lines, hunks);
        } catch (IllegalStateException e) {
            return new Refused(e.getMessage());
        }
        if (h.isDeleted() && !h.guessed()) {
            if (result.length != 0) {
                return new Refused("the deletion leaves contents");
            }
            w.removals.add(oldName);
            w.latest.put(oldName, null);
            return null;
        }
        int mode = h.newMode() != 0 ? h.newMode() : source.mode() != 0 ? source.mode() : 0100644;
        if (!h.isNew() && !h.isCopy()) {
            w.removals.add(oldName);
            if (h.isRename()) {
                w.latest.put(oldName, null);
            }
        }
        Entry e = new Entry(result, mode);
        w.writes.remove(newName);
        w.writes.put(newName, e);
        w.latest.put(newName, e);
        return null;
    }

    private static String utf8(byte[] b) throws CharacterCodingException {
        return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT).decode(java.nio.ByteBuffer.wrap(b)).toString();
    }

    /** One line of a file or of a hunk's side, with or without its newline. */
    private record Line(byte[] text, boolean newline) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Line l && newline == l.newline && Arrays.equals(text, l.text);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(text);
        }
    }

    private static byte[] patched(byte[] content, List<DiffLine.Snapshot> lines, List<Hunk> hunks) {
        List<Line> image = split(content);
        for (Hunk hunk : hunks) {
            List<Line> pre = new ArrayList<>();
            List<Line> post = new ArrayList<>();
            int leading = 0;
            int trailing = 0;
            boolean changed = false;
            List<DiffLine.Snapshot> body = lines.stream().filter(l -> l.hunkIndex() == hunk.header().index()).toList();
            for (int i = 0; i < body.size(); i++) {
                DiffLine.Snapshot l = body.get(i);
                boolean nl = !(i + 1 < body.size() && body.get(i + 1).kind() == LineKind.NO_NEWLINE_MARKER);
                Line line = new Line(l.content(), nl);
                switch (l.kind()) {
                    case CONTEXT -> {
                        pre.add(line);
                        post.add(line);
                        if (changed) {
                            trailing++;
                        } else {
                            leading++;
                        }
                    }
                    case REMOVED -> {
                        pre.add(line);
                        changed = true;
                        trailing = 0;
                    }
                    case ADDED -> {
                        post.add(line);
                        changed = true;
                        trailing = 0;
                    }
                    default -> { }
                }
            }
            HunkHeader hh = hunk.header();
            boolean matchBeginning = hh.oldStart() <= 1;
            boolean matchEnd = trailing == 0;
            int want = (int) Math.max(0, Math.min(Integer.MAX_VALUE, hh.newStart() == 0 ? 0 : hh.newStart() - 1));
            int at = find(image, pre, want, matchBeginning, matchEnd);
            if (at < 0) {
                throw new IllegalStateException("hunk " + hh.index() + " does not match");
            }
            List<Line> next = new ArrayList<>(image.subList(0, at));
            next.addAll(post);
            next.addAll(image.subList(at + pre.size(), image.size()));
            image = next;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Line l : image) {
            out.writeBytes(l.text());
            if (l.newline()) {
                out.write('\n');
            }
        }
        return out.toByteArray();
    }

    /** Where git's search would place the old side: the wanted line first, then alternately before and after it. */
    private static int find(List<Line> image, List<Line> pre, int want, boolean beginning, boolean end) {
        if (beginning) {
            return matches(image, pre, 0) && (!end || pre.size() == image.size()) ? 0 : -1;
        }
        if (end) {
            int at = image.size() - pre.size();
            return at >= 0 && matches(image, pre, at) ? at : -1;
        }
        int last = image.size() - pre.size();
        if (last < 0) {
            return -1;
        }
        int start = Math.min(want, last);
        for (int d = 0; start - d >= 0 || start + d <= last; d++) {
            if (start - d >= 0 && matches(image, pre, start - d)) {
                return start - d;
            }
            if (d > 0 && start + d <= last && matches(image, pre, start + d)) {
                return start + d;
            }
        }
        return -1;
    }

    private static boolean matches(List<Line> image, List<Line> pre, int at) {
        if (at + pre.size() > image.size()) {
            return false;
        }
        for (int i = 0; i < pre.size(); i++) {
            if (!image.get(at + i).equals(pre.get(i))) {
                return false;
            }
        }
        return true;
    }

    private static List<Line> split(byte[] b) {
        List<Line> out = new ArrayList<>();
        int s = 0;
        for (int i = 0; i < b.length; i++) {
            if (b[i] == '\n') {
                out.add(new Line(Arrays.copyOfRange(b, s, i), true));
                s = i + 1;
            }
        }
        if (s < b.length) {
            out.add(new Line(Arrays.copyOfRange(b, s, b.length), false));
        }
        return out;
    }

    // ------------------------------------------------------------------ real trees

    static void write(Path dir, Map<String, Entry> tree) throws IOException {
        for (Map.Entry<String, Entry> e : tree.entrySet()) {
            Path p = dir.resolve(e.getKey());
            Files.createDirectories(p.getParent());
            if ((e.getValue().mode() & 0170000) == 0120000) {
                Files.createSymbolicLink(p, Path.of(new String(e.getValue().content(), StandardCharsets.UTF_8)));
                continue;
            }
            Files.write(p, e.getValue().content());
            if ((e.getValue().mode() & 0100) != 0) {
                Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }
    }

    /** The files and links below dir (folders themselves do not count), by path relative to it. */
    static Map<String, Entry> read(Path dir) throws IOException {
        Map<String, Entry> out = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.toList()) {
                String rel = dir.relativize(p).toString();
                if (Files.isSymbolicLink(p)) {
                    out.put(rel, new Entry(Files.readSymbolicLink(p).toString().getBytes(StandardCharsets.UTF_8), 0120000));
                } else if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    Set<PosixFilePermission> perms = Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS);
                    out.put(rel, new Entry(Files.readAllBytes(p), perms.contains(PosixFilePermission.OWNER_EXECUTE) ? 0100755 : 0100644));
                }
            }
        }
        return out;
    }

    static void delete(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** Whether every name in the tree can be a file name here. */
    static boolean representable(Path dir, Map<String, Entry> tree) {
        try {
            for (String name : tree.keySet()) {
                dir.resolve(name);
            }
            return true;
        } catch (InvalidPathException e) {
            return false;
        }
    }
}
