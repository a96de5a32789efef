// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.digest.Digest;
import dev.patchverdict.digest.Digests;

/**
 * A model of one of the five document types. A model read from a document writes back exactly
 * that document ({@link DocumentReader} checks this on every read), so {@link #toJson()} and
 * {@link #canonicalDigest()} stand for the document as read.
 */
public interface Document {
    DocumentVersion documentVersion();

    /** The document this model stands for, as JSON its shipped schema accepts. */
    ObjectNode toJson();

    /** Canonical digest of {@link #toJson()}, equal to that of the document the model was read from. */
    default Digest canonicalDigest() {
        return Digests.canonical(toJson());
    }
}
