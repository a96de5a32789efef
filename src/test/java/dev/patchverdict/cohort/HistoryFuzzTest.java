// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cohort;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/** history.jsonl is read from a folder others write: any bytes are problems or entries, never a crash. */
class HistoryFuzzTest {
    private static final String ID = "patchverdict/example/first-five";
    private static Path dir;
    private static byte[] shipped;

    @BeforeContainer
    static void setUp() throws IOException {
        dir = Files.createTempDirectory("history-fuzz");
        shipped = Files.readAllBytes(Path.of("plans/first-five", History.FILE));
    }

    @AfterContainer
    static void tearDown() throws IOException {
        Files.deleteIfExists(dir.resolve(History.FILE));
        Files.deleteIfExists(dir);
    }

    private static History.State read(byte[] bytes) throws Exception {
        Files.write(dir.resolve(History.FILE), bytes);
        return History.read(dir, ID, Optional.empty());
    }

    @Property(tries = 150)
    void anyByteChangedBeforeTheLastEntryIsSeen(@ForAll @IntRange(min = 0, max = 100_000) int where, @ForAll byte value)
            throws Exception {
        int lastStart = new String(shipped, java.nio.charset.StandardCharsets.ISO_8859_1).lastIndexOf('\n', shipped.length - 2) + 1;
        int at = where % lastStart;
        if (shipped[at] == value) {
            return;
        }
        byte[] bytes = shipped.clone();
        bytes[at] = value;
        assertFalse(read(bytes).problems().isEmpty(), "byte " + at + " set to " + value);
    }

    @Property(tries = 150)
    void arbitraryBytesAreReadAsProblemsOrEntries(@ForAll @Size(max = 600) byte[] bytes) throws Exception {
        History.State s = read(bytes);
        assertEquals(s.entries().size(), s.entries().stream().map(History.Entry::line).distinct().count());
    }

    @Property(tries = 60)
    void linesOfTheShippedHistoryInAnyOtherOrderOrCountAreSeen(@ForAll @Size(min = 1, max = 6) List<@IntRange(min = 0, max = 2) Integer> pick)
            throws Exception {
        String[] lines = new String(shipped, java.nio.charset.StandardCharsets.UTF_8).split("\n");
        StringBuilder sb = new StringBuilder();
        pick.forEach(i -> sb.append(lines[i]).append('\n'));
        if (pick.equals(List.of(0)) || pick.equals(List.of(0, 1)) || pick.equals(List.of(0, 1, 2))) {
            assertEquals(List.of(), read(sb.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8)).problems(),
                    "a prefix of the chain holds (a head recorded elsewhere is what catches a cut)");
            return;
        }
        assertFalse(read(sb.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8)).problems().isEmpty(), pick.toString());
    }
}
