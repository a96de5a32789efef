package dev.patchverdict;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.opentest4j.TestAbortedException;

/**
 * What differential tests need from outside the project: the shared corpus and reference folder beside it,
 * and git. A developer's partial checkout skips those tests; with {@code -Dpatchverdict.require.shared=true}
 * (as {@code .ci/run} sets it) every such skip is a failure, so CI cannot pass by skipping.
 */
public final class SharedData {
    public static final String REQUIRE = "patchverdict.require.shared";

    private SharedData() {}

    public static boolean required() {
        return Boolean.getBoolean(REQUIRE);
    }

    /** Returns when {@code present}; otherwise skips the calling test, or fails it when skipping is forbidden. */
    public static void require(boolean present, String missing) {
        require(present, missing, required());
    }

    static void require(boolean present, String missing, boolean required) {
        if (present) {
            return;
        }
        if (required) {
            fail(missing + "; -D" + REQUIRE + "=true forbids skipping");
        }
        throw new TestAbortedException(missing + "; skipped (a partial checkout)");
    }

    /** The shared corpus of real diffs ({@code ../shared/corpus}), or a skip/failure when it is absent. */
    public static Path corpus() {
        Path p = Path.of(System.getProperty("user.dir")).resolve("../shared/corpus").normalize();
        require(Files.isDirectory(p), "the shared corpus is not at " + p);
        return p;
    }

    /** The upstream reference folder ({@code -Dpatchverdict.reference}, default {@code ../shared/reference/idkmesh}). */
    public static Path reference() {
        Path root = Path.of(System.getProperty("patchverdict.reference", "../shared/reference/idkmesh"))
                .toAbsolutePath().normalize();
        require(Files.isDirectory(root), "upstream reference folder " + root + " is absent (set -Dpatchverdict.reference=<folder>)");
        return root;
    }

    /**
     * Whether golden files are to be rewritten ({@code -Dpatchverdict.fixtures.update=true}); refused where the
     * {@code CI} environment variable is set, since CI must check expectations, never rewrite them.
     */
    public static boolean fixturesUpdate(boolean asked, Map<String, String> env) {
        if (asked && env.get("CI") != null) {
            fail("-Dpatchverdict.fixtures.update=true is refused when CI is set: expectations are checked there, not rewritten");
        }
        return asked;
    }
}
