// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The common command lines of the commands run once per patch (diff check, digest, validate, verify), recognised
 * without picocli: building picocli's model by reflection costs a short run as much as its work. Only plain
 * command lines are taken: known options given once, in {@code --name value} or {@code --name=value} form, with
 * values and operands that cannot be read as options. Anything else (help, a usage error, an option this class
 * does not list, {@code --}) returns null and picocli parses it, so both paths give the same result;
 * FastDispatchTest holds the lists here to the commands' declared options. Neither path reads argument files:
 * {@code @x} is the file {@code @x}.
 */
final class FastDispatch {
    private FastDispatch() {}

    /** One recognised command line: the command, configured, and whether --debug was given. */
    record Call(boolean debug, Command command) {}

    interface Command {
        Integer run(CliContext ctx) throws Exception;
    }

    static final Set<String> DIFF_CHECK_OPTIONS = Set.of("--profile", "--format", "--allow");
    static final Set<String> DIGEST_OPTIONS = Set.of("--raw");
    static final Set<String> VALIDATE_OPTIONS = Set.of();
    static final Set<String> VERIFY_OPTIONS = Set.of("--work-unit", "--result-manifest", "--candidate-root",
            "--evaluator-plan", "--output", "--bundle", "--held-out", "--format", "--attest", "--key", "--force");
    static final Set<String> FLAGS = Set.of("--raw", "--attest", "--force");

    /** The parsed words of a command line: options by name (each given once), operands in order. */
    private static final class Words {
        boolean debug;
        final List<String> names = new ArrayList<>();
        final List<String> values = new ArrayList<>();
        final List<String> operands = new ArrayList<>();

        String value(String name) {
            int i = names.indexOf(name);
            return i < 0 ? null : values.get(i);
        }

        List<String> all(String name) {
            List<String> out = new ArrayList<>();
            for (int i = 0; i < names.size(); i++) {
                if (names.get(i).equals(name)) {
                    out.add(values.get(i));
                }
            }
            return out;
        }
    }

    /** The command a plain command line runs, or null when picocli must parse it. */
    static Call of(String... args) {
        int at = 0;
        boolean debug = false;
        while (at < args.length && args[at].equals("--debug") && !debug) {
            debug = true;
            at++;
        }
        if (at >= args.length) {
            return null;
        }
        String name = args[at];
        if (name.equals("diff") && at + 1 < args.length && args[at + 1].equals("check")) {
            Words w = words(args, at + 2, DIFF_CHECK_OPTIONS, debug, Set.of("--allow"));
            if (w == null || w.operands.isEmpty()) {
                return null;
            }
            String format = w.value("--format");
            DiffCommand.Check c = new DiffCommand.Check();
            c.format = format == null ? DiffCommand.Format.TEXT : constant(DiffCommand.Format.class, format);
            if (c.format == null) {
                return null;
            }
            c.profile = w.value("--profile") == null ? "strict" : w.value("--profile");
            c.allow = w.all("--allow");
            c.files = w.operands;
            return new Call(w.debug, c::run);
        }
        if (name.equals("digest")) {
            Words w = words(args, at + 1, DIGEST_OPTIONS, debug, Set.of());
            if (w == null || w.operands.isEmpty()) {
                return null;
            }
            DigestCommand c = new DigestCommand();
            c.raw = w.names.contains("--raw");
            c.files = w.operands;
            return new Call(w.debug, c::run);
        }
        if (name.equals("validate")) {
            Words w = words(args, at + 1, VALIDATE_OPTIONS, debug, Set.of());
            if (w == null || w.operands.isEmpty()) {
                return null;
            }
            ValidateCommand c = new ValidateCommand();
            c.files = w.operands;
            return new Call(w.debug, c::run);
        }
        if (name.equals("verify")) {
            Words w = words(args, at + 1, VERIFY_OPTIONS, debug, Set.of());
            if (w == null || !w.operands.isEmpty()) {
                return null;
            }
            VerifyCommand c = new VerifyCommand();
            c.workUnit = w.value("--work-unit");
            c.resultManifest = w.value("--result-manifest");
            c.candidateRoot = w.value("--candidate-root");
            c.evaluatorPlan = w.value("--evaluator-plan");
            if (c.workUnit == null || c.resultManifest == null || c.candidateRoot == null || c.evaluatorPlan == null) {
                return null; // picocli names the missing required option
            }
            c.output = w.value("--output");
            c.bundle = w.value("--bundle");
            c.heldOut = w.value("--held-out");
            String format = w.value("--format");
            if (format != null) {
                c.format = constant(VerifyCommand.Format.class, format);
                if (c.format == null) {
                    return null;
                }
            }
            c.attest = w.names.contains("--attest");
            c.key = w.value("--key");
            c.force = w.names.contains("--force");
            return new Call(w.debug, c::run);
        }
        return null;
    }

    /**
     * The constant an option value names in lower case, as the help spells it; null for any other spelling, which
     * picocli (case-insensitive) then parses or refuses.
     */
    private static <E extends Enum<E>> E constant(Class<E> type, String value) {
        for (E e : type.getEnumConstants()) {
            if (e.name().toLowerCase(Locale.ROOT).equals(value)) {
                return e;
            }
        }
        return null;
    }

    /** The words after the command's name, or null when any of them is not plain. */
    private static Words words(String[] args, int from, Set<String> options, boolean debug, Set<String> repeatable) {
        Words w = new Words();
        w.debug = debug;
        Set<String> seen = new HashSet<>();
        for (int i = from; i < args.length; i++) {
            String a = args[i];
            if (a.equals("-") || !a.startsWith("-")) {
                w.operands.add(a);
                continue;
            }
            if (a.equals("--debug")) {
                if (w.debug) {
                    return null;
                }
                w.debug = true;
                continue;
            }
            int eq = a.indexOf('=');
            String name = eq < 0 ? a : a.substring(0, eq);
            if (!options.contains(name) || (!repeatable.contains(name) && !seen.add(name))) {
                return null;
            }
            if (FLAGS.contains(name)) {
                if (eq >= 0) {
                    return null;
                }
                w.names.add(name);
                w.values.add(null);
                continue;
            }
            String value;
            if (eq >= 0) {
                value = a.substring(eq + 1);
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                return null;
            }
            if (value.startsWith("-")) {
                return null;
            }
            w.names.add(name);
            w.values.add(value);
        }
        return w;
    }
}
