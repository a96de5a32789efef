// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import dev.patchverdict.verify.Verifier;

/** The machine and implementation a result records; read here, at the edge, and injected. */
final class Environments {
    private Environments() {}

    static Verifier.Environment of(CliContext ctx) {
        String platform = System.getProperty("os.name", "unknown") + "-" + System.getProperty("os.version", "unknown") + "-"
                + System.getProperty("os.arch", "unknown");
        String runtime = "Java " + System.getProperty("java.version", "unknown");
        return new Verifier.Environment(ctx.clock(), platform, Version.get(), runtime);
    }
}
