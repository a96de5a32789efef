// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import dev.patchverdict.verify.Verifier;

/** The machine and implementation a result records; read here, at the edge, and injected. */
public final class Environments {
    private Environments() {}

    static Verifier.Environment of(CliContext ctx) {
        return of(ctx.clock());
    }

    /** This machine and this build, with {@code clock} for the times a result records. */
    public static Verifier.Environment of(java.time.Clock clock) {
        String platform = System.getProperty("os.name", "unknown") + "-" + System.getProperty("os.version", "unknown") + "-"
                + System.getProperty("os.arch", "unknown");
        String runtime = "Java " + System.getProperty("java.version", "unknown");
        return new Verifier.Environment(clock, platform, Version.get(), runtime);
    }
}
