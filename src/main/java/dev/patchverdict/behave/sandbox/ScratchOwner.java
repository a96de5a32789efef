// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * The runner that made a scratch space, written into its name, so that a later runner can tell
 * whether it is gone: a runner killed with SIGKILL runs no cleanup. A pid is reused; a pid with
 * the clock tick it started at (from {@code /proc/PID/stat}) is not, within one boot. The boot
 * and the PID namespace, as a short digest, keep a runner from judging the scratch space of
 * another machine or container that shares the folder but not the process table.
 */
record ScratchOwner(String host, long pid, long start) {
    static final String PREFIX = "patchverdict-behave-";

    ScratchOwner {
        if (host.isEmpty() || pid <= 0 || start < 0) {
            throw new IllegalArgumentException("not an owner: " + host + " " + pid + " " + start);
        }
    }

    /** This process, from {@code proc} (normally {@code /proc}); empty when any part cannot be read. */
    static Optional<ScratchOwner> self(Path proc) {
        try {
            String boot = Files.readString(proc.resolve("sys/kernel/random/boot_id"), StandardCharsets.US_ASCII).strip();
            String pidNamespace = Files.readSymbolicLink(proc.resolve("self/ns/pid")).toString();
            long pid = ProcessHandle.current().pid();
            // A /proc of another PID namespace than this process's would name other processes.
            if (!Files.readString(proc.resolve("self/stat"), StandardCharsets.ISO_8859_1).startsWith(pid + " (")) {
                return Optional.empty();
            }
            Optional<Long> start = startOf(proc, pid);
            if (boot.isEmpty() || start.isEmpty()) {
                return Optional.empty();
            }
            byte[] d = MessageDigest.getInstance("SHA-256").digest((boot + "\n" + pidNamespace)
                    .getBytes(StandardCharsets.UTF_8));
            return Optional.of(new ScratchOwner(HexFormat.of().formatHex(d, 0, 8), pid, start.get()));
        } catch (IOException | RuntimeException | NoSuchAlgorithmException e) {
            // Unknown: the scratch space is named as before, and this runner judges no other's.
            return Optional.empty();
        }
    }

    /** What the name of every scratch space this runner makes starts with. */
    String prefix() {
        return hostPrefix() + pid + "-" + start + "-";
    }

    /** What the names of scratch spaces made on this machine and in this PID namespace start with. */
    String hostPrefix() {
        return PREFIX + host + "-";
    }

    /** The owner a name of this machine and PID namespace gives, if it is one. */
    Optional<ScratchOwner> of(String name) {
        if (!name.startsWith(hostPrefix())) {
            return Optional.empty();
        }
        String[] f = dev.patchverdict.text.Split.all(name.substring(hostPrefix().length()), '-');
        if (f.length < 3 || !HostIds.decimal(f[0], 18) || !HostIds.decimal(f[1], 18)) {
            return Optional.empty();
        }
        long p = Long.parseLong(f[0]);
        return p <= 0 ? Optional.empty() : Optional.of(new ScratchOwner(host, p, Long.parseLong(f[1])));
    }

    /**
     * Whether the process is gone: no process has its pid, or the one that has it started at
     * another tick. Anything unclear (an unreadable process table) counts as alive.
     */
    boolean gone(Path proc) {
        try {
            Optional<Long> now = startOf(proc, pid);
            return now.isPresent() && now.get() != start;
        } catch (NoSuchFileException e) {
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * The 22nd field of {@code /proc/PID/stat}, the clock tick the process started at. The
     * command name (field 2) may hold spaces and parentheses; the fields after it start after its
     * last closing parenthesis.
     */
    private static Optional<Long> startOf(Path proc, long pid) throws IOException {
        String stat = Files.readString(proc.resolve(Long.toString(pid)).resolve("stat"), StandardCharsets.ISO_8859_1);
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            return Optional.empty();
        }
        String[] fields = dev.patchverdict.text.Split.onBlanks(stat.substring(close + 1).trim());
        // fields[0] is field 3 (the state).
        return fields.length > 19 && HostIds.decimal(fields[19], 18) ? Optional.of(Long.parseLong(fields[19]))
                : Optional.empty();
    }
}
