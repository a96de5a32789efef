// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import java.util.Map;
import java.util.Optional;

/**
 * The machine architectures the sandbox supports, with the Linux system-call numbers it names:
 * those its system-call filter denies and those its own helpers call. Numbers differ between
 * architectures (x86-64 has its own table, aarch64 the generic one), so a call is always looked
 * up by name here, never written as a number elsewhere. Another architecture has no filter, and
 * the sandbox does not run there.
 */
enum Architecture {
    X86_64("x86_64", 0xC000003E, true, Map.ofEntries(
            Map.entry("ioctl", 16), Map.entry("clone", 56), Map.entry("ptrace", 101), Map.entry("syslog", 103),
            Map.entry("personality", 135), Map.entry("statfs", 137), Map.entry("pivot_root", 155),
            Map.entry("prctl", 157), Map.entry("acct", 163), Map.entry("mount", 165), Map.entry("umount2", 166),
            Map.entry("swapon", 167), Map.entry("swapoff", 168), Map.entry("reboot", 169),
            Map.entry("init_module", 175), Map.entry("delete_module", 176), Map.entry("quotactl", 179),
            Map.entry("kexec_load", 246), Map.entry("add_key", 248), Map.entry("request_key", 249),
            Map.entry("keyctl", 250), Map.entry("unshare", 272), Map.entry("perf_event_open", 298),
            Map.entry("open_by_handle_at", 304), Map.entry("setns", 308), Map.entry("process_vm_readv", 310),
            Map.entry("process_vm_writev", 311), Map.entry("kcmp", 312), Map.entry("finit_module", 313),
            Map.entry("kexec_file_load", 320), Map.entry("bpf", 321), Map.entry("userfaultfd", 323),
            Map.entry("io_uring_setup", 425), Map.entry("io_uring_enter", 426), Map.entry("io_uring_register", 427),
            Map.entry("open_tree", 428), Map.entry("move_mount", 429), Map.entry("fsopen", 430),
            Map.entry("fsconfig", 431), Map.entry("fsmount", 432), Map.entry("fspick", 433), Map.entry("clone3", 435),
            Map.entry("pidfd_getfd", 438), Map.entry("process_madvise", 440), Map.entry("mount_setattr", 442),
            Map.entry("quotactl_fd", 443), Map.entry("utimensat", 280), Map.entry("statx", 332),
            Map.entry("socket", 41), Map.entry("socketpair", 53),
            Map.entry("move_pages", 279), Map.entry("migrate_pages", 256))),
    AARCH64("aarch64", 0xC00000B7, false, Map.ofEntries(
            Map.entry("ioctl", 29), Map.entry("clone", 220), Map.entry("ptrace", 117), Map.entry("syslog", 116),
            Map.entry("personality", 92), Map.entry("statfs", 43), Map.entry("pivot_root", 41),
            Map.entry("prctl", 167), Map.entry("acct", 89), Map.entry("mount", 40), Map.entry("umount2", 39),
            Map.entry("swapon", 224), Map.entry("swapoff", 225), Map.entry("reboot", 142),
            Map.entry("init_module", 105), Map.entry("delete_module", 106), Map.entry("quotactl", 60),
            Map.entry("kexec_load", 104), Map.entry("add_key", 217), Map.entry("request_key", 218),
            Map.entry("keyctl", 219), Map.entry("unshare", 97), Map.entry("perf_event_open", 241),
            Map.entry("open_by_handle_at", 265), Map.entry("setns", 268), Map.entry("process_vm_readv", 270),
            Map.entry("process_vm_writev", 271), Map.entry("kcmp", 272), Map.entry("finit_module", 273),
            Map.entry("kexec_file_load", 294), Map.entry("bpf", 280), Map.entry("userfaultfd", 282),
            Map.entry("io_uring_setup", 425), Map.entry("io_uring_enter", 426), Map.entry("io_uring_register", 427),
            Map.entry("open_tree", 428), Map.entry("move_mount", 429), Map.entry("fsopen", 430),
            Map.entry("fsconfig", 431), Map.entry("fsmount", 432), Map.entry("fspick", 433), Map.entry("clone3", 435),
            Map.entry("pidfd_getfd", 438), Map.entry("process_madvise", 440), Map.entry("mount_setattr", 442),
            Map.entry("quotactl_fd", 443), Map.entry("utimensat", 88), Map.entry("statx", 291),
            Map.entry("socket", 198), Map.entry("socketpair", 199),
            Map.entry("move_pages", 239), Map.entry("migrate_pages", 238)));

    /** The name the kernel and this project's golden files use. */
    private final String key;
    /** {@code AUDIT_ARCH_*}: what seccomp reports as the architecture of each call. */
    private final int auditArch;
    /**
     * Whether calls can carry the x32 bit ({@code __X32_SYSCALL_BIT}, 0x40000000) on the native
     * architecture: x86-64's other ABI, which a filter naming x86-64 numbers must refuse.
     */
    private final boolean x32;
    private final Map<String, Integer> numbers;

    Architecture(String key, int auditArch, boolean x32, Map<String, Integer> numbers) {
        this.key = key;
        this.auditArch = auditArch;
        this.x32 = x32;
        this.numbers = numbers;
    }

    /** The architecture the JVM reports ({@code os.arch}), if the sandbox supports it. */
    static Optional<Architecture> of(String osArch) {
        return switch (osArch) {
            case "amd64", "x86_64" -> Optional.of(X86_64);
            case "aarch64", "arm64" -> Optional.of(AARCH64);
            default -> Optional.empty();
        };
    }

    /** This machine's, if supported. */
    static Optional<Architecture> host() {
        return of(System.getProperty("os.arch", ""));
    }

    String key() {
        return key;
    }

    int auditArch() {
        return auditArch;
    }

    boolean hasX32() {
        return x32;
    }

    /** The number of a system call this table names; an unnamed one is a defect here. */
    int number(String call) {
        Integer n = numbers.get(call);
        if (n == null) {
            throw new IllegalArgumentException("no system-call number for " + call + " on " + key);
        }
        return n;
    }

    /** Every call the table names. */
    java.util.Set<String> calls() {
        return numbers.keySet();
    }
}
