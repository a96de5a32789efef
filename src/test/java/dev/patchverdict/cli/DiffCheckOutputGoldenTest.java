// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * diff check's json and jsonl output over every diff fixture, byte for byte as recorded in
 * verification/fixtures/diff-check-output (written when jackson-databind's ObjectMapper rendered it, so the
 * streaming writer is held to exactly those bytes: escapes, nulls, numbers, field order).
 */
class DiffCheckOutputGoldenTest {
    static final Path DIR = Path.of("verification/fixtures/diff-check-output").toAbsolutePath();

    static List<String> inputs() throws IOException {
        List<String> names = new ArrayList<>();
        try (Stream<Path> s = Files.list(DIR.resolve("../diff").normalize())) {
            s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".patch")).sorted()
                    .forEach(n -> names.add("../diff/" + n));
        }
        names.add("control-bytes-in-path.patch");
        return names;
    }

    @ParameterizedTest
    @CsvSource({"strict, jsonl, every-fixture.strict.jsonl.expected", "git, jsonl, every-fixture.git.jsonl.expected",
        "strict, json, every-fixture.strict.json.expected"})
    void outputIsByteIdenticalToTheRecordedOne(String profile, String format, String expected) throws IOException {
        List<String> args = new ArrayList<>(List.of("diff", "check", "--profile", profile, "--format", format));
        args.addAll(inputs());
        CliRun r = CliRun.in(DIR, args.toArray(String[]::new));
        assertEquals(ExitCode.FAILED, r.code(), r.err());
        assertEquals("", r.err());
        assertEquals(Files.readString(DIR.resolve(expected), StandardCharsets.UTF_8), r.out());
    }
}
