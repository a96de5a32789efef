// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.verify.upstream.PyJson;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/** Test helpers: a fixed environment, and results compared as SPEC decision 6 allows. */
final class UpstreamResults {
    static final Verifier.Environment FIXED = new Verifier.Environment(
            Clock.fixed(Instant.parse("2026-12-01T00:00:00Z"), ZoneOffset.UTC), "Test-1.0-x86_64", "0.0.0-test", "Java test");

    private UpstreamResults() {}

    /**
     * The result without the fields decision 6 lets differ: times, wall seconds, the machine
     * (platform, python) and extensions outside the {@code org.idkmesh.} namespace. Tool versions
     * stay: they are the versions whose meaning ran.
     */
    static String comparable(JsonNode result) {
        ObjectNode r = result.deepCopy();
        r.remove("started_at");
        r.remove("finished_at");
        ((ObjectNode) r.get("resources")).remove("wall_seconds");
        ObjectNode env = (ObjectNode) r.path("provenance").path("environment");
        env.remove("platform");
        env.remove("python");
        ObjectNode ext = (ObjectNode) r.get("extensions");
        if (ext != null) {
            List<String> ours = new ArrayList<>();
            ext.fieldNames().forEachRemaining(k -> {
                if (!k.startsWith("org.idkmesh.")) {
                    ours.add(k);
                }
            });
            ext.remove(ours);
        }
        return PyJson.dumpsIndented(r);
    }
}
