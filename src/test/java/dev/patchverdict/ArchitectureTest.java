// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict;

import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameMatching;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Architecture rules for the main classes (tests may start processes: they build repositories).
 * Only the behavioural runner's sandbox package starts or kills processes; only the command line
 * may depend on the runner; and no library code reaches for the console, the process's environment, exit, or the clock.
 */
class ArchitectureTest {
    private static JavaClasses main;

    @BeforeAll
    static void importMainClasses() {
        main = new ClassFileImporter().withImportOption(new ImportOption.DoNotIncludeTests())
                .importPackages("dev.patchverdict");
    }

    private static DescribedPredicate<JavaCall<?>> calls(Class<?> owner, String nameRegex) {
        return target(owner(assignableTo(owner))).and(target(nameMatching(nameRegex)))
                .as("a call of " + owner.getSimpleName() + "." + nameRegex);
    }

    private static DescribedPredicate<JavaAccess<?>> reads(Class<?> owner, String name) {
        return JavaAccess.Predicates.target(owner(assignableTo(owner)))
                .and(JavaAccess.Predicates.target(nameMatching(name)))
                .as("an access to " + owner.getSimpleName() + "." + name);
    }

    static final ArchRule onlyBehaveStartsProcesses = noClasses()
            .that().resideOutsideOfPackage("dev.patchverdict.behave.sandbox..")
            .should().dependOnClassesThat().areAssignableTo(ProcessBuilder.class)
            .orShould().callMethodWhere(calls(Runtime.class, "exec"))
            .because("the behavioural runner's sandbox is the only code allowed to start a process");

    static final ArchRule onlyBehaveKillsProcesses = noClasses()
            .that().resideOutsideOfPackage("dev.patchverdict.behave.sandbox..")
            .should().callMethodWhere(calls(ProcessHandle.class, "destroy|destroyForcibly"))
            .orShould().callMethodWhere(calls(Process.class, "destroy|destroyForcibly"))
            .because("killing process trees belongs with starting them, in the behavioural runner's sandbox");

    static final ArchRule onlyTheCommandLineDependsOnBehave = noClasses()
            .that().resideInAnyPackage("dev.patchverdict.diff..", "dev.patchverdict.json..", "dev.patchverdict.digest..",
                    "dev.patchverdict.record..", "dev.patchverdict.plan..", "dev.patchverdict.verify..",
                    "dev.patchverdict.calibrate..", "dev.patchverdict.audit..", "dev.patchverdict.cohort..",
                    "dev.patchverdict.report..", "dev.patchverdict.review..", "dev.patchverdict.attest..",
                    "dev.patchverdict.tricks..", "dev.patchverdict.spark..")
            .should().dependOnClassesThat().resideInAPackage("dev.patchverdict.behave..")
            .because("the runner is a separate evaluator; only the command line wires it in");

    static final ArchRule theSandboxStandsOnItsOwn = noClasses()
            .that().resideInAPackage("dev.patchverdict.behave.sandbox..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.patchverdict.behave.plan..",
                    "dev.patchverdict.behave.admission..", "dev.patchverdict.behave.judge..",
                    "dev.patchverdict.behave.mutation..", "dev.patchverdict.behave.result..")
            .orShould().dependOnClassesThat(com.tngtech.archunit.core.domain.JavaClass.Predicates
                    .resideInAPackage("dev.patchverdict.behave").and(DescribedPredicate.not(
                            com.tngtech.archunit.core.domain.JavaClass.Predicates.simpleName("BehaveException"))))
            .because("the code that starts processes runs what it is given and knows nothing of plans, verdicts"
                    + " or results");

    static final ArchRule behaveSubpackagesAreFreeOfCycles = slices().matching("dev.patchverdict.behave.(*)..")
            .should().beFreeOfCycles()
            .because("each part of the runner stands on the ones below it: sandbox, then plan, mutation and judge,"
                    + " with admission and result on top; a value both sides use lives in the lower package");

    static final ArchRule behaveSubpackagesUseOnlyTheEntryPointsValueTypes = noClasses()
            .that().resideInAnyPackage("dev.patchverdict.behave.plan..", "dev.patchverdict.behave.admission..",
                    "dev.patchverdict.behave.sandbox..", "dev.patchverdict.behave.judge..",
                    "dev.patchverdict.behave.mutation..", "dev.patchverdict.behave.result..")
            .should().dependOnClassesThat(JavaClass.Predicates.resideInAPackage("dev.patchverdict.behave")
                    .and(DescribedPredicate.not(JavaClass.Predicates.simpleName("BehaveException")
                            .or(JavaClass.Predicates.simpleName("BehaveRequest")))))
            .because("the top level is the entry point that wires the parts; the parts share only its error"
                    + " (could not decide) and the request admission reads");

    static final ArchRule theCommandLineEntersBehaveAtTheTop = noClasses()
            .that().resideInAPackage("dev.patchverdict.cli..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.patchverdict.behave.admission..",
                    "dev.patchverdict.behave.judge..", "dev.patchverdict.behave.mutation..",
                    "dev.patchverdict.behave.result..")
            .orShould().dependOnClassesThat(JavaClass.Predicates.resideInAPackage("dev.patchverdict.behave.sandbox..")
                    .and(DescribedPredicate.not(JavaClass.Predicates.simpleName("HostLimits")
                            .or(JavaClass.Predicates.simpleName("SandboxUser")))))
            .orShould().dependOnClassesThat(JavaClass.Predicates.simpleName("BehaviouralRunner"))
            .because("the command line runs the runner through Behave, BehaveRequest and RunnerCeilings (whose host"
                    + " limits it builds); it reads plans through behave.plan for validate and commit, nothing else");

    static final ArchRule librariesDoNotTouchTheConsoleOrExit = noClasses()
            .that().resideOutsideOfPackages("dev.patchverdict.cli..", "dev.patchverdict.spark..")
            .should().accessFieldWhere(reads(System.class, "out|err|in"))
            .orShould().callMethodWhere(calls(System.class, "exit|getenv|console|setOut|setErr"))
            .orShould().callMethodWhere(calls(Runtime.class, "exit|halt"))
            .because("streams and the environment are injected; only the command line and the Spark jobs' entry points"
                    + " bind them to the process");

    static final ArchRule librariesDoNotReadTheClock = noClasses()
            .that().resideOutsideOfPackages("dev.patchverdict.cli..", "dev.patchverdict.spark..")
            .should().callMethodWhere(calls(System.class, "currentTimeMillis"))
            .orShould().callMethodWhere(calls(Instant.class, "now"))
            .orShould().callMethodWhere(calls(LocalDateTime.class, "now"))
            .orShould().callMethodWhere(calls(LocalDate.class, "now"))
            .orShould().callMethodWhere(calls(ZonedDateTime.class, "now"))
            .orShould().callMethodWhere(calls(OffsetDateTime.class, "now"))
            .orShould().callMethodWhere(calls(Clock.class, "systemUTC|systemDefaultZone"))
            .because("time comes from an injected Clock, so results are reproducible in tests");

    static final ArchRule monotonicTimeOnlyForDurationsInBehave = noClasses()
            .that().resideOutsideOfPackages("dev.patchverdict.behave..", "dev.patchverdict.cli..", "dev.patchverdict.spark..")
            .should().callMethodWhere(calls(System.class, "nanoTime"))
            .because("System.nanoTime measures how long a run took, which only the behavioural runner does, and the edges"
                    + " (the command line, the Spark jobs) hand to the reviewer");

    /**
     * The packages are layers: path containment ({@code fs}), safe message text and reading and digesting JSON at the bottom, the diff reader on its own,
     * the trick detectors above the diff reader alone, the records and plans above JSON, the static verifier above those, signed attestations above JSON
 * and digests alone (so an envelope is checked without the verifier), and only the command line
     * wiring everything (the layers for calibration, audits and cohorts are declared ahead of them).
     */
    static final ArchRule packagesAreLayered = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .withOptionalLayers(true)
            .layer("text").definedBy("dev.patchverdict.text..")
            .layer("fs").definedBy("dev.patchverdict.fs..")
            .layer("json").definedBy("dev.patchverdict.json..")
            .layer("digest").definedBy("dev.patchverdict.digest..")
            .layer("diff").definedBy("dev.patchverdict.diff..")
            .layer("tricks").definedBy("dev.patchverdict.tricks..")
            .layer("record").definedBy("dev.patchverdict.record..")
            .layer("plan").definedBy("dev.patchverdict.plan..")
            .layer("report").definedBy("dev.patchverdict.report..")
            .layer("verify").definedBy("dev.patchverdict.verify..")
            .layer("attest").definedBy("dev.patchverdict.attest..")
            .layer("calibrate").definedBy("dev.patchverdict.calibrate..")
            .layer("audit").definedBy("dev.patchverdict.audit..")
            .layer("cohort").definedBy("dev.patchverdict.cohort..")
            .layer("review").definedBy("dev.patchverdict.review..")
            .layer("behave").definedBy("dev.patchverdict.behave..")
            .layer("cli").definedBy("dev.patchverdict.cli..")
            .layer("spark").definedBy("dev.patchverdict.spark..")
            .whereLayer("text").mayNotAccessAnyLayer()
            .whereLayer("fs").mayOnlyAccessLayers("text")
            .whereLayer("json").mayOnlyAccessLayers("text")
            .whereLayer("digest").mayOnlyAccessLayers("json", "text")
            .whereLayer("diff").mayOnlyAccessLayers("text")
            .whereLayer("tricks").mayOnlyAccessLayers("diff", "text")
            .whereLayer("record").mayOnlyAccessLayers("json", "digest", "text")
            .whereLayer("plan").mayOnlyAccessLayers("json", "digest", "diff", "tricks", "record", "text")
            .whereLayer("report").mayOnlyAccessLayers("json", "digest", "text", "fs") // fs: the output guard asks where a write lands
            .whereLayer("verify").mayOnlyAccessLayers("json", "digest", "diff", "tricks", "record", "plan", "report", "text", "fs")
            .whereLayer("attest").mayOnlyAccessLayers("json", "digest", "text")
            .whereLayer("review").mayOnlyAccessLayers("json", "digest", "diff", "tricks", "record", "plan", "report", "verify", "text",
                    "fs")
            // The Spark jobs are a second front end: they share the command line's option model and exit codes.
            .whereLayer("cli").mayOnlyBeAccessedByLayers("spark")
            .whereLayer("spark").mayNotBeAccessedByAnyLayer();

    /**
     * Every package reads text a patch, a candidate or a worker controls somewhere (names, lines, program output,
     * bundle fields), so none may hand it to a backtracking engine: patterns are RE2/J (text.LinearPattern) or
     * hand scanners, splitting is text.Split. String's matches, replaceAll, replaceFirst and split compile a
     * java.util.regex pattern, and so do Scanner and a file system's path matcher. No class is exempt: the
     * patterns over the project's own constants (rule ids, option values) run on RE2/J too, so there is no list of
     * exceptions to keep true.
     */
    static final ArchRule noBacktrackingRegularExpressions = noClasses()
            .should().dependOnClassesThat().resideInAPackage("java.util.regex..")
            .orShould().callMethodWhere(calls(String.class, "matches|replaceAll|replaceFirst|split"))
            .orShould().dependOnClassesThat().areAssignableTo(java.util.Scanner.class)
            .orShould().callMethodWhere(calls(java.nio.file.FileSystem.class, "getPathMatcher"))
            .because("a backtracking matcher takes hours on a line built for it; RE2/J and hand scanners are linear");

    @Test
    void noBacktrackingRegularExpressions() {
        noBacktrackingRegularExpressions.check(main);
    }

    @Test
    void packagesAreLayered() {
        packagesAreLayered.check(main);
    }

    @Test
    void onlyBehaveStartsProcesses() {
        onlyBehaveStartsProcesses.check(main);
    }

    @Test
    void onlyBehaveKillsProcesses() {
        onlyBehaveKillsProcesses.check(main);
    }

    @Test
    void onlyTheCommandLineDependsOnBehave() {
        onlyTheCommandLineDependsOnBehave.check(main);
    }

    @Test
    void theSandboxStandsOnItsOwn() {
        theSandboxStandsOnItsOwn.check(main);
    }

    @Test
    void behaveSubpackagesAreFreeOfCycles() {
        behaveSubpackagesAreFreeOfCycles.check(main);
    }

    @Test
    void behaveSubpackagesUseOnlyTheEntryPointsValueTypes() {
        behaveSubpackagesUseOnlyTheEntryPointsValueTypes.check(main);
    }

    @Test
    void theCommandLineEntersBehaveAtTheTop() {
        theCommandLineEntersBehaveAtTheTop.check(main);
    }

    @Test
    void librariesDoNotTouchTheConsoleOrExit() {
        librariesDoNotTouchTheConsoleOrExit.check(main);
    }

    @Test
    void librariesDoNotReadTheClock() {
        librariesDoNotReadTheClock.check(main);
    }

    @Test
    void monotonicTimeOnlyForDurationsInBehave() {
        monotonicTimeOnlyForDurationsInBehave.check(main);
    }
}
