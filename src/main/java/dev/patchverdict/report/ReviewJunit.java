// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * JUnit XML: one test case per patch (a failure when it does not pass, an error when it has no verdict).
 * The suite's counts head the file but are known only at the end, so the cases are spooled to a
 * temporary file and copied after the header: memory stays flat.
 */
public final class ReviewJunit implements ReviewSink {
    private final PrintStream out;
    private Path spool;
    private BufferedWriter cases;
    private long tests;
    private long failures;
    private long errors;
    private long micros;

    public ReviewJunit(PrintStream out) {
        this.out = out;
    }

    @Override
    public void begin() throws IOException {
        spool = Files.createTempFile("patchverdict-junit", ".xml");
        cases = Files.newBufferedWriter(spool, StandardCharsets.UTF_8);
    }

    @Override
    public void accept(ReviewEntry e) throws IOException {
        tests++;
        micros += e.micros();
        StringBuilder sb = new StringBuilder("    <testcase classname=\"").append(attr(e.model() == null ? e.source() : e.model()))
                .append("\" name=\"").append(attr(e.name())).append("\" time=\"").append(seconds(e.micros())).append('"');
        if (e.passed()) {
            sb.append("/>\n");
        } else {
            String tag = e.undecided() ? "error" : "failure";
            if (e.undecided()) {
                errors++;
            } else {
                failures++;
            }
            StringBuilder body = new StringBuilder();
            CodeScanning.findings(e).forEach(l -> body.append(l.ruleId()).append(' ').append(l.message()).append('\n'));
            String first = !e.rejecting().isEmpty() ? e.rejecting().get(0).code()
                    : e.hacked() ? e.tricks().stream().filter(f -> f.level().equals("error")).findFirst()
                            .orElseThrow().code()
                    : e.status().wire();
            sb.append(">\n      <").append(tag).append(" message=\"").append(attr(e.status().wire() + ": " + first))
                    .append("\" type=\"").append(attr(first)).append("\">").append(text(body.toString())).append("</")
                    .append(tag).append(">\n    </testcase>\n");
        }
        cases.write(sb.toString());
    }

    @Override
    public void end(ReviewSummary summary) throws IOException {
        cases.close();
        cases = null;
        try {
            out.print("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  <testsuite name=\"patchverdict review\" tests=\""
                    + tests + "\" failures=\"" + failures + "\" errors=\"" + errors + "\" skipped=\"0\" time=\"" + seconds(micros)
                    + "\">\n");
            out.flush();
            Files.copy(spool, out);
            out.print("  </testsuite>\n</testsuites>\n");
            out.flush();
        } finally {
            close();
        }
    }

    /** The spool is deleted however the review ends. */
    @Override
    public void close() throws IOException {
        if (cases != null) {
            cases.close();
            cases = null;
        }
        if (spool != null) {
            Files.deleteIfExists(spool);
            spool = null;
        }
    }

    private static String seconds(long micros) {
        return String.format(java.util.Locale.ROOT, "%.3f", micros / 1e6);
    }

    static String attr(String s) {
        return text(s).replace("\"", "&quot;").replace("\n", "&#10;");
    }

    /** XML text: markup characters escaped, and characters XML 1.0 cannot hold replaced by U+FFFD. */
    static String text(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        s.codePoints().forEach(c -> {
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                default -> {
                    boolean ok = c == 0x9 || c == 0xA || c == 0xD || c >= 0x20 && c <= 0xD7FF || c >= 0xE000 && c <= 0xFFFD
                            || c >= 0x10000 && c <= 0x10FFFF;
                    sb.appendCodePoint(ok ? c : 0xFFFD);
                }
            }
        });
        return sb.toString();
    }

}
