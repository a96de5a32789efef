// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;

/** Short, human wording for I/O failures (no exception class names). */
public final class IoMessages {
    private IoMessages() {}

    public static String describe(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        String m = e.getMessage();
        if ("Is a directory".equals(m)) {
            // The operating system's words (EISDIR), as a reader that opened a folder by path meets them: every
            // command says it in the same words, whichever reader met it.
            return "is a directory";
        }
        return m == null ? e.getClass().getSimpleName() : m;
    }
}
