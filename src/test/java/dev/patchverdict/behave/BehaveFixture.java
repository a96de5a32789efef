// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.behave.sandbox.TestSandbox;
import dev.patchverdict.digest.Digest;
import dev.patchverdict.digest.Digests;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A small world for behavioural runs, built for real: a Git repository at a base commit, a
 * candidate patch made by git itself, and a WorkUnit, ResultManifest, metadata-only EvaluatorPlan,
 * passing static VerificationResult and BehaviouralPlan all bound to each other by digest.
 */
public final class BehaveFixture {
    public static final ObjectMapper JSON = new ObjectMapper();
    public static final String WORKER = "agent-7";
    public static final String STATIC_VERIFIER = "idkmesh-local-verifier";

    public final Path dir;
    public final Path repo;
    public final Path candidateRoot;
    public final Path records;
    public final String commit;
    public String patchText;
    public ObjectNode workUnit;
    public ObjectNode manifest;
    public ObjectNode staticPlan;
    public ObjectNode staticResult;
    public ObjectNode plan;

    private BehaveFixture(Path dir, Path repo, String commit) throws IOException {
        this.dir = dev.patchverdict.behave.sandbox.TestSandbox.passable(dir);
        this.repo = repo;
        this.commit = commit;
        this.candidateRoot = Files.createDirectories(dir.resolve("candidate"));
        this.records = Files.createDirectories(dir.resolve("records"));
    }

    /** A repository holding {@code files} in one commit. */
    public static BehaveFixture create(Path dir, Map<String, String> files) throws IOException {
        return create(dir, files, Map.of(), java.util.Set.of());
    }

    /** Also symbolic links (path to target) and files committed executable. */
    public static BehaveFixture create(Path dir, Map<String, String> files, Map<String, String> symlinks,
            java.util.Set<String> executables) throws IOException {
        Path repo = Files.createDirectories(dir.resolve("repo"));
        git(repo, "init", "-q", "-b", "main");
        for (Map.Entry<String, String> f : files.entrySet()) {
            Path p = repo.resolve(f.getKey());
            Files.createDirectories(p.getParent());
            Files.writeString(p, f.getValue());
            if (executables.contains(f.getKey())) {
                Files.setPosixFilePermissions(p, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }
        for (Map.Entry<String, String> l : symlinks.entrySet()) {
            Files.createSymbolicLink(repo.resolve(l.getKey()), Path.of(l.getValue()));
        }
        git(repo, "add", "-A");
        git(repo, "-c", "user.name=fixture", "-c", "user.email=fixture@example.invalid", "commit", "-q", "-m", "base");
        return new BehaveFixture(dir, repo, git(repo, "rev-parse", "HEAD").strip());
    }

    /** Makes the candidate: git's own diff of the base against these new file contents. */
    public BehaveFixture candidate(Map<String, String> changed) throws IOException {
        for (Map.Entry<String, String> f : changed.entrySet()) {
            Files.writeString(repo.resolve(f.getKey()), f.getValue());
        }
        patchText = git(repo, "diff", "--no-color", "--no-ext-diff");
        git(repo, "checkout", "-q", "--", ".");
        return withPatchText(patchText);
    }

    /**
     * A section of git's own shape adding {@code path} with {@code content} (which ends with a newline), written
     * by hand: git would read the file through the attributes the section may itself add.
     */
    public static String newFile(String path, String content) {
        long lines = content.chars().filter(c -> c == '\n').count();
        StringBuilder b = new StringBuilder("diff --git a/" + path + " b/" + path + "\nnew file mode 100644\n"
                + "--- /dev/null\n+++ b/" + path + "\n@@ -0,0 +1" + (lines == 1 ? "" : "," + lines) + " @@\n");
        for (String line : content.substring(0, content.length() - 1).split("\n", -1)) {
            b.append('+').append(line).append('\n');
        }
        return b.toString();
    }

    public BehaveFixture withPatchText(String text) throws IOException {
        patchText = text;
        Files.writeString(candidateRoot.resolve("changes.patch"), text);
        return this;
    }

    /** Every record, consistent with the repository and the candidate, and a plan with these checks. */
    public BehaveFixture records(ArrayNode checks) throws IOException {
        workUnit = (ObjectNode) parse("""
                {"schema_version":"0.2","id":"wu-calc-fix","version":1,"kind":"coding",
                 "objective":"Fix add() so that it adds.","inputs":[],
                 "outputs":[{"id":"patch","type":"patch","description":"the fix"}],"dependencies":[],
                 "requirements":{"capabilities":[],"resources":{"cpu_cores_min":1,"memory_mb_min":256,"gpu":"none"}},
                 "constraints":{"allowed_paths":["calc.py"],"forbidden_paths":[],"policies":[]},"uncertainty":[],
                 "security":{"risk_class":"low","data_classification":"public","minimum_worker_trust":"untrusted",
                             "sandbox_required":true},
                 "permissions":{"network":"none","filesystem_write":[],"secrets":[],"process_execution":false},
                 "verification_policy":{"strategy":"all_required","independent_from_worker":true,
                                        "minimum_independent_verifiers":1},
                 "validators":[{"id":"behave","type":"test","required":true}],
                 "evidence_requirements":[{"type":"test_output","required":true}],
                 "budget":{"project_spend_usd_max":0,"paid_fallback_allowed":false},
                 "provenance":{"created_by":"maintainer","creator_type":"human","source":"tests"},
                 "failure_semantics":{"retryable":false,"max_attempts":1,"on_failure":"stop"}}""");
        ((ObjectNode) workUnit.get("provenance")).put("source_revision", commit);
        Digest wuDigest = Digests.canonical(workUnit);
        manifest = (ObjectNode) parse("""
                {"schema_version":"0.1","id":"rm-calc-1","work_unit_id":"wu-calc-fix","work_unit_version":1,
                 "attempt":1,"worker":{"id":"agent-7","type":"agent","adapter":"cli"},"status":"succeeded",
                 "started_at":"2026-01-01T00:00:00Z","finished_at":"2026-01-01T00:01:00Z",
                 "produced_artifacts":[{"id":"patch","type":"patch","locator":"changes.patch","digest":"PATCH"}],
                 "logs":[],"metrics":{},"resources":{"wall_seconds":60},
                 "self_report":{"summary":"fixed add","claims":["5 passed"]},
                 "provenance":{"work_unit_digest":"WU","source_revision":"REV","environment":{}},
                 "verification_request":{"expected_validator_ids":["behave"],"evidence_artifact_ids":["patch"]}}""");
        ((ObjectNode) manifest.get("produced_artifacts").get(0)).put("digest",
                Digests.file(candidateRoot.resolve("changes.patch")).toString());
        ((ObjectNode) manifest.get("provenance")).put("work_unit_digest", wuDigest.toString());
        ((ObjectNode) manifest.get("provenance")).put("source_revision", commit);
        staticPlan = (ObjectNode) parse("""
                {"schema_version":"0.4","id":"calc-fix.static","visibility":"public",
                 "execution_mode":"metadata_only",
                 "verifier":{"id":"idkmesh-local-verifier","type":"system","adapter":"deterministic-patch-verifier",
                             "adapter_version":"0.3.0"},
                 "required_validator_ids":["behave"],"candidate_artifact_id":"patch",
                 "backend":{"type":"unified_diff","max_candidate_bytes":65536,"max_log_bytes":65536,
                            "required_log_types":["stdout"],"required_added_substrings":["return"],
                            "required_removed_substrings":["return"],"require_nonempty_patch":true,
                            "verify_log_digests":true},
                 "policy":{"require_plan_outside_candidate_root":true,"require_output_outside_candidate_root":true,
                           "require_verifier_distinct_from_worker":true}}""");
        staticPlan.set("binding", binding(wuDigest, false));
        staticResult = staticResultFor(manifest, "passed");
        plan = (ObjectNode) parse("""
                {"schema_version":"0.1","kind":"behavioural_plan","execution_mode":"sandboxed_behavioural",
                 "id":"calc-fix.behave",
                 "runner":{"id":"patchverdict-behavioural-runner","adapter":"sandboxed-behavioural-runner",
                           "adapter_version":"0.1.0"},
                 "sandbox":{"wall_seconds":20,"cpu_seconds":10,"memory_mb":512,"output_bytes":65536,
                            "file_size_bytes":1048576}}""");
        ObjectNode b = binding(wuDigest, true);
        plan.set("binding", b);
        plan.set("checks", checks);
        return this;
    }

    private ObjectNode binding(Digest wuDigest, boolean behavioural) {
        ObjectNode b = JSON.createObjectNode();
        b.put("work_unit_id", "wu-calc-fix");
        b.put("work_unit_version", 1);
        b.put("work_unit_digest", wuDigest.toString());
        b.put("source_revision", commit);
        if (behavioural) {
            b.put("static_plan_digest", Digests.canonical(staticPlan).toString());
        }
        return b;
    }

    public ObjectNode staticResultFor(ObjectNode rm, String status) {
        ObjectNode r = (ObjectNode) parse("""
                {"schema_version":"0.1","id":"static-calc-1","result_manifest_id":"rm-calc-1",
                 "work_unit_id":"wu-calc-fix","work_unit_version":1,"attempt":1,
                 "verifier":{"id":"idkmesh-local-verifier","type":"system","adapter":"deterministic-patch-verifier",
                             "adapter_version":"0.3.0"},
                 "independence":{"independent_from_worker":true,"worker_id_observed":"agent-7",
                                 "shared_model_family":false,"shared_runtime":false},
                 "status":"passed","started_at":"2026-01-01T00:02:00Z","finished_at":"2026-01-01T00:02:01Z",
                 "checks":[{"id":"metadata","type":"policy","required":true,"status":"passed",
                            "summary":"metadata-only checks passed","evidence_ids":[]}],
                 "evidence":[],"findings":[],"metrics":{},"resources":{"wall_seconds":0.5},
                 "provenance":{"result_manifest_digest":"RM","work_unit_digest":"WU","source_revision":"REV",
                               "verifier_config_digest":"PLAN","environment":{}},
                 "decision_support":{"recommendation":"accept_candidate","confidence":1.0,
                                     "rationale":"metadata checks passed"}}""");
        r.put("status", status);
        ObjectNode p = (ObjectNode) r.get("provenance");
        p.put("result_manifest_digest", Digests.canonical(rm).toString());
        p.put("work_unit_digest", Digests.canonical(workUnit).toString());
        p.put("source_revision", commit);
        p.put("verifier_config_digest", Digests.canonical(staticPlan).toString());
        return r;
    }

    /** Writes every record (the plan last, so its binding reflects any edits) and returns the request. */
    public BehaveRequest write() throws IOException {
        writeJson(records.resolve("work-unit.json"), workUnit);
        writeJson(records.resolve("result-manifest.json"), manifest);
        writeJson(records.resolve("static-plan.json"), staticPlan);
        writeJson(records.resolve("static-result.json"), staticResult);
        writeJson(planFile(), plan);
        return new BehaveRequest(planFile(), records.resolve("work-unit.json"), records.resolve("result-manifest.json"),
                candidateRoot, records.resolve("static-result.json"), repo, Optional.empty(),
                Optional.of(records.resolve("behave-result.json")));
    }

    public Path planFile() {
        return records.resolve("behave-plan.json");
    }

    /** Writes the records and commits the plan, as an operator would before a run. */
    public BehaveRequest writeAndCommit() throws IOException, BehaveException {
        BehaveRequest r = write();
        Behave.commit(planFile(), Optional.empty(), Clock.systemUTC(), "test");
        return r;
    }

    public Behave.Outcome run() throws Exception {
        return Behave.run(writeAndCommit(), settings());
    }

    public Behave.Settings settings() {
        return Behave.Settings.of(Clock.systemUTC(), TestSandbox.hostEnv(), "test", dir.resolve("tmp"));
    }

    public static void writeJson(Path file, JsonNode node) throws IOException {
        Files.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(node) + "\n");
    }

    public static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    // ---- checks ----

    public static ArrayNode checks(ObjectNode... checks) {
        ArrayNode a = JSON.createArrayNode();
        for (ObjectNode c : checks) {
            a.add(c);
        }
        return a;
    }

    public static ObjectNode check(String id, String kind, String... argv) {
        ObjectNode c = JSON.createObjectNode();
        c.put("id", id);
        c.put("kind", kind);
        ArrayNode a = c.putArray("argv");
        for (String s : argv) {
            a.add(s);
        }
        c.putObject("env").put("PATH", "/usr/bin:/bin");
        return c;
    }

    /** A check running a Python program in the tree. */
    public static ObjectNode python(String id, String kind, String program) {
        return check(id, kind, "python3", "-c", program);
    }

    // ---- relations (BehaviouralPlan v0.2) ----

    /** A relation between two Python programs run in the tree. */
    public static ObjectNode relation(String id, String operator, String options, String source, String followup) {
        ObjectNode r = JSON.createObjectNode();
        r.put("id", id);
        for (String[] side : new String[][] {{"source", source}, {"followup", followup}}) {
            ObjectNode c = r.putObject(side[0]);
            c.putArray("argv").add("python3").add("-c").add(side[1]);
            c.putObject("env").put("PATH", "/usr/bin:/bin");
        }
        ObjectNode op = r.putObject("relation");
        op.put("operator", operator);
        if (options != null) {
            op.set("options", parse(options));
        }
        return r;
    }

    /** Makes the plan a v0.2 plan with these relations. */
    public BehaveFixture relations(ObjectNode... relations) {
        plan.put("schema_version", "0.2");
        ArrayNode a = plan.putArray("relations");
        for (ObjectNode r : relations) {
            a.add(r);
        }
        return this;
    }

    // ---- git ----

    public static String git(Path cwd, String... args) throws IOException {
        dev.patchverdict.TestGroups.require(dev.patchverdict.TestGroups.GIT);
        List<String> cmd = new ArrayList<>();
        cmd.add("git");
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectErrorStream(true);
        pb.environment().put("GIT_CONFIG_NOSYSTEM", "1");
        pb.environment().put("GIT_CONFIG_GLOBAL", "/dev/null");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("git " + args[0] + " timed out");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        assertEquals(0, p.exitValue(), () -> "git " + String.join(" ", args) + ": " + out);
        return out;
    }

    // ---- the small project the tests fix ----

    /** calc.py with a defect: add() subtracts. */
    public static final String CALC_BUGGY = """
            def add(a, b):
                return a - b


            def mul(a, b):
                return a * b
            """;

    public static final String CALC_FIXED = """
            def add(a, b):
                return a + b


            def mul(a, b):
                return a * b
            """;

    public static Map<String, String> calcRepo() {
        return Map.of("calc.py", CALC_BUGGY);
    }
}
