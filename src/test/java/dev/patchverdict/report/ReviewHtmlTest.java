// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.digest.Digests;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Attribute;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The review page parsed as a browser would: what it holds, where its links go, and that input stays text. */
class ReviewHtmlTest {
    static final Path DIR = ReviewPages.FIXTURES.resolve("review-html");
    static final String HOSTILE = "hostile-names.jsonl";
    private static String page;
    private static Document doc;

    /** The entry of the patch at this place: the link target is its body, inside the collapsed part. */
    static Element patch(Document d, int i) {
        Element body = d.getElementById("p-" + i);
        assertEquals("details", body.parent().tagName());
        return body.parent();
    }

    /** The list a link leads to: the target is the list itself, inside the collapsed part. */
    static Element list(Document d, Element link) {
        Element ol = d.getElementById(link.attr("href").substring(1));
        assertTrue(ol.tagName().equals("ol") && ol.parent().hasClass("list"), link.toString());
        return ol;
    }

    @BeforeAll
    static void render() throws IOException {
        page = ReviewPages.render(DIR, List.of(HOSTILE));
        doc = Jsoup.parse(page);
    }

    @Test
    void thePageRunsNothingAndLoadsNothing() {
        assertTrue(doc.select("script, iframe, object, embed, img, link, base, form, meta[http-equiv=refresh]").isEmpty(),
                doc.select("script, iframe, object, embed, img, link, base, form").toString());
        for (Element e : doc.getAllElements()) {
            for (Attribute a : e.attributes()) {
                assertFalse(a.getKey().toLowerCase().startsWith("on"), e.tagName() + " has " + a);
                assertFalse(a.getKey().equals("src") || a.getKey().equals("srcset") || a.getKey().endsWith(":href"),
                        e.tagName() + " has " + a);
                if (a.getKey().equals("href")) {
                    assertTrue(a.getValue().startsWith("#"), "a link out of the page: " + a);
                }
                if (a.getKey().equals("style")) {
                    throw new AssertionError("inline style attribute on " + e.tagName());
                }
            }
        }
        Element csp = doc.selectFirst("meta[http-equiv=Content-Security-Policy]");
        assertNotNull(csp);
        assertEquals(HtmlStyle.POLICY, csp.attr("content"));
        assertTrue(csp.attr("content").contains("default-src 'none'") && csp.attr("content").contains("script-src 'none'"));
        // The policy is the first thing in the head after the character set, before anything it governs.
        assertEquals(List.of("meta", "meta"), doc.head().children().subList(0, 2).stream().map(Element::tagName).toList());
        assertTrue(doc.select("style").stream().allMatch(s -> !s.data().contains("@import") && !s.data().contains("url(")));
    }

    @Test
    void hostileNamesAndPathsAreTextEverywhere() {
        Element first = patch(doc, 0);
        assertEquals("<script>alert(\"id\")</script>", first.selectFirst("summary .name").text());
        assertEquals("agent <b>bold</b> & \"quoted\"", first.selectFirst("summary .model").text());
        assertEquals("tests/test_<svg onload=alert(1)>.py", first.selectFirst("ul.files code").text());
        assertTrue(doc.select("svg svg, b, svg[onload]").isEmpty());
        // Bidi overrides, NUL, ESC, the line separator and a noncharacter are shown as their escapes, never as themselves.
        assertEquals("invoice\\u{202E}gpj.exe", patch(doc, 1).selectFirst("summary .name").text());
        assertEquals("m\\x00\\x1b[31mred", patch(doc, 1).selectFirst("summary .model").text());
        assertEquals("line\\u{2028}sep", patch(doc, 2).selectFirst("summary .name").text());
        assertEquals("\\u{FFFE} noncharacter", patch(doc, 5).selectFirst("summary .name").text());
        assertEquals("&amp; already escaped", patch(doc, 6).selectFirst("summary .name").text());
        for (int cp : new int[] {0x202e, 0x0000, 0x001b, 0x2028, 0xfffe}) {
            assertEquals(-1, page.indexOf(cp), "U+" + Integer.toHexString(cp) + " is in the page as itself");
        }
        // Each escape is marked as one, for the reader to tell it from text.
        assertTrue(patch(doc, 1).select("summary .name span.esc").text().contains("\\u{202E}"));
    }

    @Test
    void chartsHoldOnlySvgElementsSoAnEscapeCannotEndTheChart() {
        // An HTML element inside SVG ends the SVG where it stands in a browser: escapes in labels must be tspans.
        Set<String> svg = Set.of("svg", "a", "g", "rect", "text", "tspan", "title");
        for (Element chart : doc.select("svg")) {
            for (Element e : chart.getAllElements()) {
                assertTrue(svg.contains(e.tagName()), e.tagName() + " inside a chart: " + e);
            }
        }
        Element label = doc.select("svg text.label").stream().filter(t -> t.text().contains("31mred")).findFirst().orElseThrow();
        assertEquals(List.of("\\x00", "\\x1b"), label.select("tspan.esc").eachText());
        assertEquals("m\\x00\\x1b[31mred", label.selectFirst("title").text());
    }

    @Test
    void everyPatchHasOneEntryWithItsFacts() {
        Elements patches = doc.select("details.patch");
        assertEquals(7, patches.size());
        for (int i = 0; i < patches.size(); i++) {
            assertEquals(patches.get(i), patch(doc, i));
            assertFalse(patches.get(i).hasAttr("open"), "collapsed by default");
        }
        assertEquals(List.of("HACK", "REJECTED", "EMPTY", "INVALID", "INVALID", "HACK", "PASSED"),
                patches.stream().map(p -> p.selectFirst("summary .verdict").text()).toList());
        Element rejected = patch(doc, 1);
        assertEquals(List.of("CRLF_LINE_ENDING", "DIFF_GIT_NAME_MISMATCH", "CRLF_LINE_ENDING"),
                rejected.select("table.diagnostics tbody td:eq(1)").eachText());
        assertEquals("crlf → accepted", rejected.selectFirst("p.repair").text());
        assertTrue(rejected.selectFirst("dl.facts").text().contains("hostile-names.jsonl:2 /model_patch"));
        assertTrue(patch(doc, 3).selectFirst("p.error").text().contains("lone surrogate"));
    }

    @Test
    void trickHitsShowTheOffendingLinesAsADiffExcerpt() {
        Element hack = patch(doc, 0);
        Elements hits = hack.select("div.hit");
        assertEquals(List.of("test-file-changed", "assertion-removed", "assertion-trivial"),
                hits.stream().map(h -> h.selectFirst("p code").text()).toList());
        Element trivial = hits.get(2);
        assertTrue(trivial.hasClass("h-hack"));
        Elements lines = trivial.select("pre.excerpt > span");
        assertEquals(List.of("6 def test_total():", "7-    assert total([1, 2]) == 3",
                "8+    assert True  # </pre><script>alert(1)</script>", "9 "),
                lines.stream().map(Element::wholeText).toList());
        assertEquals(List.of("ctx", "del", "add at", "ctx"), lines.stream().map(Element::className).toList());
        // A hit about the whole file section shows the section's first lines.
        assertEquals(4, hits.get(0).select("pre.excerpt > span").size());
    }

    @Test
    void everyLinkLeadsSomewhereAndEveryChartCellListsItsPatches() {
        for (Element a : doc.select("a[href]")) {
            assertNotNull(doc.getElementById(a.attr("href").substring(1)), "dangling link " + a);
        }
        Pattern count = Pattern.compile(": (\\d+) ");
        int cells = 0;
        for (Element a : doc.select("svg a")) {
            Element list = list(doc, a);
            for (Element rect : a.select("rect")) {
                Matcher m = count.matcher(rect.selectFirst("title").text());
                assertTrue(m.find(), rect.toString());
                assertEquals(Integer.parseInt(m.group(1)), list.select("li").size(), rect.selectFirst("title").text());
                cells++;
            }
            for (Element li : list.select("li a")) {
                assertTrue(doc.getElementById(li.attr("href").substring(1)).parent().hasClass("patch"));
            }
        }
        assertTrue(cells >= 10, "chart cells: " + cells);
        assertEquals(List.of("chart-verdicts", "chart-tricks", "chart-codes", "chart-repairs", "chart-sizes"),
                doc.select("figure.chart").eachAttr("id"));
        assertTrue(doc.select("figure.chart").stream().noneMatch(f -> f.hasClass("empty")));
    }

    @Test
    void tableRowsListTheirModelsPatches() {
        Element table = doc.selectFirst("table.models.sort-0-a");
        List<String> header = table.select("thead th").eachText();
        int patches = header.indexOf("patches");
        for (Element row : table.select("tbody tr")) {
            Element list = list(doc, row.selectFirst("th a"));
            assertEquals(Integer.parseInt(row.child(patches).text()), list.select("li").size(), row.text());
        }
        assertEquals(List.of("-", "agent <b>bold</b> & \"quoted\"", "agent-c", "m\\x00\\x1b[31mred"),
                table.select("tbody th a").eachText());
    }

    @Test
    void everyColumnSortsBothWaysWithoutAScript() {
        Elements radios = doc.select("input.sort[type=radio]");
        Elements tables = doc.select("table.models");
        assertEquals(radios.size(), tables.size());
        assertEquals(1, doc.select("input.sort[checked]").size());
        String css = doc.select("style").stream().map(Element::data).reduce("", String::concat);
        int columns = tables.first().select("thead th").size();
        assertEquals(2 * columns, tables.size());
        for (Element t : tables) {
            String cls = t.className().replace("models ", "");
            assertTrue(css.contains("#" + cls + ":checked ~ .tables ." + cls), cls);
            assertNotNull(doc.getElementById(cls), cls);
            Element sorted = t.selectFirst("th[aria-sort]");
            int c = sorted.elementSiblingIndex();
            boolean descending = sorted.attr("aria-sort").equals("descending");
            List<String> cellsOf = t.select("tbody tr").stream().map(r -> r.child(c).text()).toList();
            List<String> again = new ArrayList<>(cellsOf);
            java.util.Comparator<String> by = c == 0 ? java.util.Comparator.naturalOrder()
                    : java.util.Comparator.comparingDouble(s -> Double.parseDouble(s.replace("%", "")));
            again.sort(descending ? by.reversed() : by);
            assertEquals(again, cellsOf, cls);
            // Every header names a sort that exists.
            for (Element label : t.select("thead th label")) {
                assertNotNull(doc.getElementById(label.attr("for")), label.toString());
            }
        }
    }

    @Test
    void theHeaderNamesItsInputsWithTheirSha256AndTheInjectedTime() throws IOException {
        Element row = doc.selectFirst("table.inputs tbody tr");
        assertEquals(HOSTILE, row.child(0).text());
        assertEquals("predictions file", row.child(1).text());
        assertEquals("7", row.child(2).text());
        assertEquals("sha256:" + Digests.file(DIR.resolve(HOSTILE)).hex(), row.selectFirst("code.sha").text());
        assertEquals("2026-03-14T15:09:26Z", doc.selectFirst("header time").attr("datetime"));
        assertTrue(doc.selectFirst("dl.meta").text().contains(ReviewPages.VERSION));
    }

    /** What {@code sha256sum} prints for each patch file, relative names in order, digested. */
    private static String listing(Path dir, List<String> names) throws IOException {
        MessageDigest md = Digests.newSha256();
        for (String n : names) {
            md.update((Digests.file(dir.resolve(n)).hex() + "  " + n + "\n").getBytes(StandardCharsets.UTF_8));
        }
        return HexFormat.of().formatHex(md.digest());
    }

    @Test
    void aFoldersDigestIsItsListingsAndAPatchFilesIsItsOwn(@TempDir Path tmp) throws IOException {
        Path runs = Files.createDirectories(tmp.resolve("runs/model-a/sub"));
        String good = "diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-x = 1\n+x = 2\n";
        Files.writeString(runs.resolve("z.patch"), good);
        Files.writeString(runs.getParent().resolve("b.diff"), good.replace("2", "3"));
        Files.writeString(runs.getParent().resolve("a.patch"), "not a patch\n");
        Files.writeString(runs.getParent().resolve("notes.txt"), "ignored");
        Files.writeString(tmp.resolve("one.patch"), good);
        Document d = Jsoup.parse(ReviewPages.render(tmp, List.of("runs/model-a", "one.patch", "missing.jsonl")));
        Elements rows = d.select("table.inputs tbody tr");
        assertEquals(List.of("folder", "patch file", "unreadable"), rows.stream().map(r -> r.child(1).text()).toList());
        assertEquals("sha256:" + listing(runs.getParent(), List.of("a.patch", "b.diff", "sub/z.patch")),
                rows.get(0).selectFirst("code.sha").text());
        assertEquals("3", rows.get(0).child(2).text());
        assertEquals("sha256:" + Digests.file(tmp.resolve("one.patch")).hex(), rows.get(1).selectFirst("code.sha").text());
        assertEquals(null, rows.get(2).selectFirst("code.sha"));
    }

    @Test
    void aPredictionsFileReadOnlyInPartHasNoDigest(@TempDir Path tmp) throws IOException {
        // Reading stops where the array stops being JSON: what follows is never read, so no digest can name the file.
        Files.writeString(tmp.resolve("broken.json"), "[{\"instance_id\": \"a\", \"model_patch\": null}, {oops\n"
                + "more bytes than any reader takes ahead\n".repeat(100_000));
        Files.writeString(tmp.resolve("whole.json"), "[{\"instance_id\": \"a\", \"model_patch\": null}]\n");
        Document d = Jsoup.parse(ReviewPages.render(tmp, List.of("broken.json", "whole.json")));
        Elements rows = d.select("table.inputs tbody tr");
        assertEquals(null, rows.get(0).selectFirst("code.sha"));
        assertTrue(rows.get(0).text().contains("not every byte was read"));
        assertEquals("sha256:" + Digests.file(tmp.resolve("whole.json")).hex(), rows.get(1).selectFirst("code.sha").text());
    }

    @Test
    void withoutDetectionOrRejectionsTheChartsSaySoInsteadOfDrawingNothing(@TempDir Path tmp) throws IOException {
        Files.writeString(tmp.resolve("one.patch"), "diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-x\n+y\n");
        Document d = Jsoup.parse(ReviewPages.render(tmp, List.of("one.patch"), null));
        assertEquals(Set.of("chart-tricks", "chart-codes", "chart-repairs"),
                new TreeSet<>(d.select("figure.chart.empty").eachAttr("id")));
        assertTrue(d.getElementById("chart-tricks").text().contains("--detect"));
        assertEquals("off (no --detect)", d.select("dl.meta dd").get(3).text());
    }

    @Test
    void entriesOutOfOrderAreRefusedRatherThanMislinked() throws IOException {
        ReviewHtml sink = new ReviewHtml(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new ReviewHtml.Header("v", ReviewPages.TIME, "strict", null, null), i -> null, List::of, Map.of());
        sink.begin();
        try {
            ReviewEntry e = new ReviewEntry(3, "x", null, "x", null, 0, ReviewEntry.Status.EMPTY, null, 0, List.of(), 0, 0,
                    List.of(), null, null, 0, "empty");
            assertThrows(IllegalArgumentException.class, () -> sink.accept(e));
        } finally {
            sink.close();
        }
    }
}
