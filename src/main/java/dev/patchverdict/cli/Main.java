// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import java.nio.file.InvalidPathException;
import dev.patchverdict.text.SafeText;
import dev.patchverdict.diff.DiffReaderBug;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import picocli.CommandLine;

/** Entry point. {@link #run} is what tests call; {@link #main} only binds it to the process. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        // The jar carries SLF4J's no-op provider without registering it, so that beside Spark's jars Spark's own logging
        // is the only provider found; the command line names it here, before any library logs, and quietly.
        if (System.getProperty("slf4j.provider") == null) {
            System.setProperty("slf4j.internal.verbosity", "WARN");
            System.setProperty("slf4j.provider", "org.slf4j.nop.NOPServiceProvider");
        }
        CliContext ctx = new CliContext(
                System.in,
                new PrintStream(System.out, true, StandardCharsets.UTF_8),
                new PrintStream(System.err, true, StandardCharsets.UTF_8),
                Clock.systemUTC(),
                System.getenv(),
                Path.of(""),
                isTerminal(2),
                isTerminal(1));
        if (java.util.Arrays.asList(args).contains("behave")) {
            stopRunsOnExit(ctx);
        }
        System.exit(run(ctx, args));
    }

    /**
     * Whether standard output (1) or error (2) is a terminal: as the launcher tested it ({@code [[ -t N ]]}, passed as
     * {@code -Dpatchverdict.terminals=1,2}), else as Linux names the descriptor's file; elsewhere, never.
     */
    static boolean isTerminal(int fd) {
        String said = System.getProperty("patchverdict.terminals");
        if (said != null) {
            return java.util.Arrays.asList(dev.patchverdict.text.Split.all(said, ',')).contains(Integer.toString(fd));
        }
        try {
            String target = java.nio.file.Files.readSymbolicLink(Path.of("/proc/self/fd/" + fd)).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (java.io.IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    /**
     * SIGTERM, SIGINT and SIGHUP make the JVM exit with 128 + the signal's number and run its
     * shutdown hooks: this one stops a behave run still going (its sandbox killed and waited for,
     * its scratch space removed) and says so in one line. A command that finished has nothing
     * running, and the hook says nothing. Only a command line that may run behave loads it.
     */
    private static void stopRunsOnExit(CliContext ctx) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> dev.patchverdict.behave.Behave.stop().ifPresent(left -> {
            ctx.err().println("patchverdict: behave: stopped before the end of the run; its processes were killed and "
                    + (left.isEmpty() ? "its scratch space removed" : "cleanup left: " + String.join("; ", left)));
            ctx.err().flush();
        }), "behave-stop"));
    }

    /** Runs one command line with the given streams; returns the exit code, never calls exit. */
    public static int run(InputStream in, PrintStream out, PrintStream err, String... args) {
        return run(new CliContext(in, out, err, Clock.systemUTC(), Map.of(), Path.of(""), false), args);
    }

    public static int run(CliContext ctx, String... args) {
        FastDispatch.Call fast = FastDispatch.of(args);
        if (fast == null) {
            return parseAndRun(ctx, args);
        }
        int rc;
        try {
            rc = fast.command().run(ctx);
        } catch (Exception ex) {
            rc = failed(ctx, ex, fast.debug());
        } catch (VirtualMachineError e) {
            rc = failed(ctx, e, fast.debug());
        }
        ctx.out().flush();
        ctx.err().flush();
        return rc;
    }

    /** Runs a command line as picocli parses it (every command line but the plain ones {@link FastDispatch} knows). */
    static int parseAndRun(CliContext ctx, String... args) {
        CommandLine cl = RootCommand.commandLine(ctx, args); // subcommands first: the settings below reach only present ones
        RootCommand root = (RootCommand) cl.getCommand();
        cl.setOut(new PrintWriter(ctx.out(), true));
        cl.setErr(new PrintWriter(ctx.err(), true));
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setExpandAtFiles(false); // a file named @x is a file: names a commit stages must never turn into options
        cl.setParameterExceptionHandler((ex, a) -> {
            ctx.err().println("patchverdict: usage: " + SafeText.escape(ex.getMessage()));
            ctx.err().println("Try 'patchverdict " + commandPath(ex.getCommandLine()) + "--help' for more information.");
            return ExitCode.USAGE;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> failed(ctx, ex, root.debug()));
        int rc;
        try {
            rc = cl.execute(args);
        } catch (VirtualMachineError e) {
            rc = failed(ctx, e, root.debug());
        }
        ctx.out().flush();
        ctx.err().flush();
        return rc;
    }

    /**
     * What a command that threw prints, and its exit code: a CliException's own, otherwise an internal error. A
     * message names inputs a worker may have chosen, so it is escaped ({@link SafeText}): no byte of it reaches the
     * terminal as a control. A path the file system cannot hold (a NUL in it) is bad input, wherever it surfaced.
     */
    private static int failed(CliContext ctx, Exception ex, boolean debug) {
        if (ex instanceof InvalidPathException ip) {
            ctx.err().println("patchverdict: " + SafeText.escape("'" + ip.getInput() + "' is not a usable path: " + ip.getReason()));
            if (debug) {
                ex.printStackTrace(ctx.err());
            }
            return ExitCode.UNDECIDED;
        }
        if (ex instanceof CliException ce) {
            ctx.err().println("patchverdict: " + SafeText.escape(ce.getMessage()));
            if (debug) {
                ex.printStackTrace(ctx.err());
            }
            return ce.exitCode();
        }
        ctx.err().println("patchverdict: internal error: " + SafeText.escape(String.valueOf(ex instanceof DiffReaderBug ? ex.getMessage() : ex)));
        if (debug) {
            ex.printStackTrace(ctx.err());
        } else {
            ctx.err().println("(run again with --debug for the stack trace)");
        }
        return ExitCode.UNDECIDED;
    }

    /** Out of memory or stack: no verdict, and one line rather than a stack trace and exit 1. */
    private static int failed(CliContext ctx, VirtualMachineError e, boolean debug) {
        ctx.err().println("patchverdict: internal error: " + e
                + (e instanceof OutOfMemoryError ? " (the input is beyond what this heap holds)" : ""));
        if (debug) {
            e.printStackTrace(ctx.err());
        }
        return ExitCode.UNDECIDED;
    }

    private static String commandPath(CommandLine cl) {
        StringBuilder sb = new StringBuilder();
        for (CommandLine c = cl; c != null && c.getParent() != null; c = c.getParent()) {
            sb.insert(0, c.getCommandName() + " ");
        }
        return sb.toString();
    }
}
