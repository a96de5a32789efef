// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify.upstream;

import java.util.List;
import java.util.Objects;

/**
 * The candidate patch as the upstream verifier reads it: decoded, split into lines and parsed by
 * {@link Parser011}. Upstream decodes and parses it again in each layer (v0.2 core, v0.3 and v0.4
 * observations); all of these are functions of the bytes alone, so one verification does each once
 * and the layers share the outcome, failures included.
 */
public final class PatchText {
    private final byte[] bytes;
    private String text;
    private PyUtf8.DecodeError decodeError;
    private List<String> lines;
    private Parser011.Parsed parsed;
    private Parser011.Rejected rejected;

    public PatchText(byte[] bytes) {
        this.bytes = Objects.requireNonNull(bytes, "bytes");
    }

    public byte[] bytes() {
        return bytes;
    }

    /** The text, or CPython's decoding error. */
    public String text() throws PyUtf8.DecodeError {
        if (text == null && decodeError == null) {
            try {
                text = PyUtf8.decode(bytes);
            } catch (PyUtf8.DecodeError e) {
                decodeError = e;
            }
        }
        if (decodeError != null) {
            throw decodeError;
        }
        return text;
    }

    /** {@code str.splitlines()} of the text. */
    public List<String> lines() throws PyUtf8.DecodeError {
        if (lines == null) {
            String t = text();
            // as many characters as bytes: ASCII throughout, split on the bytes themselves
            lines = t.length() == bytes.length ? PyStr.splitlinesAscii(bytes) : PyStr.splitlines(t);
        }
        return lines;
    }

    /** The 0.1.1 parser's paths and added lines, or its rejection. */
    public Parser011.Parsed parsed() throws PyUtf8.DecodeError, Parser011.Rejected {
        List<String> all = lines();
        if (parsed == null && rejected == null) {
            try {
                parsed = Parser011.parseLines(all);
            } catch (Parser011.Rejected e) {
                rejected = e;
            }
        }
        if (rejected != null) {
            throw rejected;
        }
        return parsed;
    }
}
