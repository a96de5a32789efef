// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify.upstream;

import java.util.ArrayList;
import java.util.List;

/**
 * Python {@code shlex.split(s)}: POSIX mode, comments off, whitespace-split. Only ASCII
 * characters are special, so walking UTF-16 units gives the same tokens as walking code points.
 */
public final class PyShlex {
    private PyShlex() {}

    /** Unclosed quote or a trailing lone backslash; upstream callers replace the text with their own. */
    public static final class QuoteError extends Exception {
        private static final long serialVersionUID = 1L;

        QuoteError(String message) {
            super(message);
        }
    }

    private enum State { SPACE, WORD, SINGLE, DOUBLE, ESCAPE }

    public static List<String> split(String s) throws QuoteError {
        List<String> tokens = new ArrayList<>();
        StringBuilder token = new StringBuilder();
        // "quoted" lets an empty quoted piece ('' or "") still count as a token.
        boolean quoted = false;
        boolean inToken = false;
        State state = State.SPACE;
        State escapedFrom = State.WORD;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (state) {
                case SPACE:
                case WORD:
                    if (isSeparator(c)) {
                        if (inToken) {
                            tokens.add(token.toString());
                            token.setLength(0);
                            inToken = false;
                            quoted = false;
                        }
                        state = State.SPACE;
                    } else if (c == '\'') {
                        inToken = true;
                        state = State.SINGLE;
                    } else if (c == '"') {
                        inToken = true;
                        state = State.DOUBLE;
                    } else if (c == '\\') {
                        inToken = true;
                        escapedFrom = State.WORD;
                        state = State.ESCAPE;
                    } else {
                        inToken = true;
                        token.append(c);
                        state = State.WORD;
                    }
                    break;
                case SINGLE:
                    quoted = true;
                    if (c == '\'') {
                        state = State.WORD;
                    } else {
                        token.append(c);
                    }
                    break;
                case DOUBLE:
                    quoted = true;
                    if (c == '"') {
                        state = State.WORD;
                    } else if (c == '\\') {
                        escapedFrom = State.DOUBLE;
                        state = State.ESCAPE;
                    } else {
                        token.append(c);
                    }
                    break;
                case ESCAPE:
                    // inside double quotes only \" and \\ are escapes; otherwise the backslash stays
                    if (escapedFrom == State.DOUBLE && c != '"' && c != '\\') {
                        token.append('\\');
                    }
                    token.append(c);
                    state = escapedFrom;
                    break;
                default:
                    throw new AssertionError(state);
            }
        }
        if (state == State.SINGLE || state == State.DOUBLE) {
            throw new QuoteError("No closing quotation");
        }
        if (state == State.ESCAPE) {
            throw new QuoteError("No escaped character");
        }
        if (inToken && (token.length() > 0 || quoted)) {
            tokens.add(token.toString());
        }
        return tokens;
    }

    private static boolean isSeparator(char c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\n';
    }
}
