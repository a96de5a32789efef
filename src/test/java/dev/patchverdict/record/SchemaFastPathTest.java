// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.SharedData;
import dev.patchverdict.TestGroups;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.StrictJson;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The schema fast path against the validator it stands in front of: it may call a document valid only where the
 * validator accepts it, and it must call the project's valid documents valid (or it would never be used).
 */
class SchemaFastPathTest {
    private static final DocumentSchemas SCHEMAS = DocumentSchemas.shipped();

    static List<DocumentVersion> recordVersions() {
        List<DocumentVersion> out = new ArrayList<>();
        for (DocumentType t : DocumentType.values()) {
            for (String v : t.supportedVersions()) {
                out.add(DocumentVersion.of(t, v));
            }
        }
        return out;
    }

    /** The validator's own verdict, without the fast path. */
    static boolean validatorAccepts(DocumentVersion v, JsonNode document) {
        return SCHEMAS.errors(v, document).isEmpty();
    }

    static SchemaFastPath fast(DocumentVersion v) {
        return SCHEMAS.fastPath(v).orElseThrow(() -> new AssertionError(v + " schema is not compiled into a fast path"));
    }

    @Test
    void everyShippedRecordSchemaCompiles() {
        for (DocumentVersion v : recordVersions()) {
            assertNotNull(SchemaFastPath.compile(SCHEMAS.schemaJson(v)), v.toString());
        }
    }

    @Test
    void everyValidFixtureIsProvenValidWithoutTheValidator() {
        for (DocumentVersion v : recordVersions()) {
            ObjectNode doc = Fixtures.json(v);
            assertTrue(validatorAccepts(v, doc), v + " fixture");
            assertEquals(SchemaFastPath.VALID, fast(v).check(doc), v + " fixture is not proven valid by the fast path");
        }
    }

    /** Every single-constraint break the mutation walker derives is rejected by the validator: never valid here. */
    @Test
    void noBrokenConstraintIsCalledValid() {
        int definite = 0;
        int total = 0;
        for (DocumentVersion v : recordVersions()) {
            for (SchemaMutations.Mutation m : SchemaMutations.of(SCHEMAS.schemaJson(v), Fixtures.json(v))) {
                assertFalse(validatorAccepts(v, m.document()), m.toString());
                int answer = fast(v).check(m.document());
                assertNotEquals(SchemaFastPath.VALID, answer, v + " " + m);
                definite += answer == SchemaFastPath.INVALID ? 1 : 0;
                total++;
            }
        }
        // most breaks are certain here too, so not, anyOf and if can rely on "invalid"
        assertTrue(definite * 2 > total, definite + " of " + total + " breaks were certain");
    }

    @Test
    void theProjectsOwnRecordsAgreeWithTheValidator() throws IOException {
        Path root = Path.of("").toAbsolutePath();
        int valid = differential(List.of(root.resolve("verification/fixtures"), root.resolve("src/test/resources")));
        assertTrue(valid > 20, "only " + valid + " valid documents found among the project's fixtures");
    }

    @Test
    @Tag(TestGroups.REFERENCE)
    void theReferenceRecordsAgreeWithTheValidator() throws IOException {
        int valid = differential(List.of(SharedData.reference()));
        assertTrue(valid > 20, "only " + valid + " valid documents found in the reference folder");
    }

    /**
     * Every JSON object under the folders against every record schema: a fast "valid" must be the validator's, and
     * each document the validator accepts must be proven valid here. Returns the count of valid pairs.
     */
    private static int differential(List<Path> folders) throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path folder : folders) {
            try (Stream<Path> walk = Files.walk(folder)) {
                walk.filter(p -> p.toString().endsWith(".json") && Files.isRegularFile(p)).sorted().forEach(files::add);
            }
        }
        int valid = 0;
        List<String> missed = new ArrayList<>();
        for (Path file : files) {
            JsonNode doc;
            try {
                doc = StrictJson.withDefaults().read(Files.readAllBytes(file));
            } catch (JsonInputException e) {
                continue;
            }
            if (!doc.isObject()) {
                continue;
            }
            for (DocumentVersion v : recordVersions()) {
                boolean accepted = validatorAccepts(v, doc);
                int answer = fast(v).check(doc);
                if (answer == SchemaFastPath.VALID && !accepted) {
                    fail(file + " as " + v + ": the fast path calls valid what the validator rejects: " + SCHEMAS.errors(v, doc));
                }
                if (answer == SchemaFastPath.INVALID && accepted) {
                    fail(file + " as " + v + ": the fast path calls invalid what the validator accepts");
                }
                if (accepted) {
                    valid++;
                    if (answer != SchemaFastPath.VALID) {
                        missed.add(file + " as " + v);
                    }
                }
            }
        }
        assertEquals(List.of(), missed, "valid documents the fast path did not prove valid");
        return valid;
    }

    @Test
    void aSchemaWithAnUnknownKeywordOrFormIsLeftToTheValidator() throws JsonInputException {
        for (String schema : List.of(
                "{\"type\":\"object\",\"patternProperties\":{\"^a\":{}}}",
                "{\"type\":\"string\",\"format\":\"email\"}",
                "{\"$ref\":\"other.json#/$defs/x\"}",
                "{\"$ref\":\"#/$defs/missing\"}",
                "{\"type\":\"string\",\"pattern\":\"^a.b$\"}",
                "{\"type\":\"string\",\"pattern\":\"^\\\\d+$\"}",
                "{\"type\":\"string\",\"pattern\":\"^(?=a)a$\"}",
                "{\"type\":\"string\",\"pattern\":\"^a+?$\"}",
                "{\"enum\":[1.5]}",
                "{\"const\":{\"a\":1}}",
                "{\"minimum\":0.5}",
                "{\"items\":[{}]}",
                "{\"properties\":{\"a\":{\"$id\":\"inner\"}}}",
                "{\"then\":{}}",
                "{\"unevaluatedProperties\":false}")) {
            assertNull(SchemaFastPath.compile(StrictJson.withDefaults().read(schema.getBytes())), schema);
        }
    }

    @Test
    void subtleValuesAreNeverCalledValid() throws JsonInputException {
        // each document is accepted by some reading of JSON Schema and is left to the validator here
        String[][] cases = {
            {"{\"type\":\"integer\"}", "1.0"},
            {"{\"type\":\"integer\"}", "1e2"},
            {"{\"enum\":[1,2]}", "1.0"},
            {"{\"const\":1}", "1.0"},
            {"{\"uniqueItems\":true}", "[1, 1.0]"},
            {"{\"uniqueItems\":true}", "[{\"a\":1}, {\"a\":1.0}]"},
            {"{\"minLength\":2}", "\"\\ud83d\\ude00\""},
            {"{\"pattern\":\"^[^a]$\"}", "\"\\ud83d\\ude00\""},
            {"{\"format\":\"date-time\"}", "\"2026-01-31 12:00:00Z\""},
            {"{\"format\":\"date-time\"}", "\"2026-01-31t12:00:00z\""},
            {"{\"format\":\"date-time\"}", "\"2016-12-31T23:59:60Z\""},
            {"{\"format\":\"date-time\"}", "\"2026-01-31T12:00:00-00:00\""},
        };
        for (String[] c : cases) {
            SchemaFastPath f = SchemaFastPath.compile(StrictJson.withDefaults().read(c[0].getBytes()));
            assertNotNull(f, c[0]);
            assertEquals(SchemaFastPath.UNSURE, f.check(StrictJson.withDefaults().read(c[1].getBytes())), c[0] + " " + c[1]);
        }
    }

    @Test
    void aBoundIsNeverCalledHeldWhereADoubleWouldRoundOntoIt() throws JsonInputException {
        // nodes built in code may hold what no double can: 1e-400 is above 0 exactly, but 0.0 as a double
        SchemaFastPath f = SchemaFastPath.compile(StrictJson.withDefaults().read("{\"exclusiveMinimum\":0}".getBytes()));
        assertEquals(SchemaFastPath.UNSURE, f.check(DecimalNode.valueOf(new BigDecimal("1e-400"))));
        assertEquals(SchemaFastPath.VALID, f.check(DecimalNode.valueOf(new BigDecimal("0.5"))));
        assertEquals(SchemaFastPath.UNSURE, f.check(DoubleNode.valueOf(Double.NaN)));
        assertEquals(SchemaFastPath.INVALID, f.check(IntNode.valueOf(0)));
    }

    @Test
    void aDollarNeverMatchesBeforeATrailingNewline() throws JsonInputException {
        SchemaFastPath f = SchemaFastPath.compile(StrictJson.withDefaults().read(
                "{\"type\":\"string\",\"pattern\":\"^[0-9a-f]{4}$\"}".getBytes()));
        assertEquals(SchemaFastPath.VALID, f.check(StrictJson.withDefaults().read("\"00ff\"".getBytes())));
        assertEquals(SchemaFastPath.INVALID, f.check(StrictJson.withDefaults().read("\"00ff\\n\"".getBytes())));
    }

    @Test
    void theResultOfAVerificationIsProvenValid() {
        // the verifier checks its own result: the fixture result stands for it
        DocumentVersion v = DocumentVersion.of(DocumentType.VERIFICATION_RESULT, "0.1");
        assertTrue(SCHEMAS.validate(v, Fixtures.json(v)).isEmpty());
        assertTrue(fast(v).provesValid(Fixtures.json(v)));
    }
}
