// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.json;

import dev.patchverdict.text.SafeText;

/**
 * Bytes that are not acceptable JSON for this tool. The message names what is wrong and
 * where (byte offset, line and column, or JSON pointer), never with a stack trace for users, and never
 * with raw control, bidi or zero-width characters.
 */
public final class JsonInputException extends Exception {
    // Messages quote input (Jackson's "Unrecognized token" does), so they are escaped here, once for all.
    private static final long serialVersionUID = 1L;

    public JsonInputException(String message) {
        super(SafeText.escape(message));
    }

    public JsonInputException(String message, Throwable cause) {
        super(SafeText.escape(message), cause);
    }
}
