// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.attest;

import dev.patchverdict.text.Split;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.StrictJson;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** An {@code .intoto.jsonl} file: one DSSE envelope per line; blank lines are skipped. */
public final class Envelopes {
    /** The most an {@code .intoto.jsonl} file is read to: many envelopes, each within the JSON reader's 16 MiB. */
    public static final long MAX_FILE_BYTES = 64L << 20;

    private Envelopes() {}

    /** Every envelope in the file; a line that is not one is an error naming the line. */
    public static List<Envelope> read(byte[] jsonl) throws EnvelopeFormatException {
        List<Envelope> out = new ArrayList<>();
        String[] lines = Split.all(new String(jsonl, StandardCharsets.UTF_8), '\n');
        StrictJson json = StrictJson.withDefaults();
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].isBlank()) {
                continue;
            }
            try {
                out.add(Envelope.fromJson(json.read(lines[i].getBytes(StandardCharsets.UTF_8))));
            } catch (JsonInputException e) {
                throw new EnvelopeFormatException("line " + (i + 1) + ": not JSON: " + e.getMessage());
            } catch (EnvelopeFormatException e) {
                throw new EnvelopeFormatException("line " + (i + 1) + ": " + e.getMessage());
            }
        }
        if (out.isEmpty()) {
            throw new EnvelopeFormatException("no envelope in the file");
        }
        return out;
    }
}
