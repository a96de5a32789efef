// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.digest.Digest;
import dev.patchverdict.digest.Digests;
import java.util.Objects;

/**
 * A document as read, of a known type and supported version, that its shipped schema accepts;
 * not yet mapped into a model. Only {@link DocumentReader} makes these.
 */
public final class ValidDocument {
    private final DocumentVersion version;
    private final ObjectNode json;
    /** Taken once: binding checks, evidence and provenance each ask for it. */
    private volatile Digest canonicalDigest;

    ValidDocument(DocumentVersion version, ObjectNode json) {
        this.version = Objects.requireNonNull(version, "version");
        this.json = json.deepCopy();
    }

    public DocumentVersion version() {
        return version;
    }

    public DocumentType type() {
        return version.type();
    }

    /** The document exactly as read (a copy). */
    public ObjectNode json() {
        return json.deepCopy();
    }

    /** The document itself, for this package's readers, which only read it. */
    ObjectNode view() {
        return json;
    }

    /** Canonical digest of the document exactly as read. */
    public Digest canonicalDigest() {
        Digest d = canonicalDigest;
        if (d == null) {
            d = Digests.canonical(json);
            canonicalDigest = d;
        }
        return d;
    }

    @Override
    public String toString() {
        return version.toString();
    }
}
