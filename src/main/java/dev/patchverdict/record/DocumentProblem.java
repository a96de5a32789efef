// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import java.util.Objects;

/**
 * One thing wrong with a document: where (an RFC 6901 JSON pointer, or empty when the problem
 * concerns the document as a whole or has its own location in the message) and what.
 */
public record DocumentProblem(String pointer, String message) {
    public DocumentProblem {
        Objects.requireNonNull(pointer, "pointer");
        Objects.requireNonNull(message, "message");
        if (!pointer.isEmpty() && !pointer.startsWith("/")) {
            throw new IllegalArgumentException("not a JSON pointer: " + pointer);
        }
    }

    public static DocumentProblem at(String pointer, String message) {
        return new DocumentProblem(pointer, message);
    }

    public static DocumentProblem whole(String message) {
        return new DocumentProblem("", message);
    }

    @Override
    public String toString() {
        return pointer.isEmpty() ? message : pointer + ": " + message;
    }
}
