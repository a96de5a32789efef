// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import java.util.List;
import java.util.Objects;

/**
 * A calibration matrix as run, for renderers: row and column labels, one cell per pair with what
 * was expected and what happened, and every problem found (a drifted cell, different candidate
 * bytes in one row, a result bound to another plan).
 */
public record MatrixReport(String id, List<String> columns, List<String> rows, List<List<Cell>> cells, List<String> problems) {
    /** One cell: expected and actual outcome words, whether they match, and the evidence behind it. */
    public record Cell(String row, String column, String expected, String actual, boolean matches, String patchDigest,
            String planDigest, String resultId, String detail) {
        public Cell {
            Objects.requireNonNull(expected, "expected");
            Objects.requireNonNull(actual, "actual");
        }
    }

    public MatrixReport {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
        cells = cells.stream().map(List::copyOf).toList();
        problems = List.copyOf(problems);
    }

    public boolean matches() {
        return problems.isEmpty();
    }
}
