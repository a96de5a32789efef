// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import dev.patchverdict.text.Split;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The user and group ids the host already uses: those of its processes (real, effective, saved
 * and file-system ids) and of its account and group files. A fresh sandbox user must be none of them.
 */
final class HostIds {
    // Names and descriptions in these files may be any bytes; the ids are ASCII. Read as UTF-8, one
    // ill-formed byte would fail the whole file and hide every id in it.
    private static final java.nio.charset.Charset BYTES = StandardCharsets.ISO_8859_1;

    private static final String UID = "Uid:";
    private static final String GID = "Gid:";

    private HostIds() {}

    static Set<Integer> inUse() {
        return inUse(Path.of("/proc"), List.of(Path.of("/etc/passwd"), Path.of("/etc/group")));
    }

    /** {@code proc} is where the process table is, normally {@code /proc}; {@code databases} are read if present. */
    static Set<Integer> inUse(Path proc, List<Path> databases) {
        Set<Integer> ids = new HashSet<>();
        try (DirectoryStream<Path> pids = Files.newDirectoryStream(proc, p -> p.getFileName().toString()
                .isEmpty() == false && decimal(p.getFileName().toString(), Integer.MAX_VALUE))) {
            for (Path pid : pids) {
                try {
                    for (String line : Files.readAllLines(pid.resolve("status"), BYTES)) {
                        if (line.startsWith(UID) || line.startsWith(GID)) {
                            addAll(ids, idsOn(line));
                        }
                    }
                } catch (IOException | RuntimeException e) {
                    // A process that ended while the table was read uses nothing any more.
                }
            }
        } catch (IOException e) {
            // No process table: the random choice alone stands.
        }
        for (Path db : databases) {
            try {
                for (String line : Files.readAllLines(db, BYTES)) {
                    String[] fields = Split.all(line, ':');
                    if (fields.length > 2) {
                        addAll(ids, fields[2]);
                    }
                }
            } catch (IOException | RuntimeException e) {
                // An unreadable database names no ids.
            }
        }
        return ids;
    }

    /**
     * The effective uid on a process's status file ({@code /proc/self/status} for this one);
     * empty when it cannot be read.
     */
    static OptionalInt effectiveUid(Path status) {
        try {
            for (String line : Files.readAllLines(status, BYTES)) {
                if (line.startsWith(UID)) {
                    String[] ids = idsOn(line);
                    return ids.length >= 2 ? OptionalInt.of(Integer.parseInt(ids[1])) : OptionalInt.empty();
                }
            }
        } catch (IOException | NumberFormatException e) {
            // Unknown: the caller decides what an unknown uid means.
        }
        return OptionalInt.empty();
    }

    /** A status file's {@code Uid:} or {@code Gid:} line: real, effective, saved and file-system ids. */
    private static String[] idsOn(String line) {
        return Split.onBlanks(line.substring(4).trim());
    }

    /** One to {@code max} ASCII digits. */
    static boolean decimal(String s, int max) {
        if (s.isEmpty() || s.length() > max) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private static void addAll(Set<Integer> ids, String... numbers) {
        for (String n : numbers) {
            if (decimal(n, 10)) {
                try {
                    ids.add(Integer.parseInt(n));
                } catch (NumberFormatException e) {
                    // Above 2^31: never a fresh id, so it cannot collide with one.
                }
            }
        }
    }
}
