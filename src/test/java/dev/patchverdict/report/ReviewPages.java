// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.diff.Profile;
import dev.patchverdict.review.Inputs;
import dev.patchverdict.review.ReviewRun;
import dev.patchverdict.review.Reviewer;
import dev.patchverdict.tricks.TrickDetector;
import dev.patchverdict.tricks.TrickRule;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;

/** Review pages made in-process with everything that varies fixed: the version, the time and every duration. */
final class ReviewPages {
    static final String VERSION = "patchverdict 0.0.0-test";
    static final Instant TIME = Instant.parse("2026-03-14T15:09:26Z");
    static final Path FIXTURES = Path.of(System.getProperty("user.dir"), "verification", "fixtures");

    private ReviewPages() {}

    /** The page for these inputs (resolved against {@code dir}), every rule detecting. */
    static String render(Path dir, List<String> inputs) throws IOException {
        return render(dir, inputs, TrickDetector.all());
    }

    static String render(Path dir, List<String> inputs, TrickDetector detector) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        Inputs entries = new Inputs(inputs, dir::resolve, Inputs.Fields.SWE_BENCH);
        Reviewer reviewer = new Reviewer(Profile.STRICT, DiffReader.Options.DEFAULT, null, () -> 0L, detector);
        ReviewHtml.Header header = new ReviewHtml.Header(VERSION, TIME, "strict",
                detector == null ? null : detector.rules().stream().map(TrickRule::id).toList(), null);
        ReviewHtml sink = new ReviewHtml(out, header, entries::inputOf, entries::described, detector == null
                ? java.util.Map.of() : detector.rules().stream().collect(Collectors.toMap(TrickRule::id, TrickRule::help)));
        try {
            ReviewRun.run(entries, reviewer, 1, sink);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } finally {
            entries.close();
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
