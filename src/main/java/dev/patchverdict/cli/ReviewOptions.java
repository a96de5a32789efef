// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.diff.Profile;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.StrictJson;
import dev.patchverdict.plan.EvaluatorPlan;
import dev.patchverdict.plan.EvaluatorPlanReader;
import dev.patchverdict.record.InvalidDocumentException;
import dev.patchverdict.report.IoMessages;
import dev.patchverdict.review.Inputs;
import dev.patchverdict.review.PlanCheck;
import dev.patchverdict.review.Reviewer;
import dev.patchverdict.tricks.TrickDetector;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * The options that decide how {@code review} judges a patch, declared once for every front end that reviews:
 * the {@code review} command and the Spark review job, so both read the same options the same way and build
 * their {@link Reviewer} with {@link #reviewer}. Serializable, so a job can hand them to its executors.
 */
public final class ReviewOptions implements Serializable {
    private static final long serialVersionUID = 1L;

    @Option(names = "--profile", defaultValue = "strict", paramLabel = "strict|git",
            description = "strict (default): git's rules and every strict rule; git: exactly what git apply accepts.")
    String profile;

    @Option(names = "--allow", paramLabel = "POLICY[,POLICY...]",
            description = "Policy findings that only warn: " + Options.ALLOW_KEYS + ".")
    List<String> allow = new ArrayList<>();

    @Option(names = "--plan", paramLabel = "PLAN.json",
            description = "An EvaluatorPlan v0.3-v0.5: each patch must also meet its contract (its binding is not checked).")
    String plan;

    @Option(names = "--field", paramLabel = "NAME", description = "The predictions' patch field (default: ${DEFAULT-VALUE}).")
    String field = "model_patch";

    @Option(names = "--id-field", paramLabel = "NAME", description = "The predictions' id field (default: ${DEFAULT-VALUE}).")
    String idField = "instance_id";

    @Mixin
    DiffCommand.Limits limits = new DiffCommand.Limits();

    @Mixin
    Detect detect = new Detect();

    /** The plan file as given, or null. */
    public String plan() {
        return plan;
    }

    /**
     * Refuses options that cannot be used, as usage errors ({@link CliException}, exit 64), and reads each --test-patch
     * from this machine's file system (a file it cannot read is exit 2 naming it).
     */
    public void check(CommandSpec spec) {
        check(spec, file -> {
            try {
                return java.nio.file.Files.readAllBytes(Path.of(file));
            } catch (IOException | java.nio.file.InvalidPathException e) {
                throw CliException.undecided(file, e instanceof IOException io ? IoMessages.describe(io) : e.getMessage());
            }
        });
    }

    /** {@link #check(CommandSpec)}, with each --test-patch read through {@code read}. */
    void check(CommandSpec spec, java.util.function.Function<String, byte[]> read) {
        if (field.isEmpty() || idField.isEmpty()) {
            throw CliException.usage("--field and --id-field must not be empty");
        }
        profile();
        limits.options(spec);
        detect.load(read);
    }

    /** The --test-patch files as given, for the report's list of inputs. */
    java.util.List<String> testPatches() {
        return detect.testPatches;
    }

    public Inputs.Fields fields() {
        return new Inputs.Fields(field, idField, Inputs.Fields.SWE_BENCH.model());
    }

    /** The trick detector asked for, or null. */
    public TrickDetector detector() {
        return detect.detector();
    }

    Profile profile() {
        return DiffCommand.profile(profile, allow);
    }

    /** The one reviewer these options make, with {@code plan} (null: none) and a monotonic clock for durations. */
    public Reviewer reviewer(PlanCheck plan, LongSupplier nanos) {
        return reviewer(plan, nanos, detector());
    }

    /** As {@link #reviewer(PlanCheck, LongSupplier)}, with the detector {@link #detector()} already made. */
    Reviewer reviewer(PlanCheck plan, LongSupplier nanos, TrickDetector detector) {
        return new Reviewer(profile(), new DiffReader.Options(true, limits.maxLineBytes, limits.maxHeaderBytes,
                limits.maxSections), plan, nanos, detector);
    }

    /** A plan file's bytes, read once, and the check they make. */
    public record ReadPlan(byte[] bytes, PlanCheck check) {}

    /**
     * The plan in a file, read once and checked as review checks it (the bytes returned are the ones judged); an
     * unusable one is undecided (exit 2), named by {@code name}.
     */
    public static ReadPlan readPlan(Path file, String name) {
        try {
            CommandFiles.refuseFolder(file);
            byte[] bytes = StrictJson.withDefaults().bytes(file);
            return new ReadPlan(bytes, checkPlan(bytes, name));
        } catch (JsonInputException e) {
            // Worded as the document reader words a file over the limit.
            throw CliException.undecided(name, String.join("; ", new InvalidDocumentException("invalid JSON",
                    dev.patchverdict.record.DocumentProblem.whole(e.getMessage())).messages()));
        } catch (IOException e) {
            throw CliException.undecided(name, IoMessages.describe(e));
        }
    }

    /** A plan's bytes, checked as review checks a plan file; an unusable one is undecided (exit 2), named by {@code name}. */
    public static PlanCheck checkPlan(byte[] bytes, String name) {
        try {
            return PlanCheck.of(EvaluatorPlanReader.strict().read(bytes));
        } catch (InvalidDocumentException e) {
            throw CliException.undecided(name, String.join("; ", e.messages()));
        } catch (IllegalArgumentException e) {
            throw CliException.undecided(name, e.getMessage());
        }
    }

    /** A plan's bytes that {@link #readPlan} has accepted, read again where the file is not (a job's executors). */
    public static PlanCheck planOf(byte[] accepted) {
        try {
            return PlanCheck.of(EvaluatorPlanReader.strict().read(accepted));
        } catch (InvalidDocumentException e) {
            throw new IllegalStateException("a plan accepted once is refused now", e);
        }
    }
}
