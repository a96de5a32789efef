// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import dev.patchverdict.text.LinearPattern;
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
 * user namespaces disabled, {@code --die-with-parent} and {@code --new-session}; a system-call
 * filter ({@link SyscallFilter}) on every process of the sandbox; {@code /usr} and the few
 * {@code /etc} files the dynamic loader needs read-only; a fresh {@code /dev} and a fresh,
 * read-only {@code /proc} (no process can write another's memory through {@code /proc/PID/mem});
 * the tree at {@code /tree}, {@code /tmp} and {@code /dev/shm} as the only writable places, each a
 * tmpfs capped in bytes and inodes, and a session keyring of its own, all set up by the
 * {@link Keeper} from a namespace of its own; a cleared environment plus the check's allow-list;
 * and CPU, address-space, file-size and core-size limits set by {@code prlimit} before the program
 * starts.
 *
 * <p>The exit status is observed out of band: a fixed Perl wrapper (no shell, no user text in
 * its source) waits for the program and writes the raw wait status to file descriptor 3, which a
 * fixed launcher opened on a host file outside every mount. That is how a SIGKILL is told apart
 * from {@code exit 137}, and a sandbox that never started from a program that failed.
 *
 * <p>A runner running as root starts the keeper and bubblewrap as an unprivileged host user
 * instead ({@code setpriv}, every capability and supplementary group dropped), because the kernel
 * enforces neither {@code RLIMIT_NPROC} nor file permissions for root. By default that user is
 * fresh for each sandbox, an id no host process, account or group has (it needs no account:
 * setpriv and bubblewrap take numbers), so no other host process can reach the tree it owns, join
 * or trace its user namespace, or use up its process limit. The tree is handed over to that user
 * first; inputs and the filter are read from descriptors the launcher opened, so the user needs no
 * access to them on the host.
 */
public final class BubblewrapSandbox implements Sandbox {
    /** Where the tree appears inside the sandbox; the same path for base and patched trees. */
    public static final String TREE_MOUNT = "/tree";
    static final int SANDBOX_ID = 65534;

    /**
     * Inputs are handed over on descriptors 5 to 9 (3 is the status, 4 the filter): the
     * launcher's shell redirects single digits only.
     */
    static final int MAX_INPUTS = 5;

    /**
     * Opens descriptor 3 on the status file named by the first argument, descriptor 4 on the
     * system-call filter named by the second, and descriptors 5 on, for reading, on the input files
     * named by the next ones, then becomes the rest of the argument list. Fixed text apart from
     * the count: every path is passed as a positional parameter.
     */
    static String launcher(int inputs) {
        if (inputs < 0 || inputs > MAX_INPUTS) {
            throw new IllegalArgumentException("at most " + MAX_INPUTS + " inputs: " + inputs);
        }
        StringBuilder b = new StringBuilder("exec 3>\"$0\" 4<\"$1\"");
        for (int i = 1; i <= inputs; i++) {
            b.append(' ').append(4 + i).append("<\"$").append(1 + i).append('"');
        }
        return b.append(" && shift ").append(1 + inputs).append(" && exec \"$@\"").toString();
    }

    /**
     * The sandbox's first process (bubblewrap's {@code --as-pid-1}), which the kernel shields from
     * every signal sent from inside the sandbox, so no program there can kill or stop it; it reaps
     * every orphan until the program itself ends, and its end ends every process left. It
     * makes itself non-dumpable (so the program, which runs as the same uid, can neither open
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
            "my $s;",
            "while (1) {",
            "  my $w = waitpid(-1, 0);",
            "  if ($w == $pid) { $s = $?; last; }",
            "  $w > 0 or do { print $st \"error wait: $!\\n\"; POSIX::_exit(125) };",
            "}",
            "if (length $err) { $err =~ s/\\n/ /g; print $st \"exec-failed $err\\n\"; POSIX::_exit(127); }",
            "if ($s & 127) { print $st 'signal ', ($s & 127), \"\\n\"; POSIX::_exit(128 + ($s & 127)); }",
            "print $st 'exit ', ($s >> 8), \"\\n\"; POSIX::_exit($s >> 8);",
            "");

    private static final List<String> ROOT_DIRS = List.of("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32");
    /** Only what the dynamic loader and alternatives symlinks need; nothing identifying the host. */
    private static final List<String> ETC_FILES = List.of(
            "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives", "/etc/localtime");

    /**
     * The host programs the sandbox is made of. {@code prlimit} and {@code perl} run inside it,
     * so only copies under the read-only {@code /usr} count.
     */
    public record Tools(Optional<Path> bwrap, Path sh, Optional<Path> prlimit, Optional<Path> perl,
            Optional<Path> setpriv, Optional<Path> unshare) {
        public Tools {
            java.util.Objects.requireNonNull(bwrap, "bwrap");
            java.util.Objects.requireNonNull(sh, "sh");
            java.util.Objects.requireNonNull(prlimit, "prlimit");
            java.util.Objects.requireNonNull(perl, "perl");
            java.util.Objects.requireNonNull(setpriv, "setpriv");
            java.util.Objects.requireNonNull(unshare, "unshare");
        }

        /** Found on the injected search path. */
        public static Tools locate(HostTools tools) {
            return new Tools(tools.find("bwrap"), Path.of("/bin/sh"),
                    tools.find("prlimit").flatMap(BubblewrapSandbox::insideUsr),
                    tools.find("perl").flatMap(BubblewrapSandbox::insideUsr), tools.find("setpriv"),
                    tools.find("unshare"));
        }
    }

    private final Tools tools;
    private final Path scratch;
    private final HostLimits host;
    /** The runner's effective uid; empty when it could not be read (then nothing runs). */
    private final OptionalInt runnerUid;
    /** The machine's architecture, when a system-call filter is known for it (otherwise nothing runs). */
    private final Optional<Architecture> arch;
    /** The host user a root runner becomes: the fixed one, or one chosen for this sandbox alone. */
    private final SandboxUser user;
    /** Trees an earlier run left unusable (over the budget, not copied back), with why; no later run starts on them. */
    private final Map<Path, RunOutcome> spoiled = new java.util.concurrent.ConcurrentHashMap<>();
    private Optional<String> unavailable;
    private Path filter;
    private volatile String version = "unknown";

    public BubblewrapSandbox(Optional<Path> bwrap, Path sh, Optional<Path> prlimit, Optional<Path> perl, Path scratch) {
        this(new Tools(bwrap, sh, prlimit, perl, Optional.empty(), Optional.empty()), scratch, HostLimits.DEFAULT,
                effectiveUid(), Architecture.host());
    }

    /**
     * Every tree it runs on must lie inside {@code scratch}. {@code runnerUid} is the runner's
     * effective uid: 0 makes every run start as the host user through {@code setpriv}: the fixed
     * {@code host.user()}, or else a fresh one no host process, account or group has. {@code arch}
     * is the machine's architecture, empty where no system-call filter is known for it.
     */
    public BubblewrapSandbox(Tools tools, Path scratch, HostLimits host, OptionalInt runnerUid,
            Optional<Architecture> arch) {
        this.tools = java.util.Objects.requireNonNull(tools, "tools");
        this.host = java.util.Objects.requireNonNull(host, "host");
        this.scratch = scratch;
        this.runnerUid = java.util.Objects.requireNonNull(runnerUid, "runnerUid");
        this.arch = java.util.Objects.requireNonNull(arch, "arch");
        // Choosing a fresh user scans every host process: only a runner that drops privileges uses one.
        this.user = host.user().orElseGet(() -> dropsPrivileges()
                ? SandboxUser.fresh(new java.security.SecureRandom(), HostIds.inUse()) : SandboxUser.NOBODY);
    }

    /** Finds the tools on the injected search path. */
    public static BubblewrapSandbox locate(HostTools tools, Path scratch) {
        return locate(tools, scratch, HostLimits.DEFAULT);
    }

    /**
     * Finds the tools, with the runner's own limits on processes, /dev/shm and the tree, and the
     * user a root runner becomes. Every tree it runs on must lie inside {@code scratch}.
     */
    public static BubblewrapSandbox locate(HostTools tools, Path scratch, HostLimits host) {
        return new BubblewrapSandbox(Tools.locate(tools), scratch, host, effectiveUid(), Architecture.host());
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
                + " (" + hostUser + "), no capabilities, system-call filter"
                + arch.map(a -> " (" + a.key() + ")").orElse("") + ", own session keyring, /usr read-only, read-only"
                + " /proc, tree at " + TREE_MOUNT + " on a tmpfs of " + host.treeBytes() + " bytes and "
                + Keeper.entries(host.treeBytes()) + " inodes (copied back only within that budget), tmpfs /tmp,"
                + " /dev/shm of " + host.shmBytes() + " bytes, cleared environment, prlimit CPU/AS/FSIZE/CORE and NPROC "
                + host.processes();
    }

    private Optional<String> probe() {
        if (tools.bwrap().isEmpty()) {
            return Optional.of("bubblewrap (bwrap) is not installed or not on PATH; install the bubblewrap package");
        }
        if (!Files.isExecutable(tools.sh())) {
            return Optional.of(tools.sh() + " is missing");
        }
        if (tools.prlimit().isEmpty()) {
            return Optional.of("prlimit (util-linux) is not installed under /usr, so limits cannot be set");
        }
        if (tools.perl().isEmpty()) {
            return Optional.of("perl is not installed under /usr, so the exit status cannot be observed");
        }
        if (tools.unshare().isEmpty()) {
            return Optional.of("unshare (util-linux) is not installed, so the sandbox's file systems and keyring"
                    + " cannot be set up");
        }
        if (arch.isEmpty()) {
            return Optional.of("no system-call filter is known for " + System.getProperty("os.arch")
                    + " (only x86_64 and aarch64 have one), and the sandbox never runs without one");
        }
        if (runnerUid.isEmpty()) {
            return Optional.of("the runner's own uid cannot be read from /proc/self/status, so it cannot tell whether"
                    + " it must drop root before starting the sandbox");
        }
        if (dropsPrivileges() && tools.setpriv().isEmpty()) {
            return Optional.of("the runner is root and setpriv (util-linux) is not installed, so it cannot start"
                    + " the sandbox as the unprivileged user " + user + "; it never runs checks as root");
        }
        Optional<String> userns = UserNamespaces.unavailableReason();
        if (userns.isPresent()) {
            return userns;
        }
        try {
            ProcessSupervisor.Finished v = ProcessSupervisor.run(List.of(tools.bwrap().get().toString(), "--version"),
                    scratch, Map.of(), Duration.ofSeconds(10), 4096);
            String text = new String(v.stdout().bytes(), StandardCharsets.UTF_8).trim();
            if (v.exitCode().orElse(-1) != 0) {
                return Optional.of(tools.bwrap().get() + " --version failed");
            }
            version = text.startsWith("bubblewrap") && text.length() > 10 && LinearPattern.isSpace(text.charAt(10))
                    ? text.substring(LinearPattern.skipSpace(text, 10)) : text;
            Path tree = Files.createTempDirectory(scratch, "probe");
            RunRecord r = run(new RunRequest(tree, ".", List.of("true"), Map.of(), Duration.ofSeconds(10),
                    new SandboxLimits(10, 5, 64, 4096, 4096)));
            ScratchSpace.delete(tree);
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
        if (tools.bwrap().isEmpty() || tools.prlimit().isEmpty() || tools.perl().isEmpty()
                || tools.unshare().isEmpty() || arch.isEmpty()) {
            return RunRecord.notRun(request.argv(), "no sandbox is available");
        }
        Path hostCwd = request.tree().resolve(request.cwd()).normalize();
        if (!Containment.isInside(hostCwd, request.tree()) || !Files.isDirectory(hostCwd, LinkOption.NOFOLLOW_LINKS)) {
            return RunRecord.notRun(request.argv(), "cwd '" + request.cwd() + "' is not a directory in the tree");
        }
        if (request.inputs().size() > MAX_INPUTS) {
            return RunRecord.notRun(request.argv(), "more than " + MAX_INPUTS + " inputs");
        }
        Path tree = request.tree().toAbsolutePath().normalize();
        RunOutcome earlier = spoiled.get(tree);
        if (earlier != null) {
            return new RunRecord(request.argv(), earlier, CapturedOutput.empty(), CapturedOutput.empty(),
                    Duration.ZERO);
        }
        if (dropsPrivileges()) {
            if (tools.setpriv().isEmpty() || runnerUid.isEmpty()) {
                return RunRecord.notRun(request.argv(), "the sandbox cannot be started as an unprivileged user");
            }
            Optional<String> refused = HandOver.prepare(scratch, request.tree(), user);
            if (refused.isPresent()) {
                return RunRecord.notRun(request.argv(), refused.get());
            }
        }
        Path status = Files.createTempFile(scratch, "status", ".txt");
        try {
            List<String> command = command(request, status, filter());
            Duration timeout = request.timeout();
            ProcessSupervisor.Finished f = ProcessSupervisor.run(command, scratch, Map.of(), timeout,
                    request.limits().outputBytes());
            List<String> lines = Files.readAllLines(status, StandardCharsets.UTF_8);
            RunOutcome outcome = f.timedOut() ? new RunOutcome.TimedOut(timeout)
                    : interpret(lines, f.exitCode(), f.stderr(), host.treeBytes());
            spoils(outcome, lines).ifPresent(why -> spoiled.put(tree, why));
            return new RunRecord(request.argv(), outcome, f.stdout(), f.stderr(), f.duration());
        } finally {
            Files.deleteIfExists(status);
        }
    }

    /**
     * What a later run on the same tree gets instead of running, if this run left the tree
     * unusable: over the budget (the old walk's rule: a tree over it runs nothing more), or not
     * (completely) copied back, so partly the run's and partly gone.
     */
    static Optional<RunOutcome> spoils(RunOutcome outcome, List<String> lines) {
        if (outcome instanceof RunOutcome.TimedOut && Keeper.stoppedWhileCopyingBack(lines)) {
            return Optional.of(new RunOutcome.NotRun("an earlier run on this tree timed out while its tree was copied"
                    + " back; no later run starts on it"));
        }
        if (outcome instanceof RunOutcome.OverBudget o) {
            return Optional.of(new RunOutcome.OverBudget("an earlier run on this tree went over the budget ("
                    + o.reason() + "); no later run starts on it"));
        }
        if (outcome instanceof RunOutcome.NotRun n && n.reason().startsWith(NOT_COPIED_BACK)) {
            return Optional.of(new RunOutcome.NotRun("an earlier run on this tree could not be copied back; no later"
                    + " run starts on it"));
        }
        return Optional.empty();
    }

    /** The filter's program for this machine, written once into the scratch folder (the runner's alone). */
    private synchronized Path filter() throws IOException {
        if (filter == null) {
            Path f = Files.createTempFile(scratch, "seccomp-" + arch.orElseThrow().key(), ".bpf");
            Files.write(f, SyscallFilter.program(arch.orElseThrow()));
            filter = f;
        }
        return filter;
    }

    /** The full command line: launcher, [setpriv,] keeper, bubblewrap, limits, wrapper, then argv untouched. */
    List<String> command(RunRequest request, Path status, Path filterProgram) {
        SandboxLimits limits = request.limits();
        Architecture a = arch.orElseThrow();
        String tree = request.tree().toAbsolutePath().normalize().toString();
        List<String> c = new ArrayList<>();
        c.add(tools.sh().toString());
        c.add("-c");
        c.add(launcher(request.inputs().size()));
        c.add(status.toString());
        c.add(filterProgram.toString());
        for (Path in : request.inputs().values()) {
            c.add(in.toString());
        }
        if (dropsPrivileges()) {
            SandboxUser u = user;
            c.addAll(List.of(tools.setpriv().orElseThrow().toString(), "--reuid", Integer.toString(u.uid()), "--regid",
                    Integer.toString(u.gid()), "--clear-groups", "--inh-caps=-all", "--bounding-set=-all",
                    "--no-new-privs", "--"));
        }
        List<String> b = new ArrayList<>();
        b.add(tools.bwrap().orElseThrow().toString());
        // --as-pid-1: the status wrapper is the first process, not bubblewrap's own (whose command
        // line, readable inside, named host paths, and which held the run's output).
        b.addAll(List.of("--unshare-all", "--unshare-user", "--disable-userns", "--as-pid-1", "--die-with-parent",
                "--new-session",
                "--cap-drop", "ALL", "--uid", Integer.toString(SANDBOX_ID), "--gid", Integer.toString(SANDBOX_ID),
                "--hostname", "sandbox", "--seccomp", "4"));
        b.addAll(List.of("--ro-bind", "/usr", "/usr"));
        for (String dir : ROOT_DIRS) {
            Path p = Path.of(dir);
            if (Files.isSymbolicLink(p)) {
                try {
                    b.addAll(List.of("--symlink", Files.readSymbolicLink(p).toString(), dir));
                } catch (IOException e) {
                    // An unreadable link is left out; programs needing it fail visibly inside.
                }
            } else if (Files.isDirectory(p)) {
                b.addAll(List.of("--ro-bind", dir, dir));
            }
        }
        for (String f : ETC_FILES) {
            b.addAll(List.of("--ro-bind-try", f, f));
        }
        // Read-only: /proc/PID/mem of another process of the sandbox cannot be opened for writing.
        b.addAll(List.of("--proc", "/proc", "--remount-ro", "/proc", "--dev", "/dev"));
        // The keeper's capped file systems, below the tree's own path in its namespace.
        b.addAll(List.of("--bind", tree + "/" + Keeper.SHM, "/dev/shm"));
        b.addAll(List.of("--bind", tree + "/" + Keeper.TMP, "/tmp"));
        b.addAll(List.of("--bind", tree + "/" + Keeper.TREE, TREE_MOUNT));
        // Copied from the launcher's descriptors (5 on, in the order of the file names above).
        int fd = 5;
        for (String name : request.inputs().keySet()) {
            b.addAll(List.of("--ro-bind-data", Integer.toString(fd++), RunRequest.INPUT_MOUNT + "/" + name));
        }
        b.addAll(List.of("--chdir", request.cwd().equals(".") ? TREE_MOUNT : TREE_MOUNT + "/" + request.cwd()));
        b.addAll(List.of("--remount-ro", "/"));
        // The runner's own helpers (prlimit, the wrapper) get no environment at all; the check's
        // environment is handed to the wrapper as arguments and applied only at the program's exec.
        b.add("--clearenv");
        b.add("--");
        b.add(tools.prlimit().orElseThrow().toString());
        b.add("--cpu=" + limits.cpuSeconds());
        b.add("--as=" + limits.memoryBytes());
        b.add("--fsize=" + limits.fileSizeBytes());
        b.add("--core=0");
        // Counted per host uid by the kernel, and not enforced for root: hence the drop above.
        b.add("--nproc=" + host.processes());
        b.add("--");
        b.add(tools.perl().orElseThrow().toString());
        b.add("-e");
        b.add(WRAPPER);
        b.add("--");
        b.add(Integer.toString(a.number("prctl")));
        b.add(Integer.toString(request.env().size()));
        for (Map.Entry<String, String> e : request.env().entrySet()) {
            b.add(e.getKey() + "=" + e.getValue());
        }
        b.addAll(request.argv());
        c.addAll(Keeper.command(tools.unshare().orElseThrow(), tools.perl().orElseThrow(), a,
                ProcessHandle.current().pid(), tree, host.treeBytes(), limits.memoryBytes(), host.shmBytes(), b));
        return c;
    }

    /** What a run whose tree could not be copied back reports: later runs on the tree do not start. */
    static final String NOT_COPIED_BACK = "the tree could not be copied back";

    /**
     * Reads the keeper's and the wrapper's reports and checks them against the sandbox's own exit
     * status. The keeper's word on the tree comes first: a run over the budget, or whose tree could
     * not be copied back, is no outcome whatever its status.
     */
    static RunOutcome interpret(List<String> lines, OptionalInt sandboxExit, CapturedOutput stderr, long treeBytes) {
        Optional<Keeper.Report> keeper = Keeper.report(lines);
        if (keeper.isPresent() && keeper.get() instanceof Keeper.Report.Over o) {
            return new RunOutcome.OverBudget(o.why() + " " + o.when() + ", over the runner's budget of " + treeBytes
                    + " bytes and " + Keeper.entries(treeBytes) + " entries (--max-tree-bytes)"
                    + (o.when().startsWith("while") ? "; the sandbox was killed" : ""));
        }
        if (keeper.isPresent() && keeper.get() instanceof Keeper.Report.Failed f) {
            return new RunOutcome.NotRun(f.why().startsWith("cannot copy the tree back")
                    ? NOT_COPIED_BACK + ": " + withoutLeadingColon(f.why().substring("cannot copy the tree back".length()))
                    : "the sandbox's keeper failed: " + f.why());
        }
        List<String> statusLines = Keeper.wrapperLines(lines);
        if (statusLines.isEmpty() || !statusLines.get(0).equals("started")) {
            String why = firstLine(stderr.text());
            return new RunOutcome.NotRun("the sandbox did not start"
                    + (why.isEmpty() ? " (exit status " + sandboxExit.orElse(-1) + ")" : ": " + why));
        }
        if (statusLines.size() != 2) {
            return new RunOutcome.NotRun("the sandbox ended without a status report (exit status "
                    + sandboxExit.orElse(-1) + ")");
        }
        if (keeper.isEmpty()) {
            return new RunOutcome.NotRun("the sandbox ended without its keeper's report (exit status "
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

    private static String withoutLeadingColon(String s) {
        return s.startsWith(": ") ? s.substring(2) : s;
    }
}
