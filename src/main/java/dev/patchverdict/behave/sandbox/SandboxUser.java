package dev.patchverdict.behave.sandbox;

/**
 * The unprivileged host user a root runner becomes before it starts bubblewrap. Root is refused:
 * the kernel enforces neither {@code RLIMIT_NPROC} nor file permissions against it, which is the
 * reason for dropping at all.
 */
public record SandboxUser(int uid, int gid) {
    public static final SandboxUser DEFAULT = new SandboxUser(65534, 65534);

    public SandboxUser {
        if (uid <= 0 || gid <= 0) {
            throw new IllegalArgumentException("the sandbox user must not be root or negative: " + uid + ":" + gid);
        }
    }

    /** Reads {@code UID:GID}, both plain decimal numbers (names would depend on the host's user database). */
    public static SandboxUser parse(String text) {
        String[] parts = text.split(":", -1);
        if (parts.length != 2 || !parts[0].matches("[0-9]{1,10}") || !parts[1].matches("[0-9]{1,10}")) {
            throw new IllegalArgumentException("the sandbox user must be UID:GID in decimal, like 65534:65534: '"
                    + text + "'");
        }
        try {
            return new SandboxUser(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("the sandbox user's ids are out of range: '" + text + "'", e);
        }
    }

    @Override
    public String toString() {
        return uid + ":" + gid;
    }
}
