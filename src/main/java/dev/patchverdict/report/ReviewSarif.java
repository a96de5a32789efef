// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.codec.digest.DigestUtils;

/**
 * SARIF 2.1.0 for {@code review} and {@code diff check}: one run, one rule per diagnostic code (with
 * description and help), one result per finding located in the patch file (or in the predictions file at
 * the prediction's line, with its JSON pointer and the patch line as properties). Written as entries
 * arrive; past GitHub's limits (25,000 results per run, 10 MB per file) results are counted, not written,
 * and one closing result says how many were cut.
 */
public final class ReviewSarif implements ReviewSink {
    public static final int GITHUB_MAX_RESULTS = 25_000;
    public static final long GITHUB_MAX_BYTES = 10_000_000L;
    public static final String RESULTS_CUT = "RESULTS_CUT";
    /** Room kept for the closing result, invocation and summary. */
    private static final long TAIL_RESERVE = 64 * 1024;

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private final PrintStream out;
    private final String version;
    private final List<RuleInfo> rules;
    private final Map<String, Integer> ruleIndex = new HashMap<>();
    private final int maxResults;
    private final long maxBytes;
    private final Set<String> fingerprints = new HashSet<>();
    private long bytes;
    private long written;
    private long cut;

    public ReviewSarif(PrintStream out, String version, List<RuleInfo> rules) {
        this(out, version, rules, GITHUB_MAX_RESULTS, GITHUB_MAX_BYTES);
    }

    /** With other limits, for tests of the cut. */
    public ReviewSarif(PrintStream out, String version, List<RuleInfo> rules, int maxResults, long maxBytes) {
        this.out = out;
        this.version = version;
        this.rules = List.copyOf(rules);
        this.maxResults = maxResults;
        this.maxBytes = maxBytes;
    }

    private void emit(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.write(b, 0, b.length);
        bytes += b.length;
    }

    @Override
    public void begin() {
        ObjectNode driver = F.objectNode();
        driver.put("name", "patchverdict");
        driver.put("version", version);
        ArrayNode ra = driver.putArray("rules");
        for (RuleInfo r : rules) {
            ruleIndex.put(r.id(), ruleIndex.size());
            ra.add(rule(r));
        }
        ruleIndex.put(RESULTS_CUT, ruleIndex.size());
        ra.add(rule(new RuleInfo(RESULTS_CUT, "ResultsCut", "Results left out to stay within GitHub's limits.",
                "GitHub code scanning takes at most 25,000 results per run and 10 MB per file; the results beyond were"
                        + " left out. The jsonl format lists every finding.", "note")));
        ObjectNode tool = F.objectNode();
        tool.set("driver", driver);
        emit("{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\",\"runs\":[{\"tool\":"
                + ReviewRenderers.write(tool) + ",\"results\":[");
    }

    private static ObjectNode rule(RuleInfo r) {
        ObjectNode o = F.objectNode();
        o.put("id", r.id());
        o.put("name", r.name());
        o.putObject("shortDescription").put("text", r.description());
        o.putObject("fullDescription").put("text", r.help());
        o.putObject("help").put("text", r.help()).put("markdown", r.help());
        o.putObject("defaultConfiguration").put("level", r.level());
        return o;
    }

    @Override
    public void accept(ReviewEntry e) {
        for (CodeScanning.Located l : CodeScanning.findings(e)) {
            ObjectNode r = result(l, e);
            String text = ReviewRenderers.write(r);
            long size = text.length() + 1L;
            if (written + 1 >= maxResults || bytes + size > maxBytes - TAIL_RESERVE) {
                cut++;
                continue;
            }
            emit(written == 0 ? text : "," + text);
            written++;
        }
        out.flush();
    }

    private ObjectNode result(CodeScanning.Located l, ReviewEntry e) {
        ObjectNode r = F.objectNode();
        r.put("ruleId", l.ruleId());
        Integer idx = ruleIndex.get(l.ruleId());
        if (idx != null) {
            r.put("ruleIndex", idx);
        }
        r.put("level", l.level());
        r.putObject("message").put("text", l.message());
        ObjectNode phys = r.putArray("locations").addObject().putObject("physicalLocation");
        phys.putObject("artifactLocation").put("uri", uri(l.path()));
        if (l.line() > 0) {
            phys.putObject("region").put("startLine", l.line());
        }
        // Stable across runs: what the finding is about, never when or in which order it was found.
        String identity = l.ruleId() + "\u0000" + (e.sha256() != null ? e.sha256() : e.source() + "#" + e.pointer())
                + "\u0000" + e.name() + "\u0000" + l.patchLine() + "\u0000" + l.message();
        String fp = sha256(identity);
        for (int n = 1; !fingerprints.add(fp); n++) {
            fp = sha256(identity + "\u0000" + n);
        }
        r.putObject("partialFingerprints").put("patchverdict/v1", fp);
        ObjectNode props = r.putObject("properties");
        props.put("patch", e.name());
        if (e.pointer() != null) {
            props.put("jsonPointer", e.pointer());
        }
        if (l.patchLine() > 0) {
            props.put("patchLine", l.patchLine());
        }
        if (e.sha256() != null) {
            props.put("patchSha256", "sha256:" + e.sha256());
        }
        return r;
    }

    @Override
    public void end(ReviewSummary summary) {
        if (cut > 0) {
            ObjectNode r = F.objectNode();
            r.put("ruleId", RESULTS_CUT);
            r.put("ruleIndex", ruleIndex.get(RESULTS_CUT));
            r.put("level", "note");
            r.putObject("message").put("text", cut + " results were left out: GitHub code scanning takes at most "
                    + maxResults + " results per run and " + maxBytes + " bytes per file. The jsonl format lists every finding.");
            r.putObject("properties").put("resultsCut", cut).put("resultsWritten", written);
            emit((written == 0 ? "" : ",") + ReviewRenderers.write(r));
        }
        ObjectNode tail = F.objectNode();
        tail.putArray("invocations").addObject().put("executionSuccessful", true);
        ObjectNode props = tail.putObject("properties");
        props.set("summary", summary.json());
        String t = ReviewRenderers.write(tail);
        emit("]," + t.substring(1) + "]}\n");
        out.flush();
    }

    public long cut() {
        return cut;
    }

    /** A relative path as a URI reference (spaces and the like percent-encoded); an absolute one as a file: URI. */
    static String uri(String path) {
        String p = path.replace('\\', '/');
        try {
            if (p.startsWith("/")) {
                return new URI("file", "", p, null).toASCIIString();
            }
            return new URI(null, null, p, null).toASCIIString();
        } catch (URISyntaxException e) {
            return p;
        }
    }

    private static String sha256(String s) {
        return DigestUtils.sha256Hex(s.getBytes(StandardCharsets.UTF_8));
    }
}
