// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.attest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.digest.Digests;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Optional;

/** A small result, patch and work unit to sign, and keys made from a seeded source of randomness. */
final class Fixtures {
    static final ObjectMapper JSON = new ObjectMapper();
    static final byte[] PATCH = ("--- a/README.md\n+++ b/README.md\n@@ -1 +1 @@\n-old\n+new\n").getBytes(StandardCharsets.UTF_8);
    static final Statements.Attestor BY = new Statements.Attestor("https://patchverdict.dev/verifier", "test",
            Instant.parse("2026-12-01T10:00:00.123456Z"), Optional.empty());

    private Fixtures() {}

    static JsonNode workUnit() {
        ObjectNode w = JSON.createObjectNode().put("id", "demo/task").put("version", 1);
        w.putArray("acceptance").add("README says new");
        return w;
    }

    static ObjectNode result() {
        ObjectNode r = JSON.createObjectNode();
        r.put("schema_version", "0.1").put("id", "demo/task/result").put("work_unit_id", "demo/task").put("status", "passed")
                .put("result_manifest_id", "demo/task/attempt-1");
        r.putObject("verifier").put("id", "local").put("type", "system");
        ObjectNode e = r.putArray("evidence").addObject();
        e.put("id", "candidate-patch-hash").put("type", "artifact_hash").put("locator", "changes.patch")
                .put("digest", Digests.bytes(PATCH).toString());
        ObjectNode p = r.putObject("provenance");
        p.put("work_unit_digest", Digests.canonical(workUnit()).toString());
        p.put("result_manifest_digest", Digests.bytes(new byte[] {1}).toString());
        p.put("verifier_config_digest", Digests.bytes(new byte[] {2}).toString());
        r.putObject("extensions").put("org.patchverdict.evaluator_plan.id", "demo/plan");
        r.putObject("metrics").put("ratio", 0.1).put("count", 3);
        return r;
    }

    static SigningKey key(KeyAlgorithm a, long seed) {
        SecureRandom r;
        try {
            r = SecureRandom.getInstance("SHA1PRNG");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        r.setSeed(seed);
        return SigningKey.generate(a, r);
    }

    static JsonNode read(byte[] json) throws IOException {
        return JSON.readTree(json);
    }
}
