// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.audit;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.digest.Digest;
import dev.patchverdict.digest.Digests;
import dev.patchverdict.record.DocumentReader;
import dev.patchverdict.record.DocumentVersion;
import dev.patchverdict.record.InvalidDocumentException;
import dev.patchverdict.record.ValidDocument;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A document read once for every bundle that holds the same bytes: the work units and plans of a record family are
 * shared by many results, and an audit of thousands would otherwise parse and digest each copy again. The key is
 * the bytes themselves (compared in full, never a path, a name or a digest of them), so a bundle whose file differs
 * in one byte gets its own reading; the tree is handed out as a copy, so no bundle can change what another reads.
 * Small documents only, and few of them: the memory held stays bounded whatever the audit reads.
 */
final class SameBytes {
    /** A document as read: its tree (never handed out itself) and, once asked for, the digest of its canonical form. */
    static final class Read {
        private final ObjectNode tree;
        private volatile Digest canonical;
        private final Map<DocumentVersion, Optional<ValidDocument>> valid = new ConcurrentHashMap<>();

        Read(ObjectNode tree) {
            this.tree = Objects.requireNonNull(tree, "tree");
        }

        /** A copy of the tree, the caller's own. */
        ObjectNode copy() {
            return tree.deepCopy();
        }

        /**
         * What {@link DocumentReader#strict()} makes of the document under this version, once per version: empty when
         * it is not valid or the reader failed, and the verifier then validates it and says why in its own words.
         */
        Optional<ValidDocument> valid(DocumentVersion version) {
            return valid.computeIfAbsent(version, v -> {
                try {
                    return Optional.of(DocumentReader.strict().validateVersion(v, tree));
                } catch (InvalidDocumentException | RuntimeException e) {
                    return Optional.empty();
                }
            });
        }

        /** The canonical digest, taken when first asked for (where the audit has always taken it) and then kept. */
        Digest canonical() {
            Digest d = canonical;
            if (d == null) {
                d = Digests.canonical(tree);
                canonical = d;
            }
            return d;
        }
    }

    /** Documents larger than this are read every time (a record family's plans and work units are a few KB). */
    static final int MAX_BYTES = 64 * 1024;
    /** Distinct documents kept; the least recently used goes first. */
    static final int MAX_ENTRIES = 64;

    /** Bytes compared by content. */
    private record Key(byte[] bytes, int hash) {
        static Key of(byte[] bytes) {
            return new Key(bytes, Arrays.hashCode(bytes));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.hash == hash && Arrays.equals(k.bytes, bytes);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    private final Map<Key, Read> kept = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Read> eldest) {
            return size() > MAX_ENTRIES;
        }
    };

    /**
     * What {@code read} makes of these bytes: taken from an earlier call with the same bytes when there was one.
     * {@code read} runs outside the lock; a failure is thrown to the caller and nothing is kept.
     */
    <E extends Exception> Read of(byte[] bytes, Reader<E> read) throws E {
        if (bytes.length > MAX_BYTES) {
            return read.apply(bytes);
        }
        Key key = Key.of(bytes);
        synchronized (kept) {
            Read r = kept.get(key);
            if (r != null) {
                return r;
            }
        }
        // a private copy of the key: the caller's array is the caller's to change
        Read r = read.apply(bytes);
        synchronized (kept) {
            kept.putIfAbsent(Key.of(bytes.clone()), r);
        }
        return r;
    }

    /** How bytes become a document, with the reader's own checked exception. */
    @FunctionalInterface
    interface Reader<E extends Exception> {
        Read apply(byte[] bytes) throws E;
    }
}
