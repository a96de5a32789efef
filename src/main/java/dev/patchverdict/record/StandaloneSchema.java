// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialects;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.StrictJson;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/** A shipped JSON Schema (draft 2020-12) for a file that is not a record: matrices, cohorts. */
public final class StandaloneSchema {
    private final Schema schema;

    private StandaloneSchema(Schema schema) {
        this.schema = schema;
    }

    /** Loads a schema shipped in the jar; a missing or broken one is a build fault. */
    public static StandaloneSchema shipped(String resource) {
        try (InputStream in = StandaloneSchema.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("shipped schema missing from the build: " + resource);
            }
            JsonNode source = StrictJson.withDefaults().read(in.readAllBytes());
            Schema s = SchemaRegistry.withDefaultDialect(Dialects.getDraft202012()).getSchema(SchemaLocation.of(source.path("$id").asText()), source);
            s.initializeValidators();
            return new StandaloneSchema(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (JsonInputException e) {
            throw new IllegalStateException("shipped schema " + resource + " is not valid JSON", e);
        }
    }

    /** Every problem as {@code <JSON pointer>: <message>}; empty when valid. */
    public List<String> problems(JsonNode document) {
        List<String> out = new ArrayList<>();
        for (Error e : schema.validate(document)) {
            out.add(e.getInstanceLocation() + ": " + e.getMessage());
        }
        return out;
    }
}
