// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import dev.patchverdict.report.IoMessages;
import dev.patchverdict.text.SafeText;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.function.BooleanSupplier;

/**
 * What a tree costs on disk, as {@code du} would count it: every entry (file, folder, link)
 * takes at least one 4 KiB block, so a million empty files are not free.
 *
 * <p>The tree may be measured while a sandboxed program changes it, as the runner's own user: the
 * walk only reads, descends by directory descriptor (no path below the root is ever opened, so a
 * swapped-in link cannot lead it out of the tree, and depth is not limited by PATH_MAX), never
 * follows a link and never changes a permission. Entries that vanish while it looks are normal
 * (temporary files) and skipped.
 */
final class TreeSize {
    static final long BLOCK = 4096;

    /**
     * Each level holds two descriptors open: deeper nesting (no real project has it) is not
     * measured, rather than running the runner out of descriptors or stack.
     */
    static final int MAX_DEPTH = 4096;

    private TreeSize() {}

    /** What one look at a tree found. */
    sealed interface Measure {
        /** The whole tree was counted and holds at most the budget. */
        record Within(long bytes) implements Measure {}

        /** The walk stopped once past the budget: the tree holds at least this much. */
        record Over(long atLeast) implements Measure {}

        /** The tree could not be counted (an unreadable folder, the time ran out); nothing is known. */
        record Unmeasured(String reason) implements Measure {
            public Unmeasured {
                if (reason == null || reason.isBlank()) {
                    throw new IllegalArgumentException("an unmeasured tree needs a reason");
                }
            }
        }
    }

    /**
     * Counts the tree until it is past {@code budget} or {@code expired} says to stop. A failure
     * is a result, never an exception: whoever asked decides what an unmeasured tree means.
     */
    static Measure measure(Path tree, long budget, BooleanSupplier expired) {
        Walk w = new Walk(budget, expired);
        // The root is the runner's own path (its parent is out of the sandbox's reach).
        try (DirectoryStream<Path> root = Files.newDirectoryStream(tree)) {
            if (!(root instanceof SecureDirectoryStream<Path> sds)) {
                return new Measure.Unmeasured("this platform cannot walk a folder by descriptor");
            }
            w.total = BLOCK;
            w.walk(sds);
        } catch (AccessDeniedException e) {
            w.unmeasured = "the tree's root cannot be read by the runner";
        } catch (IOException | DirectoryIteratorException e) {
            // Entry names are the check's choice: never echoed raw.
            w.unmeasured = "the tree cannot be read: " + SafeText.escape(IoMessages.describe(cause(e)));
        }
        if (w.unmeasured != null) {
            return new Measure.Unmeasured(w.unmeasured);
        }
        return w.total > budget ? new Measure.Over(w.total) : new Measure.Within(w.total);
    }

    private static IOException cause(Exception e) {
        return e instanceof DirectoryIteratorException d ? d.getCause() : (IOException) e;
    }

    /** Checked every so many entries: a huge folder does not hold up the wall-clock timeout. */
    private static final int EXPIRY_EVERY = 256;

    private static final class Walk {
        private final long budget;
        private final BooleanSupplier expired;
        long total;
        String unmeasured;
        private int sinceLook;

        Walk(long budget, BooleanSupplier expired) {
            this.budget = budget;
            this.expired = expired;
        }

        private boolean done() {
            if (unmeasured != null || total > budget) {
                return true;
            }
            if (++sinceLook >= EXPIRY_EVERY) {
                sinceLook = 0;
                if (expired.getAsBoolean()) {
                    unmeasured = "the time ran out while the tree was measured";
                    return true;
                }
            }
            return false;
        }

        /** Depth first without recursion: the program chooses the depth, not the runner's stack. */
        void walk(SecureDirectoryStream<Path> root) throws IOException {
            Deque<SecureDirectoryStream<Path>> open = new ArrayDeque<>();
            Deque<Iterator<Path>> entries = new ArrayDeque<>();
            entries.push(root.iterator());
            try {
                while (!entries.isEmpty() && !done()) {
                    Iterator<Path> it = entries.peek();
                    if (!it.hasNext()) {
                        entries.pop();
                        if (!open.isEmpty()) {
                            open.pop().close();
                        }
                        continue;
                    }
                    SecureDirectoryStream<Path> dir = open.isEmpty() ? root : open.peek();
                    Path name = it.next().getFileName();
                    BasicFileAttributes a;
                    try {
                        a = dir.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                                .readAttributes();
                    } catch (NoSuchFileException e) {
                        continue;
                    }
                    if (!a.isDirectory()) {
                        total += Math.max(BLOCK, (a.size() + BLOCK - 1) / BLOCK * BLOCK);
                        continue;
                    }
                    total += BLOCK;
                    if (entries.size() >= MAX_DEPTH) {
                        unmeasured = "folders are nested deeper than " + MAX_DEPTH + " levels";
                        return;
                    }
                    SecureDirectoryStream<Path> child;
                    try {
                        child = dir.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS);
                    } catch (NoSuchFileException | NotDirectoryException e) {
                        // Gone, or swapped for something else since it was looked at: counted as one entry.
                        continue;
                    } catch (AccessDeniedException e) {
                        unmeasured = "a folder in the tree cannot be read by the runner";
                        return;
                    } catch (IOException e) {
                        if (e.getMessage() != null && e.getMessage().contains("symbolic link")) {
                            // Swapped for a link since it was looked at (O_NOFOLLOW refused it): one entry.
                            continue;
                        }
                        throw e;
                    }
                    open.push(child);
                    entries.push(child.iterator());
                }
            } finally {
                for (SecureDirectoryStream<Path> d : open) {
                    d.close();
                }
            }
        }
    }
}
