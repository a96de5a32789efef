// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;

/**
 * A distributed review sums up each part on its own, in whatever order its entries arrive, and merges the parts in
 * whatever order they finish: the result must be the summary of one pass in input order, ties included.
 */
class ReviewSummaryMergeTest {
    static List<ReviewEntry> entries(Random r, int n) {
        List<ReviewEntry> out = new ArrayList<>();
        String[] models = {"m1", "org/m2", null};
        ReviewEntry.Status[] statuses = ReviewEntry.Status.values();
        for (int i = 0; i < n; i++) {
            ReviewEntry.Status s = statuses[r.nextInt(statuses.length)];
            List<ReviewEntry.Finding> findings = new ArrayList<>();
            if (s == ReviewEntry.Status.REJECTED) {
                findings.add(new ReviewEntry.Finding(r.nextBoolean() ? "HUNK_TRUNCATED" : "CRLF_LINE_ENDING", "error", 3, "x", true));
            }
            if (r.nextInt(4) == 0) {
                boolean hack = r.nextBoolean(); // a rule has one severity
                findings.add(ReviewEntry.Finding.trick(hack ? "test-skipped" : "conftest-added", hack ? "hack" : "suspect", 1,
                        "a.py", "m"));
            }
            ReviewEntry.PlanOutcome plan = r.nextInt(3) == 0 ? new ReviewEntry.PlanOutcome("p", "0.5", r.nextBoolean(), List.of()) : null;
            ReviewEntry.Repair repair = s == ReviewEntry.Status.REJECTED
                    ? new ReviewEntry.Repair(r.nextBoolean() ? List.of("recount") : List.of(), r.nextBoolean() ? "accepted" : "none",
                            List.of(), List.of())
                    : null;
            // Few distinct durations and sizes: ties decide which entries the top lists keep.
            out.add(new ReviewEntry(i, "p" + i, models[r.nextInt(models.length)], "preds.jsonl", "/model_patch", i + 1, s, null,
                    r.nextInt(4) * 100L, List.of(), 0, 0, findings, plan, repair, r.nextInt(3) * 1000L, null));
        }
        return out;
    }

    @RepeatedTest(50)
    void partsSummedInAnyOrderMergeIntoTheSummaryOfTheWhole(RepetitionInfo rep) throws Exception {
        Random r = new Random(rep.getCurrentRepetition());
        List<ReviewEntry> all = entries(r, 1 + r.nextInt(60));
        ReviewSummary whole = new ReviewSummary();
        all.forEach(whole::add);

        List<ReviewEntry> shuffled = new ArrayList<>(all);
        Collections.shuffle(shuffled, r);
        List<ReviewSummary> parts = new ArrayList<>();
        int at = 0;
        while (at < shuffled.size()) {
            int n = 1 + r.nextInt(shuffled.size() - at);
            ReviewSummary part = new ReviewSummary();
            shuffled.subList(at, at + n).forEach(part::add);
            parts.add(roundTrip(part)); // as it comes back from another machine
            at += n;
        }
        Collections.shuffle(parts, r);
        ReviewSummary merged = new ReviewSummary();
        parts.forEach(merged::merge);

        assertEquals(whole.json(), merged.json());
        assertEquals(whole.markdown(), merged.markdown());
    }

    static ReviewSummary roundTrip(ReviewSummary s) throws IOException, ClassNotFoundException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (ObjectOutputStream o = new ObjectOutputStream(b)) {
            o.writeObject(s);
        }
        try (ObjectInputStream i = new ObjectInputStream(new ByteArrayInputStream(b.toByteArray()))) {
            return (ReviewSummary) i.readObject();
        }
    }
}
