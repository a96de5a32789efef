// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import java.nio.file.Files;

/**
 * A runner that is killed mid-run, for {@link StaleScratchTest}: makes a scratch space in the
 * folder named by its argument, puts a file in it, prints its path and waits to be killed.
 */
public final class HoldScratch {
    private HoldScratch() {}

    public static void main(String[] args) throws Exception {
        ScratchSpace s = ScratchSpace.create(java.nio.file.Path.of(args[0]));
        Files.writeString(s.directory("work").resolve("tree-file"), "left by a runner killed mid-run");
        System.out.println(s.root());
        System.out.flush();
        Thread.sleep(120_000);
    }
}
