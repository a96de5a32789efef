// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify.upstream;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class NodesTest {
    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss").withZone(ZoneOffset.UTC);

    /** Python's isoformat() in UTC with Z, as the formatter writes it: six fraction digits, none when zero. */
    private static String reference(Instant t) {
        int micros = t.getNano() / 1000;
        String base = SECONDS.format(t);
        return micros == 0 ? base + "Z" : base + "." + String.format("%06d", micros) + "Z";
    }

    @Property(tries = 3000)
    void writesTimestampsAsTheFormatterDoes(@ForAll @LongRange(min = -62_135_596_800L - 86_400L * 400, max = 253_402_300_799L + 86_400L * 400) long seconds,
            @ForAll @IntRange(min = 0, max = 999_999_999) int nanos) {
        Instant t = Instant.ofEpochSecond(seconds, nanos);
        assertEquals(reference(t), Nodes.timestamp(t));
    }

    @Test
    void writesTheEdgesOfTheFourDigitYearsAndWholeSeconds() {
        for (Instant t : new Instant[] {Instant.parse("0001-01-01T00:00:00Z"), Instant.parse("9999-12-31T23:59:59.999999Z"),
                Instant.parse("2026-02-03T04:05:06Z"), Instant.parse("2026-02-03T04:05:06.000001Z"),
                Instant.parse("2026-02-03T04:05:06.000000999Z"), Instant.ofEpochSecond(253_402_300_800L),
                Instant.ofEpochSecond(-62_135_596_801L)}) {
            assertEquals(reference(t), Nodes.timestamp(t), t::toString);
        }
        assertEquals("2026-02-03T04:05:06.000001Z", Nodes.timestamp(Instant.parse("2026-02-03T04:05:06.000001Z")));
    }
}
