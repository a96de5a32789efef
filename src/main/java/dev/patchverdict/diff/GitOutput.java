// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Builds, while reading, the exact stdout of {@code git apply --numstat} and {@code git apply --summary}.
 * git prints nothing when it refuses the input, so both are empty unless the outcome says git accepts it.
 * Memory grows with the number of sections only.
 */
public final class GitOutput implements DiffVisitor {
    private final ByteArrayOutputStream numstat = new ByteArrayOutputStream();
    private final ByteArrayOutputStream summary = new ByteArrayOutputStream();
    private boolean gitAccepted;
    private boolean ended;

    @Override
    public void onSectionEnd(FileSection section) {
        numstat.writeBytes(section.numstatLine());
        summary.writeBytes(summaryLines(section.header()));
    }

    @Override
    public void onEnd(DiffOutcome outcome) {
        gitAccepted = outcome.gitAccepted();
        ended = true;
    }

    public byte[] numstatBytes() {
        check();
        return gitAccepted ? numstat.toByteArray() : new byte[0];
    }

    public byte[] summaryBytes() {
        check();
        return gitAccepted ? summary.toByteArray() : new byte[0];
    }

    public String numstat() {
        return new String(numstatBytes(), StandardCharsets.UTF_8);
    }

    public String summary() {
        return new String(summaryBytes(), StandardCharsets.UTF_8);
    }

    private void check() {
        if (!ended) {
            throw new IllegalStateException("the input has not been read to its end");
        }
    }

    /** The section's lines of {@code git apply --summary}: names raw, as git prints them there. */
    static byte[] summaryLines(FileHeader h) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int score = Math.max(0, h.similarity());
        if (h.isNew()) {
            fileModeName(out, "create", h.newMode(), h.newPath());
        } else if (h.isDeleted()) {
            fileModeName(out, "delete", h.oldMode(), h.oldPath());
        } else if (h.isRename() || h.isCopy()) {
            renameCopy(out, h, score);
            modeChange(out, h, false);
        } else if (score != 0) {
            ascii(out, " rewrite ");
            out.writeBytes(h.newPath().bytes());
            ascii(out, " (" + score + "%)\n");
            modeChange(out, h, false);
        } else {
            modeChange(out, h, true);
        }
        return out.toByteArray();
    }

    private static void fileModeName(ByteArrayOutputStream out, String what, int mode, GitPath name) {
        if (mode != 0) {
            ascii(out, " " + what + " mode " + FileHeader.modeText(mode) + " ");
        } else {
            ascii(out, " " + what + " ");
        }
        out.writeBytes(name.bytes());
        out.write('\n');
    }

    private static void modeChange(ByteArrayOutputStream out, FileHeader h, boolean showName) {
        if (h.oldMode() != 0 && h.newMode() != 0 && h.oldMode() != h.newMode()) {
            ascii(out, " mode change " + FileHeader.modeText(h.oldMode()) + " => " + FileHeader.modeText(h.newMode()));
            if (showName) {
                out.write(' ');
                out.writeBytes(h.newPath().bytes());
            }
            out.write('\n');
        }
    }

    private static void renameCopy(ByteArrayOutputStream out, FileHeader h, int score) {
        String what = h.isRename() ? "rename" : "copy";
        byte[] o = h.oldPath().bytes();
        byte[] n = h.newPath().bytes();
        // The longest common leading directories are shown once, before {old => new}.
        int oi = 0;
        int ni = 0;
        while (true) {
            int so = indexOf(o, oi, (byte) '/');
            int sn = indexOf(n, ni, (byte) '/');
            if (so < 0 || sn < 0 || so - oi != sn - ni
                    || !java.util.Arrays.equals(o, oi, so, n, ni, sn)) {
                break;
            }
            oi = so + 1;
            ni = sn + 1;
        }
        if (oi != 0) {
            ascii(out, " " + what + " ");
            out.write(o, 0, oi);
            out.write('{');
            out.write(o, oi, o.length - oi);
            ascii(out, " => ");
            out.write(n, ni, n.length - ni);
            ascii(out, "} (" + score + "%)\n");
        } else {
            ascii(out, " " + what + " ");
            out.writeBytes(o);
            ascii(out, " => ");
            out.writeBytes(n);
            ascii(out, " (" + score + "%)\n");
        }
    }

    private static int indexOf(byte[] b, int from, byte c) {
        for (int i = from; i < b.length; i++) {
            if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }

    private static void ascii(ByteArrayOutputStream out, String s) {
        out.writeBytes(s.getBytes(StandardCharsets.US_ASCII));
    }
}
