// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.review;

import java.nio.file.Path;
import java.util.Objects;

/**
 * One thing to review, as the inputs yield it: a patch file (read when its turn comes), a patch text
 * from a prediction, a prediction whose patch is null, a malformed prediction, an input that cannot
 * be read at all, or a JSON Lines line whose prediction is read where it is reviewed ({@link #resolved()}).
 * {@code source}, {@code pointer} and {@code sourceLine} say where it came from.
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
        String error,
        Line line) {

    public enum Kind {
        FILE,
        TEXT,
        NULL_PATCH,
        MALFORMED,
        UNREADABLE,
        /** A JSON Lines line not read yet: decoding its prediction is the work of whoever reviews it. */
        LINE
    }

    /** A JSON Lines line as the file holds it (without its line feed), and the prediction's field names. */
    public record Line(byte[] json, Inputs.Fields fields) {
        public Line {
            Objects.requireNonNull(json, "json");
            Objects.requireNonNull(fields, "fields");
        }
    }

    /** An entry that is not a {@link Kind#LINE}. */
    public Entry(long index, Kind kind, String name, String model, String source, String pointer, long sourceLine, Path file,
            String text, String error) {
        this(index, kind, name, model, source, pointer, sourceLine, file, text, error, null);
    }

    public Entry {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(source, "source");
        if (kind == Kind.FILE && file == null || kind == Kind.TEXT && text == null
                || (kind == Kind.MALFORMED || kind == Kind.UNREADABLE) && error == null) {
            throw new IllegalArgumentException(kind + " entry without its " + (kind == Kind.FILE ? "file" : kind == Kind.TEXT ? "text" : "error"));
        }
        if ((kind == Kind.LINE) != (line != null)) {
            throw new IllegalArgumentException(kind + " entry " + (line == null ? "without" : "with") + " a JSON line");
        }
    }

    Entry withIndex(long i) {
        return new Entry(i, kind, name, model, source, pointer, sourceLine, file, text, error, line);
    }

    /**
     * The entry itself, or for a {@link Kind#LINE} the entry its prediction makes, exactly as the reader would have
     * yielded it had it decoded the line itself (with this entry's index). Safe to call on any thread.
     */
    public Entry resolved() {
        return kind != Kind.LINE ? this : Inputs.decodeLine(source, sourceLine, line.json(), line.fields()).withIndex(index);
    }
}
