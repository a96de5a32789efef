// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.StrictJson;
import dev.patchverdict.record.StandaloneSchema;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads a calibration matrix file strictly: the shipped JSON Schema, then the rules between fields. */
public final class MatrixReader {
    public static final String SCHEMA_RESOURCE = "/dev/patchverdict/schemas/calibration-matrix-v0.1.schema.json";
    private static final StandaloneSchema SCHEMA = StandaloneSchema.shipped(SCHEMA_RESOURCE);

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
        List<String> problems = SCHEMA.problems(json);
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
}
