package dev.patchverdict.json;

/** Strict UTF-8: overlong forms, surrogate encodings and truncated sequences are errors. */
public final class Utf8 {
    private Utf8() {}

    public static void requireValid(byte[] bytes) throws JsonInputException {
        int bad = firstInvalid(bytes, 0, bytes.length);
        if (bad >= 0) {
            throw new JsonInputException("byte " + bad + ": invalid UTF-8 (0x"
                    + String.format("%02x", bytes[bad] & 0xff) + ")");
        }
    }

    /** Offset of the first byte that starts an invalid sequence, or -1. */
    public static int firstInvalid(byte[] b, int off, int len) {
        int i = off;
        int end = off + len;
        while (i < end) {
            int c = b[i] & 0xff;
            if (c < 0x80) {
                i++;
                continue;
            }
            int need;
            int min;
            if (c >= 0xC2 && c <= 0xDF) {
                need = 1;
                min = 0x80;
            } else if (c >= 0xE0 && c <= 0xEF) {
                need = 2;
                min = 0x800;
            } else if (c >= 0xF0 && c <= 0xF4) {
                need = 3;
                min = 0x10000;
            } else {
                return i;
            }
            if (i + need >= end) {
                return i; // the lead byte promises more continuation bytes than remain
            }
            int cp = c & (0xFF >> (need + 2));
            for (int k = 1; k <= need; k++) {
                int cc = b[i + k] & 0xff;
                if ((cc & 0xC0) != 0x80) {
                    return i;
                }
                cp = (cp << 6) | (cc & 0x3F);
            }
            if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
                return i;
            }
            i += need + 1;
        }
        return -1;
    }
}
