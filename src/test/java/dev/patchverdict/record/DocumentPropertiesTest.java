// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigInteger;
import java.util.List;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;

/** Properties of strict reading over generated values. */
class DocumentPropertiesTest {
    private static final DocumentSchemas SCHEMAS = DocumentSchemas.shipped();
    private static final ObjectNode WORK_UNIT = Fixtures.json(WorkUnit.VERSION);
    /** The id rule with Java's end-of-input anchor, as an independent oracle for the schema's ECMA pattern. */
    private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9._/-]{2,127}");

    @Provide
    Arbitrary<String> ids() {
        Arbitrary<String> near = Arbitraries.strings().withChars("abz09._/-A \n\r\u2028é").ofMinLength(0).ofMaxLength(12);
        Arbitrary<String> valid = Arbitraries.strings().withChars("abcxyz0189._/-").ofMinLength(3).ofMaxLength(130);
        return Arbitraries.oneOf(near, valid, Arbitraries.strings().ofMaxLength(20),
                valid.map(s -> s + "\n"), valid.map(s -> "\n" + s));
    }

    @Property
    void idIsAcceptedExactlyWhenItMatchesTheRuleWholly(@ForAll("ids") String id) {
        List<DocumentProblem> problems = SCHEMAS.validate(WorkUnit.VERSION, Fixtures.with(WORK_UNIT, "/id", TextNode.valueOf(id)));
        assertEquals(ID.matcher(id).matches(), problems.isEmpty(), () -> "id " + id + ": " + problems);
    }

    @Property
    void integerFieldsRefuseEveryFraction(@ForAll double value) {
        List<DocumentProblem> problems = SCHEMAS.validate(WorkUnit.VERSION,
                Fixtures.with(WORK_UNIT, "/failure_semantics/max_attempts", DoubleNode.valueOf(value)));
        assertTrue(problems.contains(DocumentProblem.at("/failure_semantics/max_attempts",
                "must be an integer, not a fractional number")), () -> "value " + value + ": " + problems);
    }

    @Property
    void integerFieldsTakeEveryPositiveLong(@ForAll @LongRange(min = 1) long value) throws Exception {
        ObjectNode doc = Fixtures.with(WORK_UNIT, "/failure_semantics/max_attempts", LongNode.valueOf(value));
        WorkUnit wu = DocumentReader.strict().readWorkUnit(doc);
        assertEquals(value, wu.failureSemantics().maxAttempts());
    }

    @Provide
    Arbitrary<Number> numbers() {
        return Arbitraries.oneOf(
                Arbitraries.longs().map(l -> (Number) l),
                Arbitraries.doubles().map(d -> (Number) d),
                Arbitraries.bigIntegers().between(BigInteger.TWO.pow(70).negate(), BigInteger.TWO.pow(70)).map(b -> (Number) b));
    }

    @Property
    void jsonNumbersSurviveTheirNodes(@ForAll("numbers") Number n) {
        JsonNumber number = new JsonNumber(n);
        assertEquals(number, JsonNumber.of(number.toNode()));
        assertEquals(!(n instanceof Double), number.toNode().isIntegralNumber());
    }
}
