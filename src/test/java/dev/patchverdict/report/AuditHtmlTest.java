// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Attribute;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

/** The audit page parsed as a browser would: folders counted, the first difference of each DIVERGED bundle, input as text. */
class AuditHtmlTest {
    private static final String HOSTILE = "results/<script>alert(1)</script>/\u202Eevil\" onclick=\"x";

    static Document page() {
        return Jsoup.parse(raw());
    }

    /** The page of five bundles in four folders, one of them named to break out of markup, as rendered. */
    static String raw() {
        AuditHtml p = new AuditHtml();
        // Added out of order, as bundles finish on several threads.
        p.add("results/run-b/attempt-2", "DIVERGED", List.of("first difference at /status: \"pass\" then \"fail\""), List.of());
        p.add("results/run-a/attempt-1", "REPRODUCED", List.of("SIGNATURE_UNCHECKED"), List.of("MISSING_FINAL_NEWLINE at 3"));
        p.add(HOSTILE, "TAMPERED", List.of("manifest digest </li><b>differs</b>"), List.of());
        p.add("results/run-a/attempt-2", "REPRODUCED", List.of("SIGNATURE_UNCHECKED"), List.of());
        p.add("lone", "UNVERIFIABLE", List.of("no work unit"), List.of());
        return p.render(new AuditHtml.Header("patchverdict 9.9 <x>", Instant.parse("2026-01-02T03:04:05.678Z"),
                List.of("results/", "<b>lone</b>"), null, false));
    }

    @Test
    void foldersAreCountedPerVerdictAndEachCountListsItsBundles() {
        Document d = page();
        List<String> folders = d.select("#folders tbody tr td:first-child").eachText();
        assertEquals(List.of(".", HOSTILE.substring(0, HOSTILE.lastIndexOf('/')), "results/run-a", "results/run-b"), folders);
        Element runA = d.select("#folders tbody tr").get(2);
        assertEquals(List.of("results/run-a", "2", "2", "0", "0", "0"), runA.select("> td").eachText().stream()
                .map(t -> t.replaceAll("\\s.*", "")).toList());
        // The REPRODUCED count of run-a lists both its bundles, each linked to an entry holding that bundle.
        Element ol = d.getElementById(runA.attr("id") + "-0");
        assertNotNull(ol);
        for (Element a : ol.select("a")) {
            Element body = d.getElementById(a.attr("href").substring(1));
            assertEquals("details", body.parent().tagName());
            assertEquals(a.text(), body.parent().selectFirst("summary .name").text());
        }
        assertEquals(2, ol.select("a").size());
        // Every bar of the chart links to a list on the page; the chart has a mark per non-zero count.
        assertEquals(4, d.select("#chart-folders rect").size());
        for (Element a : d.select("a[href]")) {
            assertNotNull(d.getElementById(a.attr("href").substring(1)), "dangling link " + a);
        }
    }

    @Test
    void eachDivergedBundleShowsItsFirstDifference() {
        Document d = page();
        List<String> diverged = d.select("#diverged li").eachText();
        assertEquals(List.of("results/run-b/attempt-2: first difference at /status: \"pass\" then \"fail\""), diverged);
        assertEquals(List.of("5 bundles", "2 REPRODUCED", "1 DIVERGED", "1 TAMPERED", "1 UNVERIFIABLE"), d.select("ul.totals li").eachText());
    }

    @Test
    void inputIsTextAndThePageRunsNothing() {
        Document d = page();
        assertTrue(d.select("script, iframe, img, link").isEmpty(), d.select("script").toString());
        // The only bold text is the page's own five totals: the inputs' <b> stayed text.
        assertEquals(5, d.select("b").size(), d.select("b").toString());
        for (Element e : d.getAllElements()) {
            for (Attribute a : e.attributes()) {
                assertFalse(a.getKey().startsWith("on"), e + " has " + a);
                assertTrue(!a.getKey().equals("href") || a.getValue().startsWith("#"), a.toString());
            }
        }
        // The bidi override is shown as its escape, never as the character.
        assertFalse(d.html().contains("\u202E"));
        assertTrue(d.select("#bundles summary .name").eachText().contains(HOSTILE.replace("\u202E", "\\u{202E}")),
                d.select("#bundles summary .name").eachText().toString());
        assertTrue(d.text().contains("manifest digest </li><b>differs</b>"));
        assertTrue(d.selectFirst("meta[http-equiv=Content-Security-Policy]").attr("content").contains("script-src 'none'"));
        assertEquals("unchecked (no --key)", d.select("dl.meta dd").get(2).text());
    }

    @Test
    void anUnknownVerdictIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new AuditHtml().add("b", "PASSED", List.of(), List.of()));
    }
}
