// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The system-call filter every process of the sandbox runs under: a classic BPF program for
 * seccomp, made here for each supported {@link Architecture} and handed to bubblewrap
 * ({@code --seccomp}), which installs it, with {@code no_new_privs}, just before the first program
 * of the sandbox starts; every process started inside inherits it and none can remove it. It
 * follows what flatpak hands bubblewrap and Docker's default profile: it allows by default and
 * denies what lets one process of the sandbox reach into another, reach the kernel's shared
 * state, or leave its namespaces. A denied call fails with {@code EPERM} (so programs see an
 * ordinary refusal), {@code clone3} with {@code ENOSYS} (so the C library falls back to
 * {@code clone}, whose flags the filter can read), a socket of an unusual family with
 * {@code EAFNOSUPPORT} (as if the kernel lacked it, as flatpak's filter does); a call made under another architecture
 * (i386 or x32 on x86-64, 32-bit ARM on aarch64), whose numbers mean other calls, kills the
 * process.
 */
final class SyscallFilter {
    /** One denied call and what denying it stops, for the documentation and the tests. */
    record Denial(String call, String blocks) {}

    /** Denied whatever their arguments. */
    static final List<Denial> DENIED = List.of(
            new Denial("ptrace", "tracing another process of the sandbox, such as the check judging the candidate"),
            new Denial("process_vm_readv", "reading another process's memory"),
            new Denial("process_vm_writev", "writing another process's memory"),
            new Denial("pidfd_getfd", "taking a descriptor out of another process"),
            new Denial("kcmp", "comparing kernel objects of other processes"),
            new Denial("process_madvise", "advising the kernel on another process's memory"),
            new Denial("move_pages", "finding or moving where another process's pages lie"),
            new Denial("migrate_pages", "moving another process's pages"),
            new Denial("keyctl", "reading or changing keyrings, which are not namespaced"),
            new Denial("add_key", "planting a key in a keyring"),
            new Denial("request_key", "looking up keys, and upcalls to the host"),
            new Denial("perf_event_open", "performance counters: side channels and a large kernel surface"),
            new Denial("bpf", "loading BPF programs into the kernel"),
            new Denial("userfaultfd", "pausing the kernel at page faults, a staple of kernel exploits"),
            new Denial("io_uring_setup", "io_uring, which bypasses this filter for the calls it performs"),
            new Denial("io_uring_enter", "io_uring"),
            new Denial("io_uring_register", "io_uring"),
            new Denial("unshare", "new namespaces"),
            new Denial("setns", "joining other namespaces"),
            new Denial("mount", "mounting (the sandbox has no capability to, in any case)"),
            new Denial("umount2", "unmounting what hides the host"),
            new Denial("pivot_root", "changing the root"),
            new Denial("open_tree", "the new mount interface"),
            new Denial("move_mount", "the new mount interface"),
            new Denial("fsopen", "the new mount interface"),
            new Denial("fsconfig", "the new mount interface"),
            new Denial("fsmount", "the new mount interface"),
            new Denial("fspick", "the new mount interface"),
            new Denial("mount_setattr", "the new mount interface"),
            new Denial("open_by_handle_at", "opening files by handle, around the mount tree"),
            new Denial("kexec_load", "loading a new kernel"),
            new Denial("kexec_file_load", "loading a new kernel"),
            new Denial("init_module", "loading kernel modules"),
            new Denial("finit_module", "loading kernel modules"),
            new Denial("delete_module", "removing kernel modules"),
            new Denial("reboot", "rebooting"),
            new Denial("swapon", "swap"),
            new Denial("swapoff", "swap"),
            new Denial("acct", "process accounting"),
            new Denial("quotactl", "disk quotas"),
            new Denial("quotactl_fd", "disk quotas"),
            new Denial("syslog", "the kernel log"));

    /** Denied only with some arguments; the rest of their uses are ordinary. */
    static final List<Denial> CONDITIONAL = List.of(
            new Denial("clone", "new namespaces: denied with any CLONE_NEW* flag, allowed otherwise (fork, threads)"),
            new Denial("clone3", "fails with ENOSYS: its flags sit in memory the filter cannot read, and the C library"
                    + " then uses clone"),
            new Denial("personality", "any persona but Linux's own (reading it is allowed): no turning address-space"
                    + " randomisation off"),
            new Denial("ioctl", "TIOCSTI and TIOCLINUX: no typing into a terminal"),
            new Denial("socket", "every family but AF_UNIX, AF_INET, AF_INET6 and AF_NETLINK fails with EAFNOSUPPORT:"
                    + " AF_VSOCK reaches a virtual machine's host past every network namespace (before Linux 7.0),"
                    + " and the rest is kernel surface no check needs"),
            new Denial("socketpair", "the same families"));

    /** CLONE_NEWNS, NEWCGROUP, NEWUTS, NEWIPC, NEWUSER, NEWPID, NEWNET (NEWTIME is clone3's and unshare's). */
    static final int CLONE_NAMESPACES = 0x00020000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000
            | 0x20000000 | 0x40000000;
    static final int PER_LINUX = 0;
    static final int PERSONALITY_QUERY = 0xFFFFFFFF;
    static final int TIOCSTI = 0x5412;
    static final int TIOCLINUX = 0x541C;
    /** AF_UNIX, AF_INET, AF_INET6, AF_NETLINK: what flatpak's filter allows too, less AF_UNSPEC (no socket has it). */
    static final List<Integer> SOCKET_FAMILIES = List.of(1, 2, 10, 16);
    private static final int X32_SYSCALL_BIT = 0x40000000;

    static final int EPERM = 1;
    static final int ENOSYS = 38;
    static final int EAFNOSUPPORT = 97;
    static final int RET_KILL_PROCESS = 0x80000000;
    static final int RET_ERRNO = 0x00050000;
    static final int RET_ALLOW = 0x7FFF0000;

    // Classic BPF opcodes (linux/filter.h) and where seccomp_data keeps what the filter reads.
    private static final int LD_W_ABS = 0x20;
    private static final int JEQ_K = 0x15;
    private static final int JGE_K = 0x35;
    private static final int JSET_K = 0x45;
    private static final int RET_K = 0x06;
    private static final int NR = 0;
    private static final int ARCH = 4;

    /** The low 32 bits of argument {@code i}: the only bits the kernel reads of the arguments checked here. */
    private static int argLow(int i) {
        return 16 + 8 * i;
    }

    private SyscallFilter() {}

    /** One instruction, {@code struct sock_filter}. */
    record Instruction(int code, int jt, int jf, int k) {
        Instruction {
            if (jt < 0 || jt > 255 || jf < 0 || jf > 255) {
                throw new IllegalStateException("a jump too far for classic BPF: " + jt + ", " + jf);
            }
        }

        @Override
        public String toString() {
            return String.format(java.util.Locale.ROOT, "%04x %02x %02x %08x", code, jt, jf, k);
        }
    }

    /** The program for {@code arch}, as the kernel reads it (native, little-endian, order). */
    static byte[] program(Architecture arch) {
        List<Instruction> p = instructions(arch);
        ByteBuffer b = ByteBuffer.allocate(8 * p.size()).order(ByteOrder.LITTLE_ENDIAN);
        for (Instruction i : p) {
            b.putShort((short) i.code()).put((byte) i.jt()).put((byte) i.jf()).putInt(i.k());
        }
        return b.array();
    }

    /** The program for {@code arch}, one instruction at a time (what the golden files pin). */
    static List<Instruction> instructions(Architecture arch) {
        Assembler a = new Assembler();
        a.load(ARCH);
        a.jumpIfNot(JEQ_K, arch.auditArch(), "kill");
        a.load(NR);
        if (arch.hasX32()) {
            a.jumpIf(JGE_K, X32_SYSCALL_BIT, "kill");
        }
        for (Denial d : DENIED) {
            a.jumpIf(JEQ_K, arch.number(d.call()), "eperm");
        }
        a.jumpIf(JEQ_K, arch.number("clone"), "clone");
        a.jumpIf(JEQ_K, arch.number("clone3"), "enosys");
        a.jumpIf(JEQ_K, arch.number("personality"), "personality");
        a.jumpIf(JEQ_K, arch.number("ioctl"), "ioctl");
        a.jumpIf(JEQ_K, arch.number("socket"), "family");
        a.jumpIf(JEQ_K, arch.number("socketpair"), "family");
        a.ret(RET_ALLOW);
        a.label("clone");
        a.load(argLow(0));
        a.jumpIf(JSET_K, CLONE_NAMESPACES, "eperm");
        a.ret(RET_ALLOW);
        a.label("personality");
        a.load(argLow(0));
        a.jumpIf(JEQ_K, PER_LINUX, "allow");
        a.jumpIf(JEQ_K, PERSONALITY_QUERY, "allow");
        a.ret(RET_ERRNO | EPERM);
        a.label("ioctl");
        a.load(argLow(1));
        a.jumpIf(JEQ_K, TIOCSTI, "eperm");
        a.jumpIf(JEQ_K, TIOCLINUX, "eperm");
        a.ret(RET_ALLOW);
        a.label("family");
        a.load(argLow(0));
        for (int family : SOCKET_FAMILIES) {
            a.jumpIf(JEQ_K, family, "allow");
        }
        a.ret(RET_ERRNO | EAFNOSUPPORT);
        a.label("allow");
        a.ret(RET_ALLOW);
        a.label("eperm");
        a.ret(RET_ERRNO | EPERM);
        a.label("enosys");
        a.ret(RET_ERRNO | ENOSYS);
        a.label("kill");
        a.ret(RET_KILL_PROCESS);
        return a.resolve();
    }

    /** Forward jumps to labels, resolved to classic BPF's relative offsets once every label is placed. */
    private static final class Assembler {
        private record Pending(int code, int k, String whenTrue, String whenFalse) {}

        private final List<Pending> pending = new ArrayList<>();
        private final Map<String, Integer> labels = new HashMap<>();

        void load(int offset) {
            pending.add(new Pending(LD_W_ABS, offset, null, null));
        }

        void ret(int value) {
            pending.add(new Pending(RET_K, value, null, null));
        }

        void jumpIf(int code, int k, String target) {
            pending.add(new Pending(code, k, target, null));
        }

        void jumpIfNot(int code, int k, String target) {
            pending.add(new Pending(code, k, null, target));
        }

        void label(String name) {
            if (labels.putIfAbsent(name, pending.size()) != null) {
                throw new IllegalStateException("label placed twice: " + name);
            }
        }

        List<Instruction> resolve() {
            List<Instruction> out = new ArrayList<>();
            for (int i = 0; i < pending.size(); i++) {
                Pending p = pending.get(i);
                out.add(new Instruction(p.code(), offset(p.whenTrue(), i), offset(p.whenFalse(), i), p.k()));
            }
            return out;
        }

        private int offset(String label, int from) {
            if (label == null) {
                return 0;
            }
            Integer at = labels.get(label);
            if (at == null || at <= from) {
                throw new IllegalStateException("no label ahead named " + label);
            }
            return at - from - 1;
        }
    }
}
