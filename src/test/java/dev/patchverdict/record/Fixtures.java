// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.json.StrictJson;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.IOException;

/** The project's own valid example documents, one per supported type and version. */
public final class Fixtures {
    private Fixtures() {}

    /** e.g. {@code /dev/patchverdict/record/evaluator-plan-v0.4.json}. */
    public static String resource(DocumentVersion v) {
        return "/dev/patchverdict/record/" + v.type().slug() + "-v" + v.version() + ".json";
    }

    public static byte[] bytes(DocumentVersion v) {
        try (InputStream in = Fixtures.class.getResourceAsStream(resource(v))) {
            if (in == null) {
                throw new IllegalStateException("missing test fixture " + resource(v));
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static ObjectNode json(DocumentVersion v) {
        try {
            return (ObjectNode) StrictJson.withDefaults().read(bytes(v));
        } catch (dev.patchverdict.json.JsonInputException e) {
            throw new IllegalStateException("fixture " + resource(v) + " is not strict JSON: " + e.getMessage(), e);
        }
    }

    public static ObjectNode json(DocumentType type, String version) {
        return json(DocumentVersion.of(type, version));
    }

    /** A document with the value at {@code pointer} replaced (the parent must exist). */
    public static ObjectNode with(ObjectNode document, String pointer, JsonNode value) {
        ObjectNode copy = document.deepCopy();
        int cut = pointer.lastIndexOf('/');
        JsonNode parent = copy.at(pointer.substring(0, cut));
        String last = pointer.substring(cut + 1).replace("~1", "/").replace("~0", "~");
        if (parent.isArray()) {
            ((com.fasterxml.jackson.databind.node.ArrayNode) parent).set(Integer.parseInt(last), value);
        } else {
            ((ObjectNode) parent).set(last, value);
        }
        return copy;
    }

    /** A document without the member at {@code pointer}. */
    public static ObjectNode without(ObjectNode document, String pointer) {
        ObjectNode copy = document.deepCopy();
        int cut = pointer.lastIndexOf('/');
        ((ObjectNode) copy.at(pointer.substring(0, cut))).remove(pointer.substring(cut + 1));
        return copy;
    }
}
