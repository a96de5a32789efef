// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import java.util.Objects;

/**
 * A value that cannot be mapped into a model, at a JSON pointer. Thrown while mapping an
 * already schema-checked document (so it marks what the schema cannot express, such as an
 * integer beyond the range of {@code long}); the reader turns it into an
 * {@link InvalidDocumentException}.
 */
public final class FieldException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String pointer;

    public FieldException(String pointer, String message) {
        super(message);
        this.pointer = Objects.requireNonNull(pointer, "pointer");
    }

    public String pointer() {
        return pointer;
    }

    public DocumentProblem problem() {
        return new DocumentProblem(pointer, getMessage());
    }
}
