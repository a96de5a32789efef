// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.TestGroups;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The review page in a real browser (Debian's chromium, headless): it opens with no console error, exception or
 * refused load, every chart and every mark in it has a size, a link opens the entry it leads to, and a column's
 * label sorts the table, all without a script of the page's own. A screenshot of each page is left in
 * target/review-html/.
 */
@Tag(TestGroups.CHROMIUM)
class ReviewHtmlBrowserTest {
    static final Path OUT = Path.of("target", "review-html");

    /** What in the page's charts has no size: a figure, its drawing, a bar, a cell, a label or a legend swatch. */
    private static final String ZERO_SIZE = """
            (() => {
              const bad = [];
              const where = e => (e.closest('figure') || {}).id;
              for (const f of document.querySelectorAll('figure.chart')) {
                const r = f.getBoundingClientRect();
                if (!(r.width > 0 && r.height > 0)) bad.push('figure ' + f.id);
              }
              for (const s of document.querySelectorAll('figure.chart svg')) {
                const r = s.getBoundingClientRect();
                if (!(r.width > 0 && r.height > 0)) bad.push('svg in ' + where(s));
              }
              for (const e of document.querySelectorAll('figure.chart svg rect, figure.chart svg text')) {
                const b = e.getBBox();
                if (!(b.width > 0 && b.height > 0)) bad.push(e.tagName + ' in ' + where(e) + ': ' + e.textContent.slice(0, 60));
              }
              for (const e of document.querySelectorAll('figure.chart .legend .swatch')) {
                const r = e.getBoundingClientRect();
                if (!(r.width > 0 && r.height > 0)) bad.push('legend swatch in ' + where(e));
              }
              // A chart an escape broke out of would leave its marks outside any drawing.
              const stray = document.querySelectorAll('figure.chart > rect, figure.chart > text, body > rect, body > text');
              for (const e of stray) bad.push('outside a chart: ' + e.tagName);
              return {bad, figures: document.querySelectorAll('figure.chart').length,
                      marks: document.querySelectorAll('figure.chart svg rect').length};
            })()""";

    private static JsonNode openAndCheck(HeadlessChromium browser, Path page, String name) throws IOException {
        browser.open(page);
        JsonNode r = browser.evaluate(ZERO_SIZE);
        Files.createDirectories(OUT);
        Files.write(OUT.resolve(name + ".png"), browser.screenshot());
        assertEquals(List.of(), browser.errors(), "console errors on " + name);
        assertEquals("[]", r.get("bad").toString(), name);
        return r;
    }

    private static Path write(String name, String html) throws IOException {
        Files.createDirectories(OUT);
        Path p = OUT.resolve(name + ".html").toAbsolutePath();
        Files.writeString(p, html, StandardCharsets.UTF_8);
        return p;
    }

    @Test
    void theHostilePageOpensCleanlyLinksOpenEntriesAndColumnsSort() throws IOException {
        Path page = write("hostile-names", ReviewPages.render(ReviewHtmlTest.DIR, List.of(ReviewHtmlTest.HOSTILE)));
        try (HeadlessChromium browser = HeadlessChromium.start(1280, 1600)) {
            JsonNode r = openAndCheck(browser, page, "hostile-names");
            assertEquals(5, r.get("figures").asInt());
            assertTrue(r.get("marks").asInt() > 10, r.toString());
            // Following a link to an entry opens it: the target sits inside the collapsed part.
            assertEquals(false, browser.evaluate("document.getElementById('p-1').parentElement.open").asBoolean());
            JsonNode opened = browser.evaluate("new Promise(done => { location.hash = '#p-1';"
                    + " setTimeout(() => done(document.getElementById('p-1').parentElement.open), 200); })");
            assertTrue(opened.asBoolean(), "following #p-1 did not open its entry");
            // A column's label picks that order: exactly one table shows, the one sorted by it.
            String shown = "[...document.querySelectorAll('table.models')].filter(t => t.offsetParent !== null)"
                    + ".map(t => t.className).join(' | ')";
            assertEquals("models sort-0-a", browser.evaluate(shown).asText());
            browser.evaluate("document.querySelector('table.models.sort-0-a label[for=\"sort-1-d\"]').click()");
            assertEquals("models sort-1-d", browser.evaluate(shown).asText());
            browser.evaluate("document.querySelector('table.models.sort-1-d label[for=\"sort-1-a\"]').click()");
            assertEquals("models sort-1-a", browser.evaluate(shown).asText());
            // No script of the page's own ran; the policy forbids one.
            assertEquals(0, browser.evaluate("document.scripts.length").asInt());
            assertEquals(List.of(), browser.errors());
        }
    }

    @Test
    void theReviewFixturesPageOpensCleanly() throws IOException {
        Path page = write("review-predictions", ReviewPages.render(ReviewHtmlTest.DIR, List.of("../review/predictions.jsonl")));
        try (HeadlessChromium browser = HeadlessChromium.start(1280, 1600)) {
            openAndCheck(browser, page, "review-predictions");
        }
    }

    /** The audit page, made of the same pieces, opens as cleanly, and its links open the bundles' entries. */
    @Test
    void theAuditPageOpensCleanly() throws IOException {
        Path page = write("audit", AuditHtmlTest.raw());
        try (HeadlessChromium browser = HeadlessChromium.start(1280, 1600)) {
            JsonNode r = openAndCheck(browser, page, "audit");
            assertEquals(1, r.get("figures").asInt());
            assertEquals(4, r.get("marks").asInt());
            JsonNode opened = browser.evaluate("new Promise(done => { location.hash = '#b-1';"
                    + " setTimeout(() => done(document.getElementById('b-1').parentElement.open), 200); })");
            assertTrue(opened.asBoolean(), "following #b-1 did not open its entry");
            assertEquals(List.of(), browser.errors());
        }
    }

    @Test
    @Tag(TestGroups.SHARED_CORPUS)
    void theSharedAgentPatchesPageOpensCleanly() throws IOException {
        Path corpus = TestGroups.sharedRoot().resolve("corpus");
        Path page = write("agent-patches", ReviewPages.render(corpus, List.of("agent_sweagent_gpt4_t0",
                "agent_deepagents_minimax_m25")));
        try (HeadlessChromium browser = HeadlessChromium.start(1280, 1600)) {
            JsonNode r = openAndCheck(browser, page, "agent-patches");
            assertEquals(5, r.get("figures").asInt());
        }
    }
}
