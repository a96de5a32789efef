// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.google.re2j.Pattern;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialects;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.StrictJson;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Properties of the schema fast path: over documents derived from valid ones by random edits, "valid" here is
 * always the validator's "valid"; and each shipped pattern's automaton finds exactly what the validator's pattern
 * keyword finds.
 */
class SchemaFastPathPropertiesTest {
    private static final DocumentSchemas SCHEMAS = DocumentSchemas.shipped();
    private static final List<DocumentVersion> VERSIONS = SchemaFastPathTest.recordVersions();

    /** Values a document edit puts in place, parsed as real input is (so 1.0 and -0 are the nodes a reader makes). */
    private static final List<String> VALUES = List.of("1", "1.0", "-0", "0", "-1", "1e2", "1E0", "0.5", "255", "256",
            "3600", "3601", "65536", "67108865", "9007199254740993", "\"\"", "\"a\"", "\"a\\n\"", "\"\\n\"", "\"A\"",
            "\"\u65e5\u672c\"", "\"\\ud83d\\ude00\"", "\"x\\u0000\"", "\"2026-01-31T12:00:00Z\"", "\"2026-02-30T12:00:00Z\"",
            "\"2026-01-31 12:00:00Z\"", "\"2026-01-31T12:00:00.1234567891Z\"", "\"2016-12-31T23:59:60Z\"",
            "\"2026-01-31T12:00:00+18:00\"", "\"sha256:" + "a".repeat(64) + "\"", "\"sha256:" + "A".repeat(64) + "\"",
            "\"" + "0".repeat(40) + "\"", "\"/abs\"", "\"a/../b\"", "\"..\"", "\"a\\\\b\"", "\"agent/x\"",
            "\"proposed\"", "\"verified\"", "\"allowlist\"", "\"quorum\"", "true", "false", "null", "[]", "{}",
            "[\"a\",\"a\"]", "[\"a\"]", "[1,1.0]", "{\"x\":1}");

    private static final List<JsonNode> NODES = parsed();

    private static List<JsonNode> parsed() {
        List<JsonNode> out = new ArrayList<>();
        for (String v : VALUES) {
            try {
                out.add(StrictJson.withDefaults().read(v.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
            } catch (JsonInputException e) {
                throw new IllegalStateException(v, e);
            }
        }
        return out;
    }

    /** One edit: which node (by index in document order), what to do, and with which value. */
    record Edit(int at, int op, int value) {}

    @Provide
    Arbitrary<List<Edit>> edits() {
        Arbitrary<Edit> edit = Combinators.combine(Arbitraries.integers().between(0, 10_000),
                Arbitraries.integers().between(0, 7), Arbitraries.integers().between(0, VALUES.size() - 1)).as(Edit::new);
        return edit.list().ofMinSize(1).ofMaxSize(3);
    }

    @Property(tries = 1500)
    void aDocumentCalledValidIsOneTheValidatorAccepts(@ForAll("edits") List<Edit> edits,
            @ForAll("versions") DocumentVersion version) {
        ObjectNode doc = Fixtures.json(version);
        for (Edit e : edits) {
            apply(doc, e);
        }
        SchemaFastPath fast = SchemaFastPathTest.fast(version);
        int answer = fast.check(doc);
        boolean accepted = SchemaFastPathTest.validatorAccepts(version, doc);
        if (answer == SchemaFastPath.VALID) {
            assertTrue(accepted, version + " after " + edits + ": called valid, but " + SCHEMAS.errors(version, doc));
        }
        if (answer == SchemaFastPath.INVALID) {
            assertTrue(!accepted, version + " after " + edits + ": called invalid, but the validator accepts it");
        }
    }

    @Provide
    Arbitrary<DocumentVersion> versions() {
        return Arbitraries.of(VERSIONS);
    }

    /** The containers of a document with the key or index of each child, in document order. */
    private static void containers(JsonNode node, List<JsonNode> parents, List<Object> keys) {
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                parents.add(node);
                keys.add(f.getKey());
                containers(f.getValue(), parents, keys);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                parents.add(node);
                keys.add(i);
                containers(node.get(i), parents, keys);
            }
        }
    }

    private static void apply(ObjectNode doc, Edit e) {
        List<JsonNode> parents = new ArrayList<>();
        List<Object> keys = new ArrayList<>();
        containers(doc, parents, keys);
        if (parents.isEmpty()) {
            return;
        }
        int k = e.at() % parents.size();
        JsonNode parent = parents.get(k);
        Object key = keys.get(k);
        JsonNode current = key instanceof Integer i ? parent.get(i) : parent.get((String) key);
        JsonNode value = NODES.get(e.value()).deepCopy();
        switch (e.op()) {
            case 0 -> remove(parent, key);
            case 1 -> set(parent, key, value);
            case 2 -> {
                if (parent.isObject()) {
                    ((ObjectNode) parent).set("x_" + e.value(), value);
                } else {
                    ((ArrayNode) parent).add(value);
                }
            }
            case 3 -> {
                if (current.isTextual()) {
                    set(parent, key, TextNode.valueOf(current.textValue() + "\n"));
                }
            }
            case 4 -> {
                if (current.isTextual()) {
                    set(parent, key, TextNode.valueOf(current.textValue().toUpperCase(java.util.Locale.ROOT)));
                }
            }
            case 5 -> {
                if (parent.isArray()) {
                    ((ArrayNode) parent).add(current.deepCopy()); // a duplicate item
                }
            }
            case 6 -> {
                if (current.isIntegralNumber()) {
                    // the same integer written as a fraction, or the next one
                    set(parent, key, e.value() % 2 == 0 ? reread(current.asText() + ".0") : reread(
                            current.bigIntegerValue().add(java.math.BigInteger.ONE).toString()));
                }
            }
            default -> {
                if (current.isTextual() && !current.textValue().isEmpty()) {
                    String s = current.textValue();
                    set(parent, key, TextNode.valueOf(s.substring(0, s.length() - 1))); // one character shorter
                }
            }
        }
    }

    private static JsonNode reread(String json) {
        try {
            return StrictJson.withDefaults().read(json.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        } catch (JsonInputException e) {
            throw new IllegalStateException(json, e);
        }
    }

    private static void remove(JsonNode parent, Object key) {
        if (key instanceof Integer i) {
            ((ArrayNode) parent).remove(i);
        } else {
            ((ObjectNode) parent).remove((String) key);
        }
    }

    private static void set(JsonNode parent, Object key, JsonNode value) {
        if (key instanceof Integer i) {
            ((ArrayNode) parent).set(i, value);
        } else {
            ((ObjectNode) parent).set((String) key, value);
        }
    }

    // ---- patterns ----

    /** Every pattern the shipped record schemas use. */
    static List<String> shippedPatterns() {
        TreeSet<String> out = new TreeSet<>();
        for (DocumentVersion v : VERSIONS) {
            collectPatterns(SCHEMAS.schemaJson(v), out);
        }
        return List.copyOf(out);
    }

    private static void collectPatterns(JsonNode node, TreeSet<String> out) {
        if (node.isObject()) {
            JsonNode p = node.get("pattern");
            if (p != null && p.isTextual()) {
                out.add(p.textValue());
            }
        }
        if (node.isContainerNode()) {
            node.forEach(child -> collectPatterns(child, out));
        }
    }

    private static final List<String> PATTERNS = shippedPatterns();
    private static final List<SchemaRegex> COMPILED = PATTERNS.stream().map(SchemaRegex::compile).toList();
    private static final List<Schema> ORACLES = PATTERNS.stream().map(SchemaFastPathPropertiesTest::oracle).toList();
    private static final List<Pattern> RE2 = PATTERNS.stream().map(Pattern::compile).toList();

    /** The validator's own pattern keyword, configured as the shipped schemas are read. */
    private static Schema oracle(String pattern) {
        ObjectNode schema = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        schema.put("pattern", pattern);
        Schema s = SchemaRegistry.withDefaultDialect(Dialects.getDraft202012())
                .getSchema(SchemaLocation.of("https://example.invalid/pattern.json"), schema);
        s.initializeValidators();
        return s;
    }

    /** Texts near the shipped patterns' matches: seeds that match, edited at random. */
    @Provide
    Arbitrary<String> texts() {
        Arbitrary<String> seed = Arbitraries.of("sha256:" + "0123456789abcdef".repeat(4), "0123456789abcdef".repeat(4),
                "0123456789abcdef".repeat(2) + "01234567", "agent/bench", "a.b-c_d", "abc-def-9", "src/x.py", "/etc", "../x",
                "a/../b", "a/..", "..", "A_b1", "PATH", "", "x", "def merge(list_1, list_2)");
        Arbitrary<Character> ch = Arbitraries.of('a', 'f', 'g', 'z', 'A', 'Z', '0', '9', '_', '-', '.', '/', '\\', ':', ' ',
                '\n', '\r', '\t', '\u00e9', '\u2028', '\ud83d', '\ude00', '$', '^');
        return Combinators.combine(seed, ch.list().ofMaxSize(4), Arbitraries.integers().between(0, 200).list().ofMaxSize(4),
                Arbitraries.integers().between(0, 2).list().ofMaxSize(4)).as((s, chars, at, how) -> {
                    StringBuilder sb = new StringBuilder(s);
                    for (int i = 0; i < Math.min(chars.size(), Math.min(at.size(), how.size())); i++) {
                        int pos = sb.length() == 0 ? 0 : at.get(i) % (sb.length() + 1);
                        switch (how.get(i)) {
                            case 0 -> sb.insert(pos, chars.get(i));
                            case 1 -> {
                                if (pos < sb.length()) {
                                    sb.setCharAt(pos, chars.get(i));
                                }
                            }
                            default -> {
                                if (pos < sb.length()) {
                                    sb.deleteCharAt(pos);
                                }
                            }
                        }
                    }
                    return sb.toString();
                });
    }

    @Property(tries = 3000)
    void eachPatternFindsWhatTheValidatorFinds(@ForAll("texts") String text) {
        boolean surrogate = text.chars().anyMatch(c -> Character.isSurrogate((char) c));
        for (int i = 0; i < PATTERNS.size(); i++) {
            int found = COMPILED.get(i).find(text);
            boolean validator = ORACLES.get(i).validate(TextNode.valueOf(text)).isEmpty();
            if (surrogate && found == SchemaRegex.UNSURE) {
                continue; // only a text with a surrogate may be "not sure"; decided before one, it must agree
            }
            assertEquals(validator, found == SchemaRegex.MATCH, PATTERNS.get(i) + " on " + escape(text));
            assertTrue(found != SchemaRegex.UNSURE);
            // RE2/J, linear like the automaton, reads $ as the end of the text too
            assertEquals(RE2.get(i).matcher(text).find(), found == SchemaRegex.MATCH, PATTERNS.get(i) + " on " + escape(text));
        }
    }

    private static String escape(String s) {
        StringBuilder sb = new StringBuilder();
        s.chars().forEach(c -> sb.append(c < 0x20 || c > 0x7e ? String.format("\\u%04x", c) : String.valueOf((char) c)));
        return sb.toString();
    }

    @Property(tries = 1000)
    void anyPatternOfTheDialectFindsWhatRe2Finds(@ForAll("dialect") String pattern, @ForAll("texts") String text) {
        SchemaRegex compiled = SchemaRegex.compile(pattern);
        if (compiled.find(text) == SchemaRegex.UNSURE) {
            return;
        }
        assertEquals(Pattern.compile(pattern).matcher(text).find(), compiled.find(text) == SchemaRegex.MATCH,
                pattern + " on " + escape(text));
    }

    /** Random patterns in the automaton's dialect. */
    @Provide
    Arbitrary<String> dialect() {
        Arbitrary<String> atom = Arbitraries.of("a", "b", "/", "\\.", "\\\\", "\\n", "[a-f]", "[^a\\n]", "[0-9a-f]",
                "[a-z0-9._-]", "(a|/)", "(^|/)", "(/|$)", "^", "$", "(ab|a)", "[^/\\\\]");
        Arbitrary<String> quant = Arbitraries.of("", "", "", "*", "+", "?", "{2}", "{0,3}", "{1,}");
        Arbitrary<String> piece = Combinators.combine(atom, quant).as((a, q) -> a.equals("^") || a.equals("$") ? a : a + q);
        return piece.list().ofMinSize(1).ofMaxSize(5).map(l -> String.join("", l));
    }
}
