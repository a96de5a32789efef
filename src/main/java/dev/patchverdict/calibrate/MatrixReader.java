package dev.patchverdict.calibrate;

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
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads a calibration matrix file strictly: the shipped JSON Schema, then the rules between fields. */
public final class MatrixReader {
    public static final String SCHEMA_RESOURCE = "/dev/patchverdict/schemas/calibration-matrix-v0.1.schema.json";
    private static final Schema SCHEMA = load();

    private MatrixReader() {}

    public static Matrix read(Path file) throws MatrixException {
        JsonNode json;
        try {
            json = StrictJson.withDefaults().read(file);
        } catch (JsonInputException e) {
            throw new MatrixException(file + ": not valid JSON: " + e.getMessage());
        } catch (IOException e) {
            throw new MatrixException(file + ": " + dev.patchverdict.report.IoMessages.describe(e));
        }
        List<String> problems = new ArrayList<>();
        for (Error e : SCHEMA.validate(json)) {
            problems.add(e.getInstanceLocation() + ": " + e.getMessage());
        }
        if (!problems.isEmpty()) {
            throw new MatrixException(file + ": not a calibration matrix v0.1: " + String.join("; ", problems));
        }
        Path dir = file.toAbsolutePath().normalize().getParent();
        List<Matrix.Column> plans = new ArrayList<>();
        json.path("plans").forEach(p -> plans.add(new Matrix.Column(p.path("id").asText(), p.path("label").asText(),
                dir.resolve(p.path("path").asText()).normalize())));
        List<Matrix.Row> rows = new ArrayList<>();
        json.path("candidates").forEach(c -> rows.add(new Matrix.Row(c.path("id").asText(), c.path("label").asText(),
                dir.resolve(c.path("candidate_root").asText()).normalize(), dir.resolve(c.path("result_manifest").asText()).normalize())));
        Map<String, Map<String, Outcome>> expected = new LinkedHashMap<>();
        json.path("expected").fields().forEachRemaining(row -> {
            Map<String, Outcome> cells = new LinkedHashMap<>();
            row.getValue().fields().forEachRemaining(cell -> cells.put(cell.getKey(), Outcome.fromWire(cell.getValue().asText())));
            expected.put(row.getKey(), cells);
        });
        try {
            return new Matrix(json.path("id").asText(), json.path("description").asText(""),
                    dir.resolve(json.path("work_unit").asText()).normalize(), plans, rows, expected);
        } catch (IllegalArgumentException e) {
            throw new MatrixException(file + ": " + e.getMessage());
        }
    }

    private static Schema load() {
        try (InputStream in = MatrixReader.class.getResourceAsStream(SCHEMA_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the matrix schema is missing from the build: " + SCHEMA_RESOURCE);
            }
            JsonNode source = StrictJson.withDefaults().read(in.readAllBytes());
            SchemaRegistry registry = SchemaRegistry.withDefaultDialect(Dialects.getDraft202012());
            Schema schema = registry.getSchema(SchemaLocation.of(source.path("$id").asText()), source);
            schema.initializeValidators();
            return schema;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (JsonInputException e) {
            throw new IllegalStateException("the matrix schema is not valid JSON", e);
        }
    }
}
