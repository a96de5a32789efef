// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.review;

import java.nio.file.Path;
import java.util.Objects;

/**
 * One thing to review, as the inputs yield it: a patch file (read when its turn comes), a patch text
 * from a prediction, a prediction whose patch is null, a malformed prediction, or an input that cannot
 * be read at all. {@code source}, {@code pointer} and {@code sourceLine} say where it came from.
 */
public record Entry(
        long index,
        Kind kind,
        String name,
        String model,
        String source,
        String pointer,
        long sourceLine,
        Path file,
        String text,
        String error) {

    public enum Kind {
        FILE,
        TEXT,
        NULL_PATCH,
        MALFORMED,
        UNREADABLE
    }

    public Entry {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(source, "source");
        if (kind == Kind.FILE && file == null || kind == Kind.TEXT && text == null
                || (kind == Kind.MALFORMED || kind == Kind.UNREADABLE) && error == null) {
            throw new IllegalArgumentException(kind + " entry without its " + (kind == Kind.FILE ? "file" : kind == Kind.TEXT ? "text" : "error"));
        }
    }

    Entry withIndex(long i) {
        return new Entry(i, kind, name, model, source, pointer, sourceLine, file, text, error);
    }
}
