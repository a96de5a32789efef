package dev.patchverdict.json;

/**
 * Bytes that are not acceptable JSON for this tool. The message names what is wrong and
 * where (byte offset, line and column, or JSON pointer), never with a stack trace for users.
 */
public final class JsonInputException extends Exception {
    private static final long serialVersionUID = 1L;

    public JsonInputException(String message) {
        super(message);
    }

    public JsonInputException(String message, Throwable cause) {
        super(message, cause);
    }
}
