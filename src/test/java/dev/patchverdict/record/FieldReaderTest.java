// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.StrictJson;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The wording and place of every mapping failure, for each kind of field the models read. */
class FieldReaderTest {
    private static final String DOC = """
            {"s": "x", "n": 1, "f": 1.5, "b": true, "big": 99999999999999999999, "a": ["x", 2], "o": {"k": "v", "q": 3},
             "d": "sha256:nothex", "w": "sometimes", "objs": [{"s": "y"}, 7]}""";

    private static FieldReader root() throws JsonInputException {
        return FieldReader.root(StrictJson.withDefaults().read(DOC));
    }

    private static String failure(Function<FieldReader, ?> read) throws JsonInputException {
        FieldReader f = root();
        return assertThrows(FieldException.class, () -> read.apply(f)).problem().toString();
    }

    @Test
    void readsEachKindOfValue() throws JsonInputException {
        FieldReader f = root();
        assertEquals("x", f.text("s"));
        assertEquals(1L, f.integer("n"));
        assertEquals(JsonNumber.of(1.5), f.number("f"));
        assertEquals(true, f.bool("b"));
        assertEquals(Optional.empty(), f.optText("missing"));
        assertEquals(Optional.of(1L), f.optInteger("n"));
        assertEquals(Optional.empty(), f.optTexts("missing"));
        assertEquals(List.of("k", "q"), f.object("o").members((name, v, p) -> name));
        assertEquals("/o/q", f.object("o").pointer("q"));
        assertEquals(Optional.of("v"), f.object("o").optText("k"));
    }

    @Test
    void namesTheFieldTheKindExpectedAndTheKindFound() throws JsonInputException {
        assertEquals("/missing: is required but missing", failure(f -> f.text("missing")));
        assertEquals("/n: must be a string, not an integer", failure(f -> f.text("n")));
        assertEquals("/f: must be an integer, not a fractional number", failure(f -> f.integer("f")));
        assertEquals("/big: must be at most " + Long.MAX_VALUE, failure(f -> f.integer("big")));
        assertEquals("/s: must be a number, not a string", failure(f -> f.optNumber("s")));
        assertEquals("/s: must be a boolean, not a string", failure(f -> f.bool("s")));
        assertEquals("/s: must be an object, not a string", failure(f -> f.object("s")));
        assertEquals("/s: must be an object, not a string", failure(f -> f.optObjectNode("s")));
        assertEquals("/s: must be an array, not a string", failure(f -> f.texts("s")));
        assertEquals("/a/1: must be a string, not an integer", failure(f -> f.optTexts("a")));
        assertEquals("/objs/1: must be an object, not an integer", failure(f -> f.objects("objs", r -> r.text("s"))));
        assertEquals("/o/q: must be a string, not an integer", failure(f -> f.optTextMap("o")));
        assertEquals("/w: must be one of \"none\", \"optional\", \"required\", not \"sometimes\"",
                failure(f -> f.wire("w", WorkUnit.Gpu.class)));
    }

    @Test
    void aDigestItCannotParseIsRefusedWhereItIs() throws JsonInputException {
        assertEquals("/d", assertThrows(FieldException.class, () -> root().digest("d")).pointer());
    }

    @Test
    void aDocumentThatIsNoObjectIsRefused() throws JsonInputException {
        assertEquals("must be an object, not an array",
                assertThrows(FieldException.class, () -> FieldReader.root(StrictJson.withDefaults().read("[]")))
                        .problem().toString());
    }
}
