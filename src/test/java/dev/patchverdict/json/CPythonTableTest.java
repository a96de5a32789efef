// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Checks repr and the canonical serialisation against what CPython wrote: the table and its
 * generator ({@code cpython_table.py}) sit in src/test/resources/dev/patchverdict/json.
 */
class CPythonTableTest {

    private static List<JsonNode> rows() throws IOException {
        List<JsonNode> rows = new ArrayList<>();
        ObjectMapper m = new ObjectMapper();
        try (InputStream in = CPythonTableTest.class.getResourceAsStream("cpython-canonical.jsonl");
                BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                rows.add(m.readTree(line));
            }
        }
        return rows;
    }

    @Test
    void reprAgreesWithCPythonForEveryDoubleInTheTable() throws IOException {
        List<String> wrong = new ArrayList<>();
        int n = 0;
        for (JsonNode row : rows()) {
            if (!row.get(0).asText().equals("float")) {
                continue;
            }
            n++;
            double d = Double.longBitsToDouble(Long.parseUnsignedLong(row.get(1).asText(), 16));
            String got = PythonFloat.repr(d);
            if (!got.equals(row.get(2).asText())) {
                wrong.add(row.get(1).asText() + ": CPython " + row.get(2).asText() + ", here " + got);
            }
        }
        assertTrue(n > 15_000, "the table holds the doubles: " + n);
        assertEquals(List.of(), wrong.subList(0, Math.min(20, wrong.size())), wrong.size() + " of " + n + " differ");
    }

    @Test
    void canonicalFormAgreesWithCPythonForEveryDocumentInTheTable() throws Exception {
        StrictJson json = StrictJson.withDefaults();
        List<String> wrong = new ArrayList<>();
        int n = 0;
        for (JsonNode row : rows()) {
            if (!row.get(0).asText().equals("doc")) {
                continue;
            }
            n++;
            String got = CanonicalJson.string(json.read(row.get(1).asText()));
            if (!got.equals(row.get(2).asText())) {
                wrong.add(row.get(1).asText() + ": CPython " + row.get(2).asText() + ", here " + got);
            }
        }
        assertTrue(n > 1000, "the table holds the documents: " + n);
        assertEquals(List.of(), wrong.subList(0, Math.min(20, wrong.size())), wrong.size() + " of " + n + " differ");
    }
}
