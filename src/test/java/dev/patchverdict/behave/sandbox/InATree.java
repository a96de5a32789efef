// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import static dev.patchverdict.behave.sandbox.TestSandbox.LIMITS;
import static dev.patchverdict.behave.sandbox.TestSandbox.PATH_ONLY;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** Tests that run programs over one tree in the real sandbox, from a scratch folder of their own. */
abstract class InATree {
    @TempDir
    Path scratch;

    Path tree;
    BubblewrapSandbox sandbox;

    @BeforeEach
    void makeTreeAndSandbox() throws Exception {
        tree = Files.createDirectory(scratch.resolve("tree"));
        sandbox = TestSandbox.required(scratch);
    }

    /** Runs a Python program, one line an argument, in the tree. */
    RunRecord python(String... program) throws Exception {
        return sandbox.run(new RunRequest(tree, ".", List.of("python3", "-c", String.join("\n", program)),
                PATH_ONLY, Duration.ofSeconds(20), LIMITS));
    }
}
