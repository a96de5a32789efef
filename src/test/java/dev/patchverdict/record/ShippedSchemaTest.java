// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every shipped schema accepts the project's valid example of its type and version, and rejects a
 * copy mutated against each constraint that applies anywhere in it, reporting the break at the
 * mutated place. Every constraint kind a schema uses must be exercised at least once.
 */
class ShippedSchemaTest {
    private static final DocumentSchemas SCHEMAS = DocumentSchemas.shipped();

    static Stream<DocumentVersion> versions() {
        return DocumentVersion.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("versions")
    void acceptsTheValidExample(DocumentVersion version) {
        assertEquals(List.of(), SCHEMAS.validate(version, Fixtures.json(version)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("types")
    void typeDetectionReadsTheSchemasTopLevelFieldsExactly(DocumentType type) {
        // Detection reads only each schema's top level, by a streaming pass; the whole tree must say the same.
        Set<String> properties = new java.util.LinkedHashSet<>();
        Set<String> required = null;
        for (String v : type.supportedVersions()) {
            JsonNode schema = SCHEMAS.schemaJson(DocumentVersion.of(type, v));
            schema.path("properties").fieldNames().forEachRemaining(properties::add);
            Set<String> these = new java.util.LinkedHashSet<>();
            schema.path("required").forEach(n -> these.add(n.textValue()));
            if (required == null) {
                required = these;
            } else {
                required.retainAll(these);
            }
        }
        DocumentSchemas fresh = DocumentSchemas.shipped();
        assertEquals(List.copyOf(properties), List.copyOf(fresh.topLevelProperties(type)));
        assertEquals(List.copyOf(required), List.copyOf(fresh.requiredEverywhere(type)));
        assertFalse(required.isEmpty());
    }

    static Stream<DocumentType> types() {
        return Stream.of(DocumentType.values());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("versions")
    void schemaIsDraft202012WithTheProjectsId(DocumentVersion version) {
        JsonNode schema = SCHEMAS.schemaJson(version);
        assertEquals("https://json-schema.org/draft/2020-12/schema", schema.path("$schema").asText());
        assertEquals("https://patchverdict.dev/schemas/" + version.type().slug() + "-v" + version.version() + ".schema.json",
                schema.path("$id").asText());
        assertFalse(schema.path("additionalProperties").asBoolean(true), "closed at the top level");
        assertEquals(version.version(), schema.at("/properties/schema_version/const").asText());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("versions")
    void everyConstraintKindIsExercised(DocumentVersion version) {
        Set<String> used = SchemaMutations.constraintKeywords(SCHEMAS.schemaJson(version));
        Set<String> exercised = new TreeSet<>();
        SchemaMutations.of(SCHEMAS.schemaJson(version), Fixtures.json(version)).forEach(m -> exercised.add(m.keyword()));
        assertTrue(used.containsAll(Set.of("type", "required", "additionalProperties", "const")), "sanity: " + used);
        assertEquals(new TreeSet<>(used), exercised, "constraint kinds the example lets the test break");
    }

    @TestFactory
    Stream<DynamicNode> rejectsEachMutation() {
        return versions().map(version -> {
            List<DynamicTest> tests = new ArrayList<>();
            for (SchemaMutations.Mutation m : SchemaMutations.of(SCHEMAS.schemaJson(version), Fixtures.json(version))) {
                tests.add(DynamicTest.dynamicTest(m.toString(), () -> {
                    List<DocumentProblem> problems = SCHEMAS.validate(version, m.document());
                    assertTrue(problems.stream().anyMatch(p -> p.pointer().equals(m.expectedPointer())),
                            () -> version + ", " + m + ": expected a problem at " + m.expectedPointer() + ", got " + problems);
                }));
            }
            return DynamicContainer.dynamicContainer(version.toString(), tests);
        });
    }

    @Test
    void fractionalNumberIsNotAnInteger() {
        DocumentVersion v = DocumentVersion.of(DocumentType.EVALUATOR_PLAN, "0.4");
        var doc = Fixtures.with(Fixtures.json(v), "/backend/max_log_bytes", com.fasterxml.jackson.databind.node.DoubleNode.valueOf(262144.0));
        assertEquals(List.of(DocumentProblem.at("/backend/max_log_bytes", "must be an integer, not a fractional number")),
                SCHEMAS.validate(v, doc));
    }

    @Test
    void numberFieldsTakeIntegersAndFractions() {
        DocumentVersion v = DocumentVersion.of(DocumentType.RESULT_MANIFEST, "0.1");
        var asInteger = Fixtures.with(Fixtures.json(v), "/resources/wall_seconds", com.fasterxml.jackson.databind.node.IntNode.valueOf(3));
        var asFraction = Fixtures.with(Fixtures.json(v), "/resources/wall_seconds", com.fasterxml.jackson.databind.node.DoubleNode.valueOf(3.0));
        assertEquals(List.of(), SCHEMAS.validate(v, asInteger));
        assertEquals(List.of(), SCHEMAS.validate(v, asFraction));
    }

    @Test
    void patternsAnchorAtTheVeryEnd() {
        // ECMA-262 semantics: '$' does not match before a final line terminator of any kind.
        DocumentVersion v = DocumentVersion.of(DocumentType.WORK_UNIT, "0.2");
        for (String ending : List.of("\n", "\r\n", "\r", "\u2028", "\u0085")) {
            var doc = Fixtures.with(Fixtures.json(v), "/id", com.fasterxml.jackson.databind.node.TextNode.valueOf("tinypage/fix" + ending));
            assertEquals(List.of(DocumentProblem.at("/id", "must match the pattern ^[a-z0-9][a-z0-9._/-]{2,127}$")),
                    SCHEMAS.validate(v, doc), "ending " + ending.codePointAt(0));
        }
    }

    @Test
    void dateTimesAreAsserted() {
        DocumentVersion v = DocumentVersion.of(DocumentType.VERIFICATION_RESULT, "0.1");
        for (String bad : List.of("2026-03-02", "2026-13-02T10:00:00Z", "2026-03-02T10:00:00", "2026-03-02 10:00:00Z")) {
            var doc = Fixtures.with(Fixtures.json(v), "/started_at", com.fasterxml.jackson.databind.node.TextNode.valueOf(bad));
            assertFalse(SCHEMAS.validate(v, doc).isEmpty(), bad);
        }
        var offset = Fixtures.with(Fixtures.json(v), "/started_at", com.fasterxml.jackson.databind.node.TextNode.valueOf("2026-03-02T12:00:00.5+02:00"));
        assertEquals(List.of(), SCHEMAS.validate(v, offset));
    }
}
