// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict;

import static org.junit.jupiter.api.Assertions.fail;

import dev.patchverdict.behave.sandbox.BubblewrapSandbox;
import dev.patchverdict.behave.sandbox.HostTools;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.opentest4j.TestAbortedException;

/**
 * What tests need from outside the project, in groups that run or skip as a whole. A test names its groups
 * with {@code @Tag} (for example {@code @Tag(TestGroups.BUBBLEWRAP)}): {@link GroupCondition} skips it where a
 * group is missing, and {@link SkippedGroupsListener} prints one line per skipped group at the end of the run,
 * with its test count and how to enable it. A test that finds out only while it runs calls {@link #require}.
 *
 * <p>{@code -Dpatchverdict.require.shared=true} (as {@code .ci/run} sets it) requires every group but the ones
 * that need a network beyond the Maven registry; {@code -Dpatchverdict.require=GROUP,...} requires the named
 * ones; {@code -Dpatchverdict.skippable=GROUP,...} lets the named ones skip all the same. A required group
 * that is missing fails its tests instead of skipping them, so CI cannot pass by skipping.
 */
public final class TestGroups {
    /** The shared corpus of real diffs with git's readings ({@code -Dpatchverdict.shared}, default ../shared). */
    public static final String SHARED_CORPUS = "shared-corpus";
    /** The record family's own files: examples, schemas, results and fixtures of the upstream reference. */
    public static final String REFERENCE = "reference";
    public static final String GIT = "git";
    public static final String BUBBLEWRAP = "bubblewrap";
    public static final String PYTHON3 = "python3";
    /** Debian's python3 with securesystemslib and in-toto, the reference implementation of envelopes. */
    public static final String IN_TOTO = "in-toto";
    /** util-linux's script, which runs a command under a real pseudo-terminal. */
    public static final String SCRIPT = "script";
    /** curl, with which the launcher fetches a release. */
    public static final String CURL = "curl";
    /** Debian's chromium, run headless: the HTML report opened in a real browser. */
    public static final String CHROMIUM = "chromium";
    /** The Python package registry, reached over the network, for the newer in-toto. */
    public static final String PYPI = "pypi";

    public static final String REQUIRE_ALL = "patchverdict.require.shared";
    public static final String REQUIRE = "patchverdict.require";
    public static final String SKIPPABLE = "patchverdict.skippable";

    /** One group: its name (the tag), how to enable it, whether "every group" includes it, and its probe. */
    public record Group(String name, String enable, boolean network, Supplier<Optional<String>> probe) {}

    /** In the order a missing group is reported when a test needs several. */
    public static final List<Group> ALL = List.of(
            new Group(SHARED_CORPUS, "put the shared corpus at ../shared/corpus or pass -Dpatchverdict.shared=DIR",
                    false, () -> folder(sharedRoot().resolve("corpus"), "the shared corpus")),
            new Group(REFERENCE, "put the reference folder at ../shared/reference/idkmesh or pass -Dpatchverdict.reference=DIR",
                    false, () -> folder(referenceRoot(), "the upstream reference folder")),
            new Group(GIT, "apt-get install git", false, () -> command("git", "--version")),
            new Group(BUBBLEWRAP, "apt-get install bubblewrap (on a kernel that allows unprivileged user namespaces)",
                    false, TestGroups::bubblewrap),
            new Group(PYTHON3, "apt-get install python3", false, () -> command("python3", "--version")),
            new Group(IN_TOTO, "apt-get install python3-securesystemslib in-toto", false, TestGroups::inToto),
            new Group(SCRIPT, "apt-get install bsdutils (util-linux's script)", false, () -> command("script", "--version")),
            new Group(CURL, "apt-get install curl", false, () -> command("curl", "--version")),
            new Group(CHROMIUM, "apt-get install chromium", false, () -> command("chromium", "--version")),
            new Group(PYPI, "a network that reaches the Python package registry; -Dpatchverdict.require=pypi to insist",
                    true, () -> Optional.empty()));

    private static final Map<String, Optional<String>> PROBED = new ConcurrentHashMap<>();
    /** Groups a test of this machinery pretends are missing (and not required), while it runs other tests. */
    private static volatile Set<String> simulated = Set.of();

    private TestGroups() {}

    public static Optional<Group> group(String name) {
        return ALL.stream().filter(g -> g.name().equals(name)).findFirst();
    }

    /** Why the group cannot run here, or empty when it can; probed once per run. */
    public static Optional<String> missing(String name) {
        Group g = group(name).orElseThrow(() -> new IllegalArgumentException("no test group " + name));
        if (simulated.contains(name)) {
            return Optional.of("simulated: as on a machine without " + name);
        }
        return PROBED.computeIfAbsent(name, n -> g.probe().get());
    }

    /** Whether a missing {@code name} fails its tests rather than skipping them. */
    public static boolean required(String name) {
        return !simulated.contains(name) && required(name, System::getProperty);
    }

    static boolean required(String name, java.util.function.UnaryOperator<String> properties) {
        if (listed(properties.apply(SKIPPABLE)).contains(name)) {
            return false;
        }
        if (listed(properties.apply(REQUIRE)).contains(name)) {
            return true;
        }
        return Boolean.parseBoolean(properties.apply(REQUIRE_ALL)) && !group(name).map(Group::network).orElse(false);
    }

    private static Set<String> listed(String value) {
        return value == null ? Set.of() : Arrays.stream(value.split(",")).map(String::strip).filter(s -> !s.isEmpty())
                .collect(Collectors.toSet());
    }

    /** Runs {@code body} as on a machine without {@code groups}: they are missing, and not required. */
    static synchronized void simulateMissing(Set<String> groups, Runnable body) {
        Set<String> before = simulated;
        simulated = Set.copyOf(groups);
        try {
            body.run();
        } finally {
            simulated = before;
        }
    }

    /** Returns when the group can run here; otherwise skips the calling test, or fails it when the group is required. */
    public static void require(String name) {
        Optional<String> why = missing(name);
        if (why.isPresent()) {
            unavailable(name, why.get());
        }
    }

    /** For a group whose absence only the test itself finds out: skips, or fails when the group is required. */
    public static void requireThat(String name, boolean present, String why) {
        if (!present) {
            unavailable(name, why);
        }
    }

    static void unavailable(String name, String why) {
        if (required(name)) {
            fail("test group '" + name + "' is required here but cannot run: " + why);
        }
        throw new Missing(name, why);
    }

    /** A test skipped because its group cannot run here; the listener counts it under the group. */
    public static final class Missing extends TestAbortedException {
        private static final long serialVersionUID = 1L;
        private final String group;
        private final String why;

        Missing(String group, String why) {
            super("test group '" + group + "' skipped: " + why);
            this.group = group;
            this.why = why;
        }

        public String group() {
            return group;
        }

        public String why() {
            return why;
        }
    }

    /** The folder holding corpus/ and reference/ ({@code -Dpatchverdict.shared}, default ../shared). */
    public static Path sharedRoot() {
        return Path.of(System.getProperty("user.dir")).resolve(System.getProperty("patchverdict.shared", "../shared"))
                .normalize();
    }

    /** The upstream reference folder ({@code -Dpatchverdict.reference}, default shared/reference/idkmesh). */
    public static Path referenceRoot() {
        String p = System.getProperty("patchverdict.reference");
        return p == null ? sharedRoot().resolve("reference/idkmesh")
                : Path.of(System.getProperty("user.dir")).resolve(p).normalize();
    }

    private static Optional<String> folder(Path p, String what) {
        return Files.isDirectory(p) ? Optional.empty() : Optional.of(what + " is not at " + p);
    }

    /** Whether the command runs and exits 0, found on this JVM's PATH. */
    private static Optional<String> command(String... argv) {
        try {
            Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return Optional.of(argv[0] + " did not answer within 30 s");
            }
            return p.exitValue() == 0 ? Optional.empty() : Optional.of(String.join(" ", argv) + " exited " + p.exitValue());
        } catch (IOException e) {
            return Optional.of(argv[0] + " is not on PATH (" + e.getMessage() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted while probing " + argv[0]);
        }
    }

    private static Optional<String> bubblewrap() {
        Path scratch = null;
        try {
            scratch = Files.createTempDirectory("pv-bwrap-probe");
            // A root runner starts the sandbox as an unprivileged user, who must pass through the scratch folder.
            Files.setAttribute(scratch, "unix:mode", 0711);
            String path = System.getenv("PATH");
            return BubblewrapSandbox.locate(HostTools.fromEnvironment(path == null ? Map.of() : Map.of("PATH", path)), scratch)
                    .unavailableReason();
        } catch (IOException e) {
            return Optional.of("no scratch folder for the bubblewrap probe: " + e.getMessage());
        } finally {
            delete(scratch);
        }
    }

    private static Optional<String> inToto() {
        for (String python : List.of("/usr/bin/python3", "python3")) {
            if (command(python, "-c", "import securesystemslib, in_toto, cryptography").isEmpty()) {
                return Optional.empty();
            }
        }
        return Optional.of("no python3 with securesystemslib, in-toto and cryptography");
    }

    private static void delete(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a probe's leftover in the temporary folder is harmless
        }
    }
}
