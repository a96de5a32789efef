// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import dev.patchverdict.fs.Containment;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The bubblewrap sandbox. Every run gets: all namespaces unshared (so no network, no view of host
 * processes, no host IPC), a new user namespace with uid/gid 65534 and no capabilities, nested
 * user namespaces disabled, {@code --die-with-parent} and {@code --new-session}; {@code /usr} and
 * the few {@code /etc} files the dynamic loader needs read-only; a fresh {@code /proc},
 * {@code /dev} and size-capped tmpfs {@code /tmp}; the tree at {@code /tree} as the only writable
 * host path; a cleared environment plus the check's allow-list; and CPU, address-space,
 * file-size and core-size limits set by {@code prlimit} before the program starts.
 *
 * <p>The exit status is observed out of band: a fixed Perl wrapper (no shell, no user text in
 * its source) waits for the program and writes the raw wait status to file descriptor 3, which a
 * fixed launcher opened on a host file outside every mount. That is how a SIGKILL is told apart
 * from {@code exit 137}, and a sandbox that never started from a program that failed.
 *
 * <p>A runner running as root starts bubblewrap as an unprivileged host user instead
 * ({@code setpriv}, every capability and supplementary group dropped), because the kernel enforces
 * neither {@code RLIMIT_NPROC} nor file permissions for root. By default that user is fresh for
 * each sandbox, an id no host process, account or group has (it needs no account: setpriv and
 * bubblewrap take numbers), so no other host process can reach the tree it owns, join or trace its
 * user namespace, or use up its process limit. The tree is handed over to that user first;
 * inputs are copied into the sandbox from descriptors the launcher opened, so the user needs no
 * access to them on the host. The tree itself is bound by path: bubblewrap 0.8's
 * {@code --bind-fd} resolves the descriptor back to its path and walks it as the user, so it
 * needs the same search permission on the folders above.
 */
public final class BubblewrapSandbox implements Sandbox {
    /** Where the tree appears inside the sandbox; the same path for base and patched trees. */
    public static final String TREE_MOUNT = "/tree";
    static final int SANDBOX_ID = 65534;

    /** Inputs are handed over on descriptors 4 to 9: the launcher's shell redirects single digits only. */
    static final int MAX_INPUTS = 6;

    /**
     * Opens descriptor 3 on the status file named by the first argument and descriptors 4 on, for
     * reading, on the input files named by the next ones, then becomes the rest of the argument
     * list. Fixed text apart from the count: every path is passed as a positional parameter.
     */
    static String launcher(int inputs) {
        if (inputs < 0 || inputs > MAX_INPUTS) {
            throw new IllegalArgumentException("at most " + MAX_INPUTS + " inputs: " + inputs);
        }
        StringBuilder b = new StringBuilder("exec 3>\"$0\"");
        for (int i = 1; i <= inputs; i++) {
            b.append(' ').append(3 + i).append("<\"$").append(i).append('"');
        }
        b.append(inputs == 0 ? "" : " && shift " + inputs);
        return b.append(" && exec \"$@\"").toString();
    }

    /**
     * Makes itself non-dumpable (so the program, which runs as the same uid, can neither open
     * {@code /proc/<wrapper>/fd/3} nor read or trace the wrapper), reports "started" to
     * descriptor 3, runs argv as given (exec with an explicit program never involves a shell) with
     * exactly the check's environment, set in the child just before exec, then reports "exit N",
     * "signal N" or "exec-failed why" and exits as the program did. The wrapper itself runs with an
     * empty environment, so nothing of the check (PERL5LIB, PERL5OPT, LD_PRELOAD) reaches it.
     * Descriptor 3 is close-on-exec, so the program does not inherit it.
     */
    static final String WRAPPER = String.join("\n",
            "use strict; use warnings; use Fcntl qw(F_SETFD FD_CLOEXEC); use POSIX ();",
            "my $nr = shift @ARGV; my $n = shift @ARGV; my @env = splice(@ARGV, 0, $n);",
            "syscall($nr, 4, 0, 0, 0, 0) == 0 or POSIX::_exit(125);",
            "open(my $st, '>&=', 3) or POSIX::_exit(125);",
            "fcntl($st, F_SETFD, FD_CLOEXEC) or POSIX::_exit(125);",
            "select((select($st), $| = 1)[0]);",
            "print $st \"started\\n\";",
            "pipe(my $r, my $w) or do { print $st \"error pipe: $!\\n\"; POSIX::_exit(125) };",
            "my $pid = fork();",
            "defined $pid or do { print $st \"error fork: $!\\n\"; POSIX::_exit(125) };",
            "if ($pid == 0) {",
            "  close $r; close $st;",
            "  %ENV = (); for my $kv (@env) { my ($k, $v) = split(/=/, $kv, 2); $ENV{$k} = $v; }",
            "  { no warnings 'exec'; exec { $ARGV[0] } @ARGV; }",
            "  syswrite $w, \"$!\"; POSIX::_exit(127);",
            "}",
            "close $w;",
            "my $err = ''; sysread($r, $err, 4096);",
            "waitpid($pid, 0) == $pid or do { print $st \"error wait: $!\\n\"; POSIX::_exit(125) };",
            "my $s = $?;",
            "if (length $err) { $err =~ s/\\n/ /g; print $st \"exec-failed $err\\n\"; POSIX::_exit(127); }",
            "if ($s & 127) { print $st 'signal ', ($s & 127), \"\\n\"; POSIX::_exit(128 + ($s & 127)); }",
            "print $st 'exit ', ($s >> 8), \"\\n\"; POSIX::_exit($s >> 8);",
            "");

    /** prctl(2)'s system call number, for the wrapper's PR_SET_DUMPABLE; empty where it is not known. */
    static OptionalInt prctlNumber(String arch) {
        return switch (arch) {
            case "amd64", "x86_64" -> OptionalInt.of(157);
            case "aarch64", "arm64", "riscv64", "loongarch64" -> OptionalInt.of(167);
            default -> OptionalInt.empty();
        };
    }

    private static final OptionalInt PRCTL = prctlNumber(System.getProperty("os.arch", ""));

    private static final List<String> ROOT_DIRS = List.of("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32");
    /** Only what the dynamic loader and alternatives symlinks need; nothing identifying the host. */
    private static final List<String> ETC_FILES = List.of(
            "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives", "/etc/localtime");

    private final Optional<Path> bwrap;
    private final Path sh;
    private final Optional<Path> prlimit;
    private final Optional<Path> perl;
    private final Path scratch;
    private final HostLimits host;
    private final Optional<Path> setpriv;
    /** The runner's effective uid; empty when it could not be read (then nothing runs). */
    private final OptionalInt runnerUid;
    /** The host user a root runner becomes: the fixed one, or one chosen for this sandbox alone. */
    private final SandboxUser user;
    private Optional<String> unavailable;
    private volatile String version = "unknown";

    public BubblewrapSandbox(Optional<Path> bwrap, Path sh, Optional<Path> prlimit, Optional<Path> perl, Path scratch) {
        this(bwrap, sh, prlimit, perl, scratch, HostLimits.DEFAULT);
    }

    public BubblewrapSandbox(Optional<Path> bwrap, Path sh, Optional<Path> prlimit, Optional<Path> perl, Path scratch,
            HostLimits host) {
        this(bwrap, sh, prlimit, perl, Optional.empty(), scratch, host, effectiveUid());
    }

    /**
     * Every tree it runs on must lie inside {@code scratch}. {@code runnerUid} is the runner's
     * effective uid: 0 makes every run start as the host user through {@code setpriv}: the fixed
     * {@code host.user()}, or else a fresh one no host process, account or group has.
     */
    public BubblewrapSandbox(Optional<Path> bwrap, Path sh, Optional<Path> prlimit, Optional<Path> perl,
            Optional<Path> setpriv, Path scratch, HostLimits host, OptionalInt runnerUid) {
        this.host = java.util.Objects.requireNonNull(host, "host");
        this.bwrap = bwrap;
        this.sh = sh;
        this.prlimit = prlimit;
        this.perl = perl;
        this.setpriv = java.util.Objects.requireNonNull(setpriv, "setpriv");
        this.scratch = scratch;
        this.runnerUid = java.util.Objects.requireNonNull(runnerUid, "runnerUid");
        // Choosing a fresh user scans every host process: only a runner that drops privileges uses one.
        this.user = host.user().orElseGet(() -> dropsPrivileges()
                ? SandboxUser.fresh(new java.security.SecureRandom(), HostIds.inUse()) : SandboxUser.NOBODY);
    }

    /** Finds bwrap, prlimit and perl on the injected search path. */
    public static BubblewrapSandbox locate(HostTools tools, Path scratch) {
        return locate(tools, scratch, HostLimits.DEFAULT);
    }

    /**
     * Finds the tools, with the runner's own limits on processes, /dev/shm and the tree, and the
     * user a root runner becomes. Every tree it runs on must lie inside {@code scratch}.
     */
    public static BubblewrapSandbox locate(HostTools tools, Path scratch, HostLimits host) {
        return new BubblewrapSandbox(tools.find("bwrap"), Path.of("/bin/sh"),
                tools.find("prlimit").flatMap(BubblewrapSandbox::insideUsr),
                tools.find("perl").flatMap(BubblewrapSandbox::insideUsr), tools.find("setpriv"), scratch, host,
                effectiveUid());
    }

    /** The effective uid of this process, from {@code /proc/self/status}; empty when it cannot be read. */
    public static OptionalInt effectiveUid() {
        // Unknown: the probe then refuses to run anything rather than risk running as root.
        return HostIds.effectiveUid(Path.of("/proc/self/status"));
    }

    /** The host user a root runner starts the sandbox as. */
    SandboxUser hostUser() {
        return user;
    }

    /** Whether runs start as {@link #hostUser()} rather than as the runner itself. */
    boolean dropsPrivileges() {
        return runnerUid.isEmpty() || runnerUid.getAsInt() == 0;
    }

    /** A helper is usable inside the sandbox only if it lives under the read-only /usr mount. */
    private static Optional<Path> insideUsr(Path p) {
        try {
            Path real = p.toRealPath();
            return real.startsWith("/usr/") ? Optional.of(real) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    @Override
    public synchronized Optional<String> unavailableReason() {
        if (unavailable == null) {
            unavailable = probe();
        }
        return unavailable;
    }

    @Override
    public Map<String, String> toolVersions() {
        unavailableReason();
        return Map.of("bubblewrap", version);
    }

    @Override
    public String describe() {
        unavailableReason();
        String hostUser = dropsPrivileges()
                ? "host uid:gid " + user + (host.user().isEmpty() ? ", this runner's alone" : user.isNobody()
                        ? ", shared with the host's nobody" : "") + ", dropped to from root"
                : "host uid " + runnerUid.getAsInt() + ", the runner's own";
        return "bubblewrap " + version + ": all namespaces unshared (no network), uid/gid " + SANDBOX_ID
                + " (" + hostUser + "), no capabilities, /usr read-only, tree at " + TREE_MOUNT
                + " the only writable host path (at most " + host.treeBytes() + " bytes after each run), tmpfs /tmp, /dev/shm"
                + " of " + host.shmBytes() + " bytes, cleared environment, prlimit CPU/AS/FSIZE/CORE and NPROC "
                + host.processes();
    }

    private Optional<String> probe() {
        if (bwrap.isEmpty()) {
            return Optional.of("bubblewrap (bwrap) is not installed or not on PATH; install the bubblewrap package");
        }
        if (!Files.isExecutable(sh)) {
            return Optional.of(sh + " is missing");
        }
        if (prlimit.isEmpty()) {
            return Optional.of("prlimit (util-linux) is not installed under /usr, so limits cannot be set");
        }
        if (perl.isEmpty()) {
            return Optional.of("perl is not installed under /usr, so the exit status cannot be observed");
        }
        if (PRCTL.isEmpty()) {
            return Optional.of("the status wrapper cannot protect itself on " + System.getProperty("os.arch")
                    + " (prctl's system call number is not known)");
        }
        if (runnerUid.isEmpty()) {
            return Optional.of("the runner's own uid cannot be read from /proc/self/status, so it cannot tell whether"
                    + " it must drop root before starting the sandbox");
        }
        if (dropsPrivileges()) {
            if (setpriv.isEmpty()) {
                return Optional.of("the runner is root and setpriv (util-linux) is not installed, so it cannot start"
                        + " the sandbox as the unprivileged user " + user + "; it never runs checks as root");
            }
            Optional<String> userns = UserNamespaces.unavailableReason();
            if (userns.isPresent()) {
                return userns;
            }
        }
        try {
            ProcessSupervisor.Finished v = ProcessSupervisor.run(List.of(bwrap.get().toString(), "--version"),
                    scratch, Map.of(), Duration.ofSeconds(10), 4096);
            String text = new String(v.stdout().bytes(), StandardCharsets.UTF_8).trim();
            if (v.exitCode().orElse(-1) != 0) {
                return Optional.of(bwrap.get() + " --version failed");
            }
            version = text.replaceFirst("^bubblewrap\\s+", "");
            Path tree = Files.createTempDirectory(scratch, "probe");
            RunRecord r = run(new RunRequest(tree, ".", List.of("true"), Map.of(), Duration.ofSeconds(10),
                    new SandboxLimits(10, 5, 64, 4096, 4096)));
            if (!r.outcome().exitedWith(0)) {
                String why = firstLine(r.stderr().text());
                return Optional.of("bubblewrap cannot create the sandbox here (" + r.outcome().describe()
                        + (why.isEmpty() ? "" : "; " + why) + ")" + (dropsPrivileges() ? " as the unprivileged user "
                        + user + ", which needs unprivileged user namespaces" : ""));
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("bubblewrap could not be started: " + e.getMessage());
        }
    }

    @Override
    public RunRecord run(RunRequest request) throws IOException {
        if (bwrap.isEmpty() || prlimit.isEmpty() || perl.isEmpty()) {
            return RunRecord.notRun(request.argv(), "no sandbox is available");
        }
        Path hostCwd = request.tree().resolve(request.cwd()).normalize();
        if (!Containment.isInside(hostCwd, request.tree()) || !Files.isDirectory(hostCwd, LinkOption.NOFOLLOW_LINKS)) {
            return RunRecord.notRun(request.argv(), "cwd '" + request.cwd() + "' is not a directory in the tree");
        }
        if (request.inputs().size() > MAX_INPUTS) {
            return RunRecord.notRun(request.argv(), "more than " + MAX_INPUTS + " inputs");
        }
        if (dropsPrivileges()) {
            if (setpriv.isEmpty() || runnerUid.isEmpty()) {
                return RunRecord.notRun(request.argv(), "the sandbox cannot be started as an unprivileged user");
            }
            Optional<String> refused = HandOver.prepare(scratch, request.tree(), user);
            if (refused.isPresent()) {
                return RunRecord.notRun(request.argv(), refused.get());
            }
        }
        Optional<String> over = overBudget(request.tree(), "before the run", () -> false);
        if (over.isPresent()) {
            return new RunRecord(request.argv(), new RunOutcome.OverBudget(over.get()), CapturedOutput.empty(),
                    CapturedOutput.empty(), Duration.ZERO);
        }
        Path status = Files.createTempFile(scratch, "status", ".txt");
        try {
            List<String> command = command(request, status);
            Duration timeout = request.timeout();
            // The tree is looked at while the program runs too: a run writing past the budget is stopped.
            ProcessSupervisor.Finished f = ProcessSupervisor.run(command, scratch, Map.of(), timeout,
                    request.limits().outputBytes(), expired -> overBudget(request.tree(), "while the program ran", expired));
            RunOutcome outcome = f.stoppedBecause().isPresent()
                    ? new RunOutcome.OverBudget(f.stoppedBecause().get() + "; the sandbox was killed")
                    : f.timedOut()
                    ? new RunOutcome.TimedOut(timeout)
                    : interpret(Files.readAllLines(status, StandardCharsets.UTF_8), f.exitCode(), f.stderr());
            // Measured again once the sandbox is gone: a run that left the tree over the budget (between
            // two looks, or in its last moments) says nothing about behaviour, whatever its status.
            over = overBudget(request.tree(), "after the run, which " + outcome.describe(), () -> false);
            if (over.isPresent() && !(outcome instanceof RunOutcome.OverBudget)) {
                outcome = new RunOutcome.OverBudget(over.get());
            }
            return new RunRecord(request.argv(), outcome, f.stdout(), f.stderr(), f.duration());
        } finally {
            Files.deleteIfExists(status);
        }
    }

    /**
     * Why the tree is not within the budget, if it is not. Measured only, never changed: a tree
     * that cannot be measured (a folder the runner cannot read) is not known to be within it.
     */
    private Optional<String> overBudget(Path tree, String when, java.util.function.BooleanSupplier expired) {
        TreeSize.Measure m = TreeSize.measure(tree, host.treeBytes(), expired);
        if (m instanceof TreeSize.Measure.Over o) {
            return Optional.of("the tree holds at least " + o.atLeast() + " bytes " + when
                    + ", over the runner's budget of " + host.treeBytes() + " bytes (--max-tree-bytes)");
        }
        if (m instanceof TreeSize.Measure.Unmeasured u && !expired.getAsBoolean()) {
            return Optional.of("the tree's size cannot be checked " + when + ": " + u.reason());
        }
        // Within the budget, or the timeout passed mid-look: the timeout then ends the run.
        return Optional.empty();
    }

    /** The full command line: launcher, bubblewrap, limits, wrapper, then argv untouched. */
    List<String> command(RunRequest request, Path status) {
        SandboxLimits limits = request.limits();
        List<String> c = new ArrayList<>();
        c.add(sh.toString());
        c.add("-c");
        c.add(launcher(request.inputs().size()));
        c.add(status.toString());
        for (Path in : request.inputs().values()) {
            c.add(in.toString());
        }
        if (dropsPrivileges()) {
            SandboxUser u = user;
            c.addAll(List.of(setpriv.orElseThrow().toString(), "--reuid", Integer.toString(u.uid()), "--regid",
                    Integer.toString(u.gid()), "--clear-groups", "--inh-caps=-all", "--bounding-set=-all",
                    "--no-new-privs", "--"));
        }
        c.add(bwrap.orElseThrow().toString());
        c.addAll(List.of("--unshare-all", "--unshare-user", "--disable-userns", "--die-with-parent", "--new-session",
                "--cap-drop", "ALL", "--uid", Integer.toString(SANDBOX_ID), "--gid", Integer.toString(SANDBOX_ID),
                "--hostname", "sandbox"));
        c.addAll(List.of("--ro-bind", "/usr", "/usr"));
        for (String dir : ROOT_DIRS) {
            Path p = Path.of(dir);
            if (Files.isSymbolicLink(p)) {
                try {
                    c.addAll(List.of("--symlink", Files.readSymbolicLink(p).toString(), dir));
                } catch (IOException e) {
                    // An unreadable link is left out; programs needing it fail visibly inside.
                }
            } else if (Files.isDirectory(p)) {
                c.addAll(List.of("--ro-bind", dir, dir));
            }
        }
        for (String f : ETC_FILES) {
            c.addAll(List.of("--ro-bind-try", f, f));
        }
        c.addAll(List.of("--proc", "/proc", "--dev", "/dev"));
        // bwrap's /dev has a writable /dev/shm of unbounded size; a capped tmpfs replaces it.
        c.addAll(List.of("--size", Long.toString(host.shmBytes()), "--tmpfs", "/dev/shm"));
        c.addAll(List.of("--size", Long.toString(limits.memoryBytes()), "--tmpfs", "/tmp"));
        c.addAll(List.of("--bind", request.tree().toString(), TREE_MOUNT));
        // Copied from the launcher's descriptors (4 on, in the order of the file names above).
        int fd = 4;
        for (String name : request.inputs().keySet()) {
            c.addAll(List.of("--ro-bind-data", Integer.toString(fd++), RunRequest.INPUT_MOUNT + "/" + name));
        }
        c.addAll(List.of("--chdir", request.cwd().equals(".") ? TREE_MOUNT : TREE_MOUNT + "/" + request.cwd()));
        c.addAll(List.of("--remount-ro", "/"));
        // The runner's own helpers (prlimit, the wrapper) get no environment at all; the check's
        // environment is handed to the wrapper as arguments and applied only at the program's exec.
        c.add("--clearenv");
        c.add("--");
        c.add(prlimit.orElseThrow().toString());
        c.add("--cpu=" + limits.cpuSeconds());
        c.add("--as=" + limits.memoryBytes());
        c.add("--fsize=" + limits.fileSizeBytes());
        c.add("--core=0");
        // Counted per host uid by the kernel, and not enforced for root: hence the drop above.
        c.add("--nproc=" + host.processes());
        c.add("--");
        c.add(perl.orElseThrow().toString());
        c.add("-e");
        c.add(WRAPPER);
        c.add("--");
        c.add(Integer.toString(PRCTL.orElse(-1)));
        c.add(Integer.toString(request.env().size()));
        for (Map.Entry<String, String> e : request.env().entrySet()) {
            c.add(e.getKey() + "=" + e.getValue());
        }
        c.addAll(request.argv());
        return c;
    }

    /** Reads the wrapper's report and checks it against bubblewrap's own exit status. */
    static RunOutcome interpret(List<String> statusLines, OptionalInt sandboxExit, CapturedOutput stderr) {
        if (statusLines.isEmpty() || !statusLines.get(0).equals("started")) {
            String why = firstLine(stderr.text());
            return new RunOutcome.NotRun("the sandbox did not start"
                    + (why.isEmpty() ? " (exit status " + sandboxExit.orElse(-1) + ")" : ": " + why));
        }
        if (statusLines.size() != 2) {
            return new RunOutcome.NotRun("the sandbox ended without a status report (exit status "
                    + sandboxExit.orElse(-1) + ")");
        }
        String last = statusLines.get(1);
        int exit = sandboxExit.orElse(-1);
        try {
            if (last.startsWith("exit ")) {
                int code = Integer.parseInt(last.substring(5));
                if (code == exit) {
                    return new RunOutcome.Exited(code);
                }
            } else if (last.startsWith("signal ")) {
                int sig = Integer.parseInt(last.substring(7));
                if (exit == 128 + sig) {
                    return new RunOutcome.Signalled(sig);
                }
            } else if (last.startsWith("exec-failed ")) {
                return new RunOutcome.NotRun("argv[0] could not be executed: " + last.substring(12).strip());
            } else if (last.startsWith("error ")) {
                return new RunOutcome.NotRun("the status wrapper failed: " + last.substring(6).strip());
            }
        } catch (IllegalArgumentException e) {
            // Falls through to the inconsistency below.
        }
        return new RunOutcome.NotRun("the status report '" + last + "' disagrees with the sandbox's exit status "
                + exit);
    }

    private static String firstLine(String text) {
        String t = text.strip();
        int nl = t.indexOf('\n');
        return nl < 0 ? t : t.substring(0, nl);
    }
}
