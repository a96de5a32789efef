// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.patchverdict.digest.Digests;
import dev.patchverdict.report.ReviewInput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A predictions file is digested as it is read unless the caller reports no digest; the entries are the same either way. */
class InputsDigestsTest {
    @TempDir
    Path dir;

    private List<Entry> entries(Inputs in) {
        List<Entry> out = new ArrayList<>();
        in.forEachRemaining(out::add);
        in.close();
        return out;
    }

    @Test
    void aPredictionsFileIsDigestedUnlessNoDigestIsWanted() throws IOException {
        String text = DeferredLinesTest.LINES;
        Files.writeString(dir.resolve("preds.jsonl"), text, StandardCharsets.UTF_8);
        Inputs digested = new Inputs(List.of("preds.jsonl"), dir::resolve, Inputs.Fields.SWE_BENCH);
        Inputs plain = new Inputs(List.of("preds.jsonl"), dir::resolve, Inputs.Fields.SWE_BENCH).withoutDigests();
        assertEquals(entries(digested), entries(plain));
        ReviewInput d = digested.described().get(0);
        ReviewInput p = plain.described().get(0);
        assertEquals(Digests.bytes(text.getBytes(StandardCharsets.UTF_8)).hex(), d.sha256());
        assertNull(p.sha256());
        assertEquals(d.entries(), p.entries());
        assertEquals(d.kind(), p.kind());
    }
}
