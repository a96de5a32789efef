// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify.upstream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.digest.Digests;
import dev.patchverdict.verify.VerificationException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Worker-log coverage and integrity (SPEC part 1 §A9.3): every manifest log is checked, required
 * types must appear exactly once, and each log's bytes must match its declared digest within the
 * size limit. A missing digest or file is a rejection; an unsafe locator aborts (exit 2).
 */
public final class LogIntegrity {
    private LogIntegrity() {}

    public record Outcome(boolean ok, ObjectNode payload) {}

    public static Outcome check(Inputs in, ObjectNode backend) throws VerificationException, IOException {
        List<String> required = Nodes.stringList(backend.path("required_log_types"));
        long maxLogBytes = backend.path("max_log_bytes").longValue();
        Map<String, Integer> counts = new LinkedHashMap<>();
        required.forEach(t -> counts.put(t, 0));
        Set<String> seen = new HashSet<>();
        ArrayNode observations = Nodes.F.arrayNode();
        boolean ok = true;
        int index = 0;
        for (JsonNode log : in.manifest().path("logs")) {
            index++;
            String type = log.path("type").asText();
            // counted before the duplicate test: a repeated locator still counts (SPEC part 1 C12)
            counts.computeIfPresent(type, (k, v) -> v + 1);
            String locator = log.path("locator").asText();
            JsonNode declared = log.get("digest");
            ObjectNode obs = Nodes.object();
            obs.put("index", index);
            obs.put("type", type);
            obs.put("locator", locator);
            boolean hasDigest = declared != null && !declared.isNull() && !declared.asText().isEmpty();
            if (hasDigest) {
                obs.set("declared_digest", declared.deepCopy());
            } else {
                obs.putNull("declared_digest");
            }
            if (!seen.add(locator)) {
                obs.put("error", "duplicate log locator");
                obs.put("matches", false);
                ok = false;
                observations.add(obs);
                continue;
            }
            if (!hasDigest) {
                obs.put("error", "log digest is required by evaluator policy");
                obs.put("matches", false);
                ok = false;
                observations.add(obs);
                continue;
            }
            Path file = Candidate.below(in.candidateRoot(), locator);
            if (!Candidate.isRegularFile(file)) {
                obs.put("error", "log is missing or not a regular file");
                obs.put("matches", false);
                ok = false;
                observations.add(obs);
                continue;
            }
            // hashed and counted as it streams: a log is never held, so one of any size is only a log over its limit
            Digests.Measured read = Digests.measure(file);
            long length = read.bytes();
            String observed = read.digest().toString();
            boolean within = length <= maxLogBytes;
            boolean matches = observed.equals(declared.asText()) && within;
            obs.put("observed_digest", observed);
            obs.put("bytes", length);
            obs.put("within_limit", within);
            obs.put("matches", matches);
            ok &= matches;
            observations.add(obs);
        }
        List<String> coverage = new ArrayList<>();
        for (String t : required) {
            int n = counts.get(t);
            if (n == 0) {
                coverage.add("required log type missing: " + t);
            } else if (n > 1) {
                coverage.add("required log type must appear exactly once: " + t + " (observed " + n + ")");
            }
        }
        ok &= coverage.isEmpty();
        ObjectNode counted = Nodes.object();
        counts.forEach(counted::put);
        ObjectNode payload = Nodes.object();
        payload.set("required_log_types", Nodes.strings(required));
        payload.set("observed_type_counts", counted);
        payload.set("coverage_violations", Nodes.strings(coverage));
        payload.set("logs", observations);
        return new Outcome(ok, payload);
    }
}
