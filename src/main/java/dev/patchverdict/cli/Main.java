package dev.patchverdict.cli;

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
        CliContext ctx = new CliContext(
                System.in,
                new PrintStream(System.out, true, StandardCharsets.UTF_8),
                new PrintStream(System.err, true, StandardCharsets.UTF_8),
                Clock.systemUTC(),
                System.getenv(),
                Path.of(""),
                System.console() != null);
        System.exit(run(ctx, args));
    }

    /** Runs one command line with the given streams; returns the exit code, never calls exit. */
    public static int run(InputStream in, PrintStream out, PrintStream err, String... args) {
        return run(new CliContext(in, out, err, Clock.systemUTC(), Map.of(), Path.of(""), false), args);
    }

    public static int run(CliContext ctx, String... args) {
        RootCommand root = new RootCommand(ctx);
        CommandLine cl = new CommandLine(root);
        for (String name : RootCommand.subcommandsFor(args)) {
            cl.addSubcommand(name, RootCommand.subcommand(name)); // before the settings below, which reach only present subcommands
        }
        cl.setOut(new PrintWriter(ctx.out(), true));
        cl.setErr(new PrintWriter(ctx.err(), true));
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setParameterExceptionHandler((ex, a) -> {
            ctx.err().println("patchverdict: usage: " + ex.getMessage());
            ctx.err().println("Try 'patchverdict " + commandPath(ex.getCommandLine()) + "--help' for more information.");
            return ExitCode.USAGE;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            if (ex instanceof CliException ce) {
                ctx.err().println("patchverdict: " + ce.getMessage());
                if (root.debug()) {
                    ex.printStackTrace(ctx.err());
                }
                return ce.exitCode();
            }
            ctx.err().println("patchverdict: internal error: " + (ex instanceof DiffReaderBug ? ex.getMessage() : ex));
            if (root.debug()) {
                ex.printStackTrace(ctx.err());
            } else {
                ctx.err().println("(run again with --debug for the stack trace)");
            }
            return ExitCode.UNDECIDED;
        });
        int rc;
        try {
            rc = cl.execute(args);
        } catch (VirtualMachineError e) {
            // Out of memory or stack: no verdict, and one line rather than a stack trace and exit 1.
            ctx.err().println("patchverdict: internal error: " + e
                    + (e instanceof OutOfMemoryError ? " (the input is beyond what this heap holds)" : ""));
            if (root.debug()) {
                e.printStackTrace(ctx.err());
            }
            rc = ExitCode.UNDECIDED;
        }
        ctx.out().flush();
        ctx.err().flush();
        return rc;
    }

    private static String commandPath(CommandLine cl) {
        StringBuilder sb = new StringBuilder();
        for (CommandLine c = cl; c != null && c.getParent() != null; c = c.getParent()) {
            sb.insert(0, c.getCommandName() + " ");
        }
        return sb.toString();
    }
}
