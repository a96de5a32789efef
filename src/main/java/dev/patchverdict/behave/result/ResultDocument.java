// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.behave.admission.Admitted;
import dev.patchverdict.behave.judge.CheckResult;
import dev.patchverdict.behave.judge.Comparison;
import dev.patchverdict.behave.judge.Evaluation;
import dev.patchverdict.behave.judge.LabelledComparison;
import dev.patchverdict.behave.judge.Level;
import dev.patchverdict.behave.judge.LevelResult;
import dev.patchverdict.behave.judge.Reason;
import dev.patchverdict.behave.judge.RelationResult;
import dev.patchverdict.behave.judge.RelationRun;
import dev.patchverdict.behave.judge.Verdict;
import dev.patchverdict.behave.judge.WitnessReading;
import dev.patchverdict.behave.mutation.AdequacyResult;
import dev.patchverdict.behave.mutation.MutantResult;
import dev.patchverdict.behave.plan.BehaviouralPlan;
import dev.patchverdict.behave.plan.CheckKind;
import dev.patchverdict.behave.sandbox.CapturedOutput;
import dev.patchverdict.behave.sandbox.Durations;
import dev.patchverdict.behave.sandbox.RunOutcome;
import dev.patchverdict.behave.sandbox.RunRecord;
import dev.patchverdict.digest.Digest;
import dev.patchverdict.digest.Digests;
import dev.patchverdict.record.Actor;
import dev.patchverdict.record.ActorType;
import dev.patchverdict.record.DocumentProblem;
import dev.patchverdict.record.DocumentReader;
import dev.patchverdict.record.Environment;
import dev.patchverdict.record.JsonNumber;
import dev.patchverdict.record.Metric;
import dev.patchverdict.record.ResourceUsage;
import dev.patchverdict.record.VerificationResult;
import dev.patchverdict.text.Excerpts;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Writes an {@link Evaluation} as a VerificationResult v0.1: status passed, failed or
 * inconclusive; one check per plan check plus {@code behave:applies} (and
 * {@code behave:mutation_adequacy} when declared); evidence holding the digest of every argv,
 * stdout, stderr, exit status and duration; and the five levels, the runs and the mutants in the
 * {@code dev.patchverdict.behave} extension.
 */
public final class ResultDocument {
    public static final String EXTENSION = "dev.patchverdict.behave";
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final int MAX_DIAGNOSTICS = 8000;

    private ResultDocument() {}

    /** Provenance facts that are not in the evaluation. */
    public record Context(Instant startedAt, Instant finishedAt, Map<String, String> toolVersions) {
        public Context {
            toolVersions = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(toolVersions));
        }
    }

    public static VerificationResult build(Admitted in, Evaluation ev, Context ctx) {
        BehaviouralPlan plan = in.plan().plan();
        List<VerificationResult.Check> checks = new ArrayList<>();
        List<VerificationResult.Evidence> evidence = new ArrayList<>();
        evidence.add(new VerificationResult.Evidence("candidate.patch", VerificationResult.EvidenceType.ARTIFACT_HASH,
                "result-manifest:" + in.manifest().id() + "/" + in.patchFile().getFileName(), in.patchDigest(),
                Optional.of("text/x-diff"), Optional.of("the candidate's bytes, as applied")));
        evidence.add(new VerificationResult.Evidence("behavioural_plan", VerificationResult.EvidenceType.ARTIFACT_HASH,
                "behavioural-plan:" + plan.id(), in.plan().digest(), Optional.of("application/json"),
                Optional.of("canonical digest of the BehaviouralPlan v" + plan.schemaVersion() + ", committed at "
                        + in.commitment().committedAt())));
        evidence.add(new VerificationResult.Evidence("static_result", VerificationResult.EvidenceType.ARTIFACT_HASH,
                "verification-result:" + in.staticResult().id(), in.staticResultDigest(),
                Optional.of("application/json"), Optional.of("the passing metadata-only VerificationResult")));

        LevelResult applies = ev.level(Level.APPLIES);
        checks.add(new VerificationResult.Check("behave:applies", VerificationResult.CheckType.OTHER, true,
                checkStatus(applies.verdict()), applies.reasons().get(0), List.of("candidate.patch"), Optional.empty()));

        for (CheckResult c : ev.checks()) {
            List<String> ids = new ArrayList<>();
            c.base().ifPresent(r -> ids.addAll(runEvidence(c.spec().id(), "base", r, evidence)));
            c.patched().ifPresent(r -> ids.addAll(runEvidence(c.spec().id(), "patched", r, evidence)));
            checks.add(new VerificationResult.Check(c.spec().id(), checkType(c.spec().kind()), true,
                    checkStatus(c.verdict()), c.decidingReason(), ids, diagnostics(c)));
        }
        ev.relations().ifPresent(rs -> {
            for (RelationResult r : rs.relations()) {
                List<String> ids = new ArrayList<>();
                relationEvidence(r, "base", r.base(), evidence, ids);
                relationEvidence(r, "patched", r.patched(), evidence, ids);
                // Relations weigh in through their rules (veto, abstention, rescue), not as required checks.
                checks.add(new VerificationResult.Check(RELATION_PREFIX + r.spec().id(), VerificationResult.CheckType.OTHER,
                        false, relationStatus(r.patched().state()), relationSummary(r), ids, relationDiagnostics(r)));
            }
        });
        ev.adequacy().ifPresent(a -> checks.add(new VerificationResult.Check("behave:mutation_adequacy",
                VerificationResult.CheckType.OTHER, true,
                a.score().isPresent() ? (a.adequate() ? VerificationResult.CheckStatus.PASSED
                        : VerificationResult.CheckStatus.FAILED) : VerificationResult.CheckStatus.INCONCLUSIVE,
                a.summary(), List.of(), Optional.empty())));

        List<VerificationResult.Finding> findings = new ArrayList<>();
        for (LevelResult l : ev.levels().values()) {
            if (l.verdict() != Verdict.PROVEN) {
                findings.add(new VerificationResult.Finding(
                        l.verdict() == Verdict.REFUTED ? VerificationResult.Severity.HIGH
                                : VerificationResult.Severity.MEDIUM,
                        category(l.level()), l.level().key() + " " + l.verdict() + ": " + l.reasons().get(0),
                        Optional.empty(), Optional.empty()));
            }
        }
        ev.relations().filter(r -> r.verdict() != Verdict.PROVEN).ifPresent(r -> findings.add(new VerificationResult.Finding(
                r.verdict() == Verdict.REFUTED ? VerificationResult.Severity.HIGH : VerificationResult.Severity.MEDIUM,
                r.verdict() == Verdict.REFUTED ? VerificationResult.Category.REGRESSION : VerificationResult.Category.OTHER,
                "relations " + r.verdict() + ": " + r.reasons().get(0), Optional.empty(), Optional.empty())));
        ev.adequacy().filter(a -> !a.adequate()).ifPresent(a -> findings.add(new VerificationResult.Finding(
                VerificationResult.Severity.MEDIUM, VerificationResult.Category.CORRECTNESS,
                "mutation adequacy: " + a.summary(), Optional.empty(), Optional.empty())));

        List<Metric> metrics = new ArrayList<>();
        metrics.add(Metric.of("checks", ev.checks().size()));
        for (Verdict v : Verdict.values()) {
            metrics.add(Metric.of("checks_" + v.name().toLowerCase(java.util.Locale.ROOT),
                    ev.checks().stream().filter(c -> c.verdict() == v).count()));
        }
        metrics.add(Metric.of("runs", ev.runCount()));
        ev.relations().ifPresent(rs -> {
            metrics.add(Metric.of("relations", rs.relations().size()));
            for (RelationRun.State st : RelationRun.State.values()) {
                metrics.add(Metric.of("relations_" + st.key() + "_with_patch",
                        rs.relations().stream().filter(r -> r.patched().state() == st).count()));
            }
        });
        ev.adequacy().ifPresent(a -> {
            metrics.add(new Metric("mutation_score", a.score().isPresent()
                    ? Optional.of(JsonNumber.of(round(a.score().getAsDouble()))) : Optional.empty()));
            metrics.add(Metric.of("mutants_killed", a.killed()));
            metrics.add(Metric.of("mutants_survived", a.survived()));
            metrics.add(Metric.of("mutants_not_viable", a.notViable()));
        });

        Duration wall = Duration.between(ctx.startedAt(), ctx.finishedAt());
        VerificationResult.Recommendation rec = switch (ev.verdict()) {
            case PROVEN -> VerificationResult.Recommendation.ACCEPT_CANDIDATE;
            case REFUTED -> VerificationResult.Recommendation.REJECT_CANDIDATE;
            case UNVERIFIED -> VerificationResult.Recommendation.INSUFFICIENT_EVIDENCE;
        };
        String rationale = "Behavioural verdict " + ev.verdictText() + ": " + String.join("; ", ev.verdictReasons())
                + ". Confidence is not a calibrated probability: 1.0 means the verdict follows from the recorded runs"
                + " under the committed plan, 0.0 that they do not decide it.";
        return new VerificationResult(
                resultId(in, ctx.startedAt()),
                in.manifest().id(),
                in.workUnit().id(),
                in.workUnit().version(),
                in.manifest().attempt(),
                new Actor(in.runnerId(), ActorType.SYSTEM, plan.runner().adapter(), plan.runner().adapterVersion()),
                new VerificationResult.Independence(true, in.manifest().worker().id(), false, false,
                        Optional.of("a deterministic program, distinct from the worker (" + in.manifest().worker().id()
                                + ") and the static verifier (" + in.staticResult().verifier().id()
                                + "); it shares no model with either")),
                status(ev.verdict()),
                ctx.startedAt().toString(),
                ctx.finishedAt().toString(),
                checks,
                evidence,
                findings,
                metrics,
                ResourceUsage.ofWallSeconds(JsonNumber.of(Math.max(0, Durations.seconds(wall)))),
                new VerificationResult.Provenance(in.manifestDigest(), in.workUnitDigest(), in.commit(),
                        Optional.of(in.plan().digest()),
                        new Environment(Optional.of("linux"), Optional.empty(), Optional.empty(),
                                Optional.of(ctx.toolVersions()))),
                new VerificationResult.DecisionSupport(rec,
                        JsonNumber.of(ev.verdict() == Verdict.UNVERIFIED ? 0.0 : 1.0), rationale),
                Optional.empty(),
                Optional.of(extensions(in, ev)));
    }

    /** Problems of the written result under the shipped VerificationResult schema; empty when valid. */
    public static List<DocumentProblem> problems(VerificationResult result) {
        return DocumentReader.strict().problems(result);
    }

    private static String resultId(Admitted in, Instant started) {
        Digest d = Digests.bytes((in.plan().digest() + "|" + in.manifestDigest() + "|" + started)
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return "behave-" + d.hex().substring(0, 24);
    }

    private static VerificationResult.Status status(Verdict v) {
        return switch (v) {
            case PROVEN -> VerificationResult.Status.PASSED;
            case REFUTED -> VerificationResult.Status.FAILED;
            case UNVERIFIED -> VerificationResult.Status.INCONCLUSIVE;
        };
    }

    private static VerificationResult.CheckStatus checkStatus(Verdict v) {
        return switch (v) {
            case PROVEN -> VerificationResult.CheckStatus.PASSED;
            case REFUTED -> VerificationResult.CheckStatus.FAILED;
            case UNVERIFIED -> VerificationResult.CheckStatus.INCONCLUSIVE;
        };
    }

    private static VerificationResult.CheckType checkType(CheckKind kind) {
        return kind == CheckKind.REPRODUCTION ? VerificationResult.CheckType.REPRODUCTION
                : VerificationResult.CheckType.TEST;
    }

    private static VerificationResult.Category category(Level level) {
        return switch (level) {
            case PRESERVE -> VerificationResult.Category.REGRESSION;
            case EXECUTES -> VerificationResult.Category.OTHER;
            default -> VerificationResult.Category.CORRECTNESS;
        };
    }

    private static Optional<String> diagnostics(CheckResult c) {
        StringBuilder sb = new StringBuilder();
        for (LabelledComparison lc : c.comparisons()) {
            if (lc.comparison() instanceof Comparison.Different d) {
                sb.append(lc.subject()).append(": ").append(d.describe()).append('\n').append(d.unifiedDiff());
            }
        }
        if (sb.length() == 0) {
            return Optional.empty();
        }
        String s = sb.toString();
        return Optional.of(Excerpts.clip(s, MAX_DIAGNOSTICS, "\n... cut\n"));
    }

    /** Five evidence items per run: argv, stdout, stderr, exit status, duration. */
    private static List<String> runEvidence(String check, String tree, RunRecord r,
            List<VerificationResult.Evidence> evidence) {
        return runItems(check + "/" + tree + "/", "behave:checks/" + check + "/" + tree + "/", r, evidence);
    }

    /** The five items of one run, their ids starting {@code prefix}, their locators {@code locator}. */
    private static List<String> runItems(String prefix, String locator, RunRecord r,
            List<VerificationResult.Evidence> evidence) {
        var argv = argvJson(r);
        var outcome = outcomeJson(r.outcome());
        var duration = durationJson(r.duration());
        List<VerificationResult.Evidence> items = List.of(
                new VerificationResult.Evidence(prefix + "argv", VerificationResult.EvidenceType.TRACE, locator + "argv",
                        Digests.canonical(argv), Optional.of("application/json"),
                        Optional.of(clip(argv.toString()))),
                new VerificationResult.Evidence(prefix + "stdout", VerificationResult.EvidenceType.TEST_OUTPUT,
                        locator + "stdout", r.stdout().digest(), Optional.of("application/octet-stream"),
                        Optional.of(streamNote(r.stdout()))),
                new VerificationResult.Evidence(prefix + "stderr", VerificationResult.EvidenceType.TEST_OUTPUT,
                        locator + "stderr", r.stderr().digest(), Optional.of("application/octet-stream"),
                        Optional.of(streamNote(r.stderr()))),
                new VerificationResult.Evidence(prefix + "exit_status", VerificationResult.EvidenceType.TRACE,
                        locator + "exit_status", Digests.canonical(outcome),
                        Optional.of("application/json"), Optional.of(clip(outcome.toString()))),
                new VerificationResult.Evidence(prefix + "duration", VerificationResult.EvidenceType.TRACE,
                        locator + "duration", Digests.canonical(duration),
                        Optional.of("application/json"), Optional.of(duration.toString())));
        evidence.addAll(items);
        return items.stream().map(VerificationResult.Evidence::id).toList();
    }

    private static String streamNote(CapturedOutput o) {
        return o.length() + " bytes kept of " + o.totalBytes() + " written" + (o.truncated() ? " (cut at the cap)" : "");
    }

    static ArrayNode argvJson(RunRecord r) {
        ArrayNode a = NODES.arrayNode();
        r.argv().forEach(a::add);
        return a;
    }

    static ObjectNode outcomeJson(RunOutcome o) {
        ObjectNode n = NODES.objectNode();
        if (o instanceof RunOutcome.Exited e) {
            n.put("kind", "exited");
            n.put("code", e.code());
        } else if (o instanceof RunOutcome.Signalled s) {
            n.put("kind", "signalled");
            n.put("signal", s.signal());
            n.put("name", s.name());
            n.put("limit", s.limitInduced());
        } else if (o instanceof RunOutcome.TimedOut t) {
            n.put("kind", "timed_out");
            n.put("after_seconds", Durations.seconds(t.after()));
        } else if (o instanceof RunOutcome.OverBudget b) {
            n.put("kind", "over_budget");
            n.put("reason", b.reason());
        } else if (o instanceof RunOutcome.NotRun nr) {
            n.put("kind", "not_run");
            n.put("reason", nr.reason());
        }
        return n;
    }

    private static ObjectNode durationJson(Duration d) {
        ObjectNode n = NODES.objectNode();
        n.put("seconds", Durations.seconds(d));
        return n;
    }

    private static ObjectNode extensions(Admitted in, Evaluation ev) {
        ObjectNode all = NODES.objectNode();
        ObjectNode x = all.putObject(EXTENSION);
        // A v0.1 plan's result is written exactly as before relations existed.
        x.put("schema_version", in.plan().plan().hasRelationsSection() ? "0.2" : "0.1");
        x.put("verdict", ev.verdictText());
        ArrayNode why = x.putArray("verdict_reasons");
        ev.verdictReasons().forEach(why::add);
        x.put("runner_id", in.runnerId());
        x.put("plan_id", in.plan().plan().id());
        x.put("plan_digest", in.plan().digest().toString());
        x.set("commitment", in.commitment().toJson());
        x.put("candidate_digest", in.patchDigest().toString());
        x.put("static_result_digest", in.staticResultDigest().toString());
        x.put("sandbox", ev.sandbox());
        ObjectNode levels = x.putObject("levels");
        for (LevelResult l : ev.levels().values()) {
            ObjectNode o = levels.putObject(l.level().key());
            o.put("verdict", l.verdict().name());
            ArrayNode rs = o.putArray("reasons");
            l.reasons().forEach(rs::add);
        }
        ev.relations().ifPresent(r -> {
            ObjectNode o = levels.putObject("relations");
            o.put("verdict", r.verdictText());
            ArrayNode rs = o.putArray("reasons");
            r.reasons().forEach(rs::add);
        });
        ArrayNode checks = x.putArray("checks");
        for (CheckResult c : ev.checks()) {
            ObjectNode o = checks.addObject();
            o.put("id", c.spec().id());
            o.put("kind", c.spec().kind().key());
            o.put("verdict", c.verdict().name());
            ArrayNode rs = o.putArray("reasons");
            for (Reason r : c.reasons()) {
                ObjectNode ro = rs.addObject();
                ro.put("verdict", r.verdict().name());
                ro.put("text", r.text());
            }
            c.base().ifPresent(r -> o.set("base", runJson(r)));
            c.patched().ifPresent(r -> o.set("patched", runJson(r)));
            ArrayNode cs = o.putArray("comparisons");
            for (LabelledComparison lc : c.comparisons()) {
                cs.add(comparisonJson(lc));
            }
            c.witness().ifPresent(w -> o.set("witness", witnessJson(w)));
        }
        ev.relations().ifPresent(r -> {
            ObjectNode rules = x.putObject("relation_rules");
            rules.put("veto_min", r.rules().vetoMin());
            rules.put("rescue", r.rules().rescue());
            if (r.relativeTo().isPresent()) {
                x.put("proven_relative_to_relations", r.relativeTo().getAsInt());
            }
            ArrayNode rs = x.putArray("relations");
            r.relations().forEach(rel -> rs.add(relationJson(rel)));
        });
        ev.adequacy().ifPresent(a -> x.set("mutation_adequacy", adequacyJson(a)));
        return all;
    }

    /** How a relation's check is named in the result: never a check's id, which has no colon. */
    public static final String RELATION_PREFIX = "relation:";

    private static VerificationResult.CheckStatus relationStatus(RelationRun.State state) {
        return switch (state) {
            case HELD -> VerificationResult.CheckStatus.PASSED;
            case BROKEN -> VerificationResult.CheckStatus.FAILED;
            case ABSTAINED -> VerificationResult.CheckStatus.INCONCLUSIVE;
        };
    }

    private static String relationSummary(RelationResult r) {
        String roles = r.roles().isEmpty() ? "" : " (" + String.join(", ", r.roles().stream().map(RelationResult.Role::key)
                .toList()) + ")";
        return "with the patch it " + r.patched().reason() + "; on the base it " + r.base().reason() + roles;
    }

    private static Optional<String> relationDiagnostics(RelationResult r) {
        StringBuilder sb = new StringBuilder();
        for (String tree : List.of("base", "patched")) {
            RelationRun run = tree.equals("base") ? r.base() : r.patched();
            if (run.comparison().orElse(null) instanceof Comparison.Different d) {
                sb.append(tree).append(", followup against source: ").append(d.describe()).append('\n')
                        .append(d.unifiedDiff());
            }
        }
        return sb.length() == 0 ? Optional.empty() : Optional.of(Excerpts.clip(sb.toString(), MAX_DIAGNOSTICS, "\n... cut\n"));
    }

    /** Five evidence items per run of the relation on one tree. */
    private static void relationEvidence(RelationResult r, String tree, RelationRun run,
            List<VerificationResult.Evidence> evidence, List<String> ids) {
        String id = RELATION_PREFIX + r.spec().id() + "/" + tree + "/";
        String locator = "behave:relations/" + r.spec().id() + "/" + tree + "/";
        run.source().ifPresent(x -> ids.addAll(runItems(id + "source/", locator + "source/", x, evidence)));
        run.followup().ifPresent(x -> ids.addAll(runItems(id + "followup/", locator + "followup/", x, evidence)));
    }

    private static ObjectNode relationJson(RelationResult r) {
        ObjectNode o = NODES.objectNode();
        o.put("id", r.spec().id());
        o.set("relation", r.spec().relation().toJson());
        o.put("expected_exit_code", r.spec().expectedExitCode());
        r.spec().witness().ifPresent(w -> o.put("witness", w.key()));
        ArrayNode roles = o.putArray("roles");
        r.roles().forEach(role -> roles.add(role.key()));
        o.set("base", relationRunJson(r.base()));
        o.set("patched", relationRunJson(r.patched()));
        return o;
    }

    private static ObjectNode relationRunJson(RelationRun run) {
        ObjectNode o = NODES.objectNode();
        o.put("state", run.state().key());
        o.put("reason", run.reason());
        run.source().ifPresent(r -> o.set("source", runJson(r)));
        run.followup().ifPresent(r -> o.set("followup", runJson(r)));
        run.comparison().ifPresent(c -> o.set("comparison", comparisonJson(new LabelledComparison(
                "followup's stdout against the source's", c))));
        return o;
    }

    private static ObjectNode runJson(RunRecord r) {
        ObjectNode o = NODES.objectNode();
        o.set("argv", argvJson(r));
        o.set("outcome", outcomeJson(r.outcome()));
        o.put("stdout_digest", r.stdout().digest().toString());
        o.put("stdout_bytes", r.stdout().totalBytes());
        o.put("stdout_truncated", r.stdout().truncated());
        o.put("stdout_excerpt", excerpt(r.stdout()));
        o.put("stderr_digest", r.stderr().digest().toString());
        o.put("stderr_bytes", r.stderr().totalBytes());
        o.put("stderr_truncated", r.stderr().truncated());
        o.put("stderr_excerpt", excerpt(r.stderr()));
        o.put("duration_seconds", Durations.seconds(r.duration()));
        return o;
    }

    /** The start of a stream, decoded for reading only; the digest is what identifies the bytes. */
    private static String excerpt(CapturedOutput o) {
        String s = Excerpts.utf8Head(o.bytes(), EXCERPT_BYTES);
        return o.length() > EXCERPT_BYTES || o.truncated() ? s + "... (" + o.totalBytes() + " bytes in all)" : s;
    }

    private static final int EXCERPT_BYTES = 1024;

    private static ObjectNode comparisonJson(LabelledComparison lc) {
        ObjectNode o = NODES.objectNode();
        o.put("subject", lc.subject());
        o.put("operator", lc.comparison().operator());
        o.put("verdict", lc.comparison().verdict().name());
        if (lc.comparison() instanceof Comparison.Different d) {
            o.put("first_difference", d.firstDifference());
            o.put("unified_diff", d.unifiedDiff());
        } else if (lc.comparison() instanceof Comparison.Undecidable u) {
            o.put("reason", u.reason());
        }
        return o;
    }

    private static JsonNode witnessJson(WitnessReading w) {
        ObjectNode o = NODES.objectNode();
        if (w instanceof WitnessReading.Absent a) {
            o.put("state", "absent");
            o.put("why", a.why());
        } else if (w instanceof WitnessReading.Malformed m) {
            o.put("state", "malformed");
            o.put("why", m.reason());
        } else if (w instanceof WitnessReading.Present p) {
            o.put("state", "present");
            o.put("polarity", p.witness().polarity().key());
            o.set("witness", p.witness().json());
        }
        return o;
    }

    private static ObjectNode adequacyJson(AdequacyResult a) {
        ObjectNode o = NODES.objectNode();
        o.put("max_mutants", a.spec().maxMutants());
        o.put("min_score", a.spec().minScore());
        if (a.score().isPresent()) {
            o.put("score", round(a.score().getAsDouble()));
        } else {
            o.putNull("score");
        }
        o.put("adequate", a.adequate());
        o.put("summary", a.summary());
        ArrayNode ms = o.putArray("mutants");
        for (MutantResult m : a.mutants()) {
            ObjectNode mo = ms.addObject();
            mo.put("id", m.mutant().id());
            mo.put("operator", m.mutant().operator().key());
            mo.put("file", m.mutant().file());
            mo.put("line", m.mutant().line());
            mo.put("patch_digest", Digests.bytes(m.mutant().patch())
                    .toString());
            mo.put("result", m instanceof MutantResult.Killed ? "killed"
                    : m instanceof MutantResult.Survived ? "survived" : "not_viable");
            mo.put("detail", m.describe());
        }
        return o;
    }

    private static double round(double d) {
        return Math.round(d * 1000) / 1000.0;
    }

    private static String clip(String s) {
        return Excerpts.fit(s, 1000, "...");
    }
}
