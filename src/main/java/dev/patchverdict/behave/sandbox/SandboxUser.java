// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import dev.patchverdict.text.Split;
import java.util.Optional;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * The unprivileged host user a root runner becomes before it starts bubblewrap. Root is refused:
 * the kernel enforces neither {@code RLIMIT_NPROC} nor file permissions against it, which is the
 * reason for dropping at all.
 */
public record SandboxUser(int uid, int gid) {
    /** The host's {@code nobody}: shared with every other process running as it, so never a default. */
    public static final SandboxUser NOBODY = new SandboxUser(65534, 65534);
    /** What {@code --sandbox-user} takes for a user of the runner's own, chosen afresh for every sandbox. */
    public static final String FRESH = "auto";
    /**
     * Fresh users come from here: above the ranges systemd, subordinate ids and container
     * managers hand out, below 2^31 so that every tool reads the id as a plain positive number.
     */
    public static final int FRESH_FIRST = 2_147_000_000;
    public static final int FRESH_LAST = 2_147_483_646;

    public SandboxUser {
        if (uid <= 0 || gid <= 0) {
            throw new IllegalArgumentException("the sandbox user must not be root or negative: " + uid + ":" + gid);
        }
    }

    /** Reads {@code UID:GID}, both plain decimal numbers (names would depend on the host's user database). */
    public static SandboxUser parse(String text) {
        String[] parts = Split.all(text, ':');
        if (parts.length != 2 || !HostIds.decimal(parts[0], 10) || !HostIds.decimal(parts[1], 10)) {
            throw new IllegalArgumentException("the sandbox user must be " + FRESH + " or UID:GID in decimal, like"
                    + " 4242:4242: '" + text + "'");
        }
        try {
            return new SandboxUser(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("the sandbox user's ids are out of range: '" + text + "'", e);
        }
    }

    /** {@code auto} (empty: a fresh user per sandbox) or a fixed {@code UID:GID}. */
    public static Optional<SandboxUser> parseChoice(String text) {
        return text.equals(FRESH) ? Optional.empty() : Optional.of(parse(text));
    }

    /**
     * A user no one else has: uid and gid the same id from the fresh range, one that no host
     * process, account or group uses ({@code inUse}). Random, so that concurrent runners, which
     * cannot see each other's choice before their first process starts, rarely meet (about one in
     * 480,000 for two).
     */
    static SandboxUser fresh(RandomGenerator random, Set<Integer> inUse) {
        for (int tries = 0; tries < 1000; tries++) {
            int id = random.nextInt(FRESH_FIRST, FRESH_LAST + 1);
            if (!inUse.contains(id)) {
                return new SandboxUser(id, id);
            }
        }
        throw new IllegalStateException("no free id in " + FRESH_FIRST + "-" + FRESH_LAST + " after 1000 tries");
    }

    /** Whether this is the host's {@code nobody}, whose other processes could reach what the sandbox owns. */
    public boolean isNobody() {
        return uid == NOBODY.uid || gid == NOBODY.gid;
    }

    @Override
    public String toString() {
        return uid + ":" + gid;
    }
}
