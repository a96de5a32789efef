// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.behave.sandbox.RunOutcome;
import dev.patchverdict.behave.sandbox.RunRecord;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.JsonLimits;
import dev.patchverdict.json.StrictJson;
import dev.patchverdict.text.Excerpts;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the witness from a run. Only a line that begins with exactly {@code WITNESS: } is a
 * witness; the last such line of a cleanly exited, untruncated run counts. Prose is never
 * searched for anything resembling one.
 */
public final class Witnesses {
    public static final String PREFIX = "WITNESS: ";
    private static final StrictJson JSON = new StrictJson(new JsonLimits(32, 1 << 16, 1 << 20, 100));
    private static final Set<String> KNOWN = Set.of("polarity", "data", "search_exhausted", "nodes_explored",
            "method", "argument", "note");

    /** The longest witness line read; a witness is a certificate, not a data dump. */
    static final int MAX_WITNESS_CHARS = 16_384;

    private Witnesses() {}

    public static WitnessReading read(RunRecord run) {
        if (!(run.outcome() instanceof RunOutcome.Exited)) {
            return new WitnessReading.Absent("the run did not exit cleanly (" + run.outcome().describe() + ")");
        }
        if (run.stdout().truncated()) {
            return new WitnessReading.Absent("stdout was truncated at the output cap, so the last line is unknown");
        }
        return read(run.stdout().bytes());
    }

    static WitnessReading read(byte[] stdout) {
        String text = new String(stdout, StandardCharsets.UTF_8);
        String last = null;
        // Only the last witness line is taken out of the text.
        for (int p = 0; p < text.length(); p = TextDiff.lineEnd(text, p) + 1) {
            if (text.startsWith(PREFIX, p)) {
                last = text.substring(p + PREFIX.length(), TextDiff.lineEnd(text, p));
            }
        }
        if (last == null) {
            return new WitnessReading.Absent("no line starts with '" + PREFIX.strip() + "'");
        }
        if (last.length() > MAX_WITNESS_CHARS) {
            // A certificate is small; one the size of the output would be copied into the result whole.
            return new WitnessReading.Malformed("the witness line is " + last.length() + " chars long, over "
                    + MAX_WITNESS_CHARS);
        }
        JsonNode node;
        try {
            node = JSON.read(last.endsWith("\r") ? last.substring(0, last.length() - 1) : last);
        } catch (JsonInputException e) {
            return new WitnessReading.Malformed("not JSON: " + Excerpts.clip(e.getMessage(), Excerpts.FIELD));
        }
        return parse(node);
    }

    static WitnessReading parse(JsonNode node) {
        if (!node.isObject()) {
            return new WitnessReading.Malformed("a witness is a JSON object");
        }
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!KNOWN.contains(k)) {
                return new WitnessReading.Malformed("unknown field '" + k + "' (known: " + String.join(", ",
                        List.copyOf(new java.util.TreeSet<>(KNOWN))) + ")");
            }
        }
        JsonNode polarity = node.get("polarity");
        if (polarity != null && !(polarity.isTextual()
                && (polarity.textValue().equals("positive") || polarity.textValue().equals("negative")))) {
            return new WitnessReading.Malformed("polarity must be \"positive\" or \"negative\"");
        }
        boolean hasData = node.has("data");
        boolean hasNegative = node.has("search_exhausted") || node.has("nodes_explored") || node.has("method")
                || node.has("argument");
        if (hasData && hasNegative) {
            return new WitnessReading.Malformed("both positive (data) and negative fields; a witness is one or the other");
        }
        boolean positive = polarity != null ? polarity.textValue().equals("positive") : hasData;
        if (positive) {
            JsonNode data = node.get("data");
            if (data == null || !data.isObject() || data.isEmpty()) {
                return new WitnessReading.Malformed("a positive witness needs a non-empty data object");
            }
            return new WitnessReading.Present(new Witness.Positive((ObjectNode) data, node));
        }
        if (hasData) {
            return new WitnessReading.Malformed("polarity is negative but the witness carries data");
        }
        JsonNode se = node.get("search_exhausted");
        JsonNode ne = node.get("nodes_explored");
        JsonNode me = node.get("method");
        JsonNode ar = node.get("argument");
        if (se != null && !se.isBoolean() || ne != null && !ne.canConvertToLong()
                || ne != null && !ne.isIntegralNumber() || me != null && !me.isTextual()
                || ar != null && !ar.isTextual()) {
            return new WitnessReading.Malformed("search_exhausted is a boolean, nodes_explored an integer,"
                    + " method and argument strings");
        }
        try {
            return new WitnessReading.Present(new Witness.Negative(se != null && se.booleanValue(),
                    ne == null ? 0 : ne.longValue(), Optional.ofNullable(me).map(JsonNode::textValue),
                    Optional.ofNullable(ar).map(JsonNode::textValue), node));
        } catch (IllegalArgumentException e) {
            return new WitnessReading.Malformed(e.getMessage());
        }
    }
}
