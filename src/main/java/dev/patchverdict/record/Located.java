// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.digest.Digest;
import java.util.Objects;
import java.util.Optional;

/**
 * The shape a ResultManifest's produced artifacts and a VerificationResult's evidence share: an
 * identified, typed file at a locator with the digest its bytes must have. Checked, read and
 * written here once for both.
 */
final class Located {
    private Located() {}

    /** A model's canonical constructor for this shape. */
    @FunctionalInterface
    interface Maker<E, T> {
        T make(String id, E type, String locator, Digest digest, Optional<String> mediaType, Optional<String> description);
    }

    static void check(String id, WireValue type, String locator, Digest digest, Optional<String> mediaType,
            Optional<String> description) {
        Require.nonEmpty(id, "id");
        Objects.requireNonNull(type, "type");
        Require.nonEmpty(locator, "locator");
        Objects.requireNonNull(digest, "digest");
        Require.optional(mediaType, "mediaType");
        Require.optional(description, "description");
    }

    static <E extends Enum<E> & WireValue, T> T read(FieldReader f, Class<E> type, Maker<E, T> maker) {
        return f.build(() -> maker.make(f.text("id"), f.wire("type", type), f.text("locator"), f.digest("digest"),
                f.optText("media_type"), f.optText("description")));
    }

    static ObjectNode write(String id, WireValue type, String locator, Digest digest, Optional<String> mediaType,
            Optional<String> description) {
        return JsonObjectBuilder.object().put("id", id).put("type", type).put("locator", locator).put("digest", digest)
                .optText("media_type", mediaType).optText("description", description).build();
    }
}
