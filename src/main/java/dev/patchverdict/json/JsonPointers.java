// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.json;

/** RFC 6901 JSON pointers, for naming where a problem is. */
public final class JsonPointers {
    private JsonPointers() {}

    public static String escape(String token) {
        return token.replace("~", "~0").replace("/", "~1");
    }

    public static String child(String pointer, String key) {
        return pointer + "/" + escape(key);
    }

    public static String child(String pointer, int index) {
        return pointer + "/" + index;
    }
}
