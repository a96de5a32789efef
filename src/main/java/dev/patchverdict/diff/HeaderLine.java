// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

/** The extended header lines of a {@code diff --git} section, in the order git tries their prefixes. */
enum HeaderLine {
    HUNK("@@ -"),
    OLD_NAME("--- "),
    NEW_NAME("+++ "),
    OLD_MODE("old mode "),
    NEW_MODE("new mode "),
    DELETED("deleted file mode "),
    NEW_FILE("new file mode "),
    COPY_FROM("copy from "),
    COPY_TO("copy to "),
    RENAME_OLD("rename old "),
    RENAME_NEW("rename new "),
    RENAME_FROM("rename from "),
    RENAME_TO("rename to "),
    SIMILARITY("similarity index "),
    DISSIMILARITY("dissimilarity index "),
    INDEX("index "),
    UNRECOGNIZED("");

    final String prefix;

    HeaderLine(String prefix) {
        this.prefix = prefix;
    }

    static HeaderLine classify(byte[] b, int s, int e) {
        for (HeaderLine h : values()) {
            if (GitNames.startsWith(b, s, e, h.prefix)) {
                return h;
            }
        }
        return UNRECOGNIZED;
    }
}
