// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** One supported (type, schema version) pair; names its shipped schema. */
public record DocumentVersion(DocumentType type, String version) {
    private static final String SCHEMA_BASE = "https://patchverdict.dev/schemas/";

    public DocumentVersion {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(version, "version");
        if (!type.supports(version)) {
            throw new IllegalArgumentException(type + " has no supported version " + version
                    + "; supported: " + String.join(", ", type.supportedVersions()));
        }
    }

    public static DocumentVersion of(DocumentType type, String version) {
        return new DocumentVersion(type, version);
    }

    /** Every supported pair, in declaration order. */
    public static List<DocumentVersion> all() {
        List<DocumentVersion> all = new ArrayList<>();
        for (DocumentType t : DocumentType.values()) {
            for (String v : t.supportedVersions()) {
                all.add(new DocumentVersion(t, v));
            }
        }
        return List.copyOf(all);
    }

    /** The {@code $id} of the shipped schema. */
    public String schemaId() {
        return SCHEMA_BASE + schemaFileName();
    }

    public String schemaFileName() {
        return type.slug() + "-v" + version + ".schema.json";
    }

    /** Class-path location of the shipped schema. */
    public String schemaResource() {
        return "/dev/patchverdict/schemas/" + schemaFileName();
    }

    // Written out: a record's own equals and hashCode are built from method handles on first use, which cost
    // every command that keys a map by version (all of them, through the schemas) a few dozen generated classes.
    @Override
    public boolean equals(Object o) {
        return o instanceof DocumentVersion v && type == v.type && version.equals(v.version);
    }

    @Override
    public int hashCode() {
        return 31 * type.hashCode() + version.hashCode();
    }

    /** {@code EvaluatorPlan v0.4}: the prefix of every message about such a document. */
    @Override
    public String toString() {
        return type.displayName() + " v" + version;
    }
}
