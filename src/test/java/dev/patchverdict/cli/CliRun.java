// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

/** One command line run in-process, as a user would run it, with what it printed. */
record CliRun(int code, String out, String err) {

    static CliRun in(Path workingDirectory, String... args) {
        return in(workingDirectory, Clock.systemUTC(), new byte[0], args);
    }

    static CliRun in(Path workingDirectory, Clock clock, byte[] stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CliContext ctx = new CliContext(new ByteArrayInputStream(stdin),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                clock, Map.of(), workingDirectory, false);
        int code = Main.run(ctx, args);
        return new CliRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
