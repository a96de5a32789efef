// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.Map;
import org.opentest4j.TestAbortedException;

/**
 * The shared corpus and the upstream reference folder beside the project, as {@link TestGroups} finds them: a
 * test that reads one skips where it is absent (counted under its group), and fails under
 * {@code -Dpatchverdict.require.shared=true} (as {@code .ci/run} sets it), so CI cannot pass by skipping.
 */
public final class SharedData {
    public static final String REQUIRE = TestGroups.REQUIRE_ALL;

    private SharedData() {}

    /** Whether every group is required ({@code -Dpatchverdict.require.shared=true}). */
    public static boolean required() {
        return Boolean.getBoolean(REQUIRE);
    }

    /** Returns when {@code present}; otherwise skips the calling test, or fails it when every group is required. */
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

    /** The shared corpus of real diffs ({@code -Dpatchverdict.shared=DIR}, default ../shared, then corpus/). */
    public static Path corpus() {
        TestGroups.require(TestGroups.SHARED_CORPUS);
        return TestGroups.sharedRoot().resolve("corpus");
    }

    /** The upstream reference folder ({@code -Dpatchverdict.reference}, default {@code ../shared/reference/idkmesh}). */
    public static Path reference() {
        TestGroups.require(TestGroups.REFERENCE);
        return TestGroups.referenceRoot();
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
