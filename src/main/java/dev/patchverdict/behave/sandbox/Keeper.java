// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The sandbox's keeper: a fixed Perl program that starts bubblewrap from a user and mount
 * namespace of its own ({@code unshare}), where it is root and nothing else of the host is. It
 * <ul>
 * <li>gives the run a session keyring of its own, empty, so nothing of the runner's is possessed
 * inside;
 * <li>mounts a tmpfs capped in bytes and in inodes for each writable place (the tree, {@code /tmp},
 * {@code /dev/shm}), so the kernel counts every file, those without a name (unlinked while open,
 * {@code O_TMPFILE}) included, and a full one refuses writes;
 * <li>copies the tree onto its tmpfs before the run and back after it, walking both by
 * descriptor (no path longer than a name, no link followed) and counting as {@code du} does:
 * past the budget it copies nothing back, so the host's disk gets at most the budget whatever
 * the tree holds (a linked file counts once per name, a sparse file at its length); back, it
 * copies only what changed, telling by the change time (which no program can set) and place
 * each entry had once copied in;
 * <li>hands the sandbox sockets for its standard output and error, and copies what comes on them
 * to its own (the runner's pipes): any process of the sandbox could open a pipe of the same uid
 * again through {@code /proc/PID/fd} and write into the run's output, and a runner that is not
 * root owns its pipes as the uid the whole sandbox runs as; no process can open a socket so;
 * <li>looks at the tree's file system while the program runs and kills the sandbox once it is
 * full: files without a name are gone when the sandbox ends, so only a look meanwhile sees them;
 * <li>dies with the runner, and exits as bubblewrap did.
 * </ul>
 * It reports on the status descriptor, in lines that start with {@code keeper}, before bubblewrap
 * starts (a failure, a tree already over the budget) and after it ended: after it only, so its
 * lines never interleave with the status wrapper's.
 */
final class Keeper {
    /** Where the tree, {@code /tmp} and {@code /dev/shm} are mounted below the tree's own path. */
    static final String TREE = "tree";
    static final String TMP = "tmp";
    static final String SHM = "shm";

    /** The deepest nesting of folders it copies: each level holds two descriptors open. */
    static final int MAX_DEPTH = 4096;

    /** What every line it reports starts with. */
    static final String PREFIX = "keeper ";

    /** Said before it empties the host's copy of the tree to copy the run's back. */
    static final String COPYING_BACK = PREFIX + "copying back";

    private static final String PROGRAM = load();

    private Keeper() {}

    private static String load() {
        try (InputStream in = Keeper.class.getResourceAsStream("keeper.pl")) {
            if (in == null) {
                throw new IllegalStateException("the sandbox's keeper program is missing from the build");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the sandbox's keeper program", e);
        }
    }

    /** Inodes for a tmpfs of {@code bytes}: one per 4 KiB block, as every entry costs a block in the budget. */
    static long entries(long bytes) {
        return Math.max(16, bytes / 4096);
    }

    /**
     * The command that runs {@code bubblewrap} under the keeper: {@code unshare}, then Perl with the
     * program and its arguments. Every path is an argument, none is in the program's text.
     */
    static List<String> command(java.nio.file.Path unshare, java.nio.file.Path perl, Architecture arch,
            long runnerPid, String tree, long treeBytes, long tmpBytes, long shmBytes, List<String> bubblewrap) {
        List<String> c = new ArrayList<>(List.of(unshare.toString(), "--user", "--map-root-user", "--mount",
                "--propagation", "private", "--", perl.toString(), "-e", PROGRAM, "--",
                Long.toString(runnerPid), Integer.toString(arch.number("prctl")),
                Integer.toString(arch.number("keyctl")), Integer.toString(arch.number("mount")),
                Integer.toString(arch.number("statfs")), Integer.toString(arch.number("statx")),
                Integer.toString(arch.number("utimensat")), tree, Long.toString(treeBytes),
                Long.toString(entries(treeBytes)), Long.toString(tmpBytes), Long.toString(entries(tmpBytes)),
                Long.toString(shmBytes), Long.toString(entries(shmBytes)), Integer.toString(MAX_DEPTH), "--"));
        c.addAll(bubblewrap);
        return c;
    }

    /** What the keeper said, read from the status lines. */
    sealed interface Report {
        /** The tree was copied back; the run's status is the status wrapper's. */
        record Copied() implements Report {}

        /** The tree went over the budget; {@code when} is before, while or after the run. */
        record Over(String when, String why) implements Report {}

        /** The keeper could not do its part. */
        record Failed(String why) implements Report {}
    }

    /** The keeper's last line among the status lines, if it wrote one. */
    static Optional<Report> report(List<String> statusLines) {
        Report last = null;
        for (String line : statusLines) {
            if (!line.startsWith(PREFIX)) {
                continue;
            }
            String said = line.substring(PREFIX.length());
            if (line.equals(COPYING_BACK)) {
                continue;
            }
            if (said.equals("copied")) {
                last = new Report.Copied();
            } else if (said.startsWith("over ")) {
                int colon = said.indexOf(": ");
                last = colon < 0 ? new Report.Failed("an unreadable report: " + said)
                        : new Report.Over(said.substring(5, colon), said.substring(colon + 2));
            } else if (said.startsWith("error ")) {
                last = new Report.Failed(said.substring(6));
            } else {
                last = new Report.Failed("an unreadable report: " + said);
            }
        }
        return Optional.ofNullable(last);
    }

    /**
     * Whether the keeper was stopped (by the runner's timeout) while it copied the tree back: the
     * host's copy is then partly the run's, partly gone, and no later run may use it.
     */
    static boolean stoppedWhileCopyingBack(List<String> statusLines) {
        return statusLines.contains(COPYING_BACK) && report(statusLines).isEmpty();
    }

    /** The status wrapper's lines: every line that is not the keeper's. */
    static List<String> wrapperLines(List<String> statusLines) {
        return statusLines.stream().filter(l -> !l.startsWith(PREFIX)).toList();
    }
}
