// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import dev.patchverdict.TestGroups;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static dev.patchverdict.behave.sandbox.TestSandbox.LIMITS;
import static dev.patchverdict.behave.sandbox.TestSandbox.PATH_ONLY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The system-call filter: its bytes, its numbers, and what it does to a program in the sandbox. */
class SyscallFilterTest {

    @TempDir
    Path scratch;

    private static String golden(Architecture a) throws IOException {
        try (InputStream in = SyscallFilterTest.class.getResourceAsStream("seccomp-" + a.key() + ".txt")) {
            assertTrue(in != null, "no golden file for " + a.key());
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void eachArchitecturesProgramIsPinned() throws IOException {
        for (Architecture a : Architecture.values()) {
            List<String> lines = golden(a).lines().filter(l -> !l.startsWith("#")).toList();
            assertEquals(lines, SyscallFilter.instructions(a).stream().map(Object::toString).toList(), a.key());
            // The bytes the kernel reads are those lines, little-endian, eight bytes each.
            ByteBuffer b = ByteBuffer.allocate(8 * lines.size()).order(ByteOrder.LITTLE_ENDIAN);
            for (String l : lines) {
                String[] f = l.split(" ");
                b.putShort((short) Integer.parseInt(f[0], 16)).put((byte) Integer.parseInt(f[1], 16))
                        .put((byte) Integer.parseInt(f[2], 16)).putInt(Integer.parseUnsignedInt(f[3], 16));
            }
            assertArrayEquals(b.array(), SyscallFilter.program(a), a.key());
        }
    }

    /** The kernel's own tables, from the Linux headers Debian ships in linux-libc-dev. */
    private static Map<String, Integer> headerNumbers(Path header) throws IOException {
        assertTrue(Files.isRegularFile(header), header + " is missing: CI installs linux-libc-dev");
        Map<String, Integer> n = new LinkedHashMap<>();
        Matcher m = Pattern.compile("(?m)^#define __NR(?:3264)?_(\\w+)\\s+(\\d+)\\s*$").matcher(Files.readString(header));
        while (m.find()) {
            n.putIfAbsent(m.group(1), Integer.parseInt(m.group(2)));
        }
        return n;
    }

    @Test
    void everyNumberIsTheKernels() throws IOException {
        // aarch64 uses the generic table, shipped on every architecture; x86-64's own ships on x86-64.
        Map<Architecture, Path> headers = new LinkedHashMap<>();
        headers.put(Architecture.AARCH64, Path.of("/usr/include/asm-generic/unistd.h"));
        if (Architecture.host().orElseThrow() == Architecture.X86_64) {
            headers.put(Architecture.X86_64, Path.of("/usr/include/x86_64-linux-gnu/asm/unistd_64.h"));
        }
        for (Map.Entry<Architecture, Path> h : headers.entrySet()) {
            Map<String, Integer> kernel = headerNumbers(h.getValue());
            for (String call : h.getKey().calls()) {
                assertEquals(kernel.get(call), h.getKey().number(call), call + " on " + h.getKey().key());
            }
        }
    }

    @Test
    void everyDeniedCallIsNamedForEveryArchitecture() {
        for (Architecture a : Architecture.values()) {
            for (SyscallFilter.Denial d : SyscallFilter.DENIED) {
                a.number(d.call());
            }
            for (SyscallFilter.Denial d : SyscallFilter.CONDITIONAL) {
                a.number(d.call());
            }
        }
    }

    private RunRecord run(String program) throws Exception {
        Path tree = Files.createDirectories(scratch.resolve("tree"));
        return TestSandbox.required(scratch).run(new RunRequest(tree, ".", List.of("python3", "-c", program),
                PATH_ONLY, Duration.ofSeconds(20), LIMITS));
    }

    private static final String SYSCALL = String.join("\n",
            "import ctypes, os, sys",
            "libc = ctypes.CDLL(None, use_errno=True)",
            "libc.syscall.restype = ctypes.c_long",
            "def call(nr, *args):",
            "    ctypes.set_errno(0)",
            "    r = libc.syscall(ctypes.c_long(nr), *[ctypes.c_long(a) if isinstance(a, int) else a for a in args])",
            "    return r, ctypes.get_errno()",
            "");

    @Test
    void everyDeniedCallFailsWithEpermInsideTheSandbox() throws Exception {
        Architecture a = Architecture.host().orElseThrow();
        // Arguments with which each call would do something without the filter, where there are such.
        Map<String, String> args = new LinkedHashMap<>();
        args.put("ptrace", "0, 0, 0, 0");                      // PTRACE_TRACEME
        args.put("process_vm_readv", "os.getpid(), 0, 0, 0, 0, 0");
        args.put("process_vm_writev", "os.getpid(), 0, 0, 0, 0, 0");
        args.put("pidfd_getfd", "0, 0, 0");
        args.put("kcmp", "os.getpid(), os.getpid(), 0, 0, 0"); // KCMP_FILE of the same file
        args.put("process_madvise", "0, 0, 0, 0, 0");
        // Where another process's first page lies, and moving its pages: allowed, and answered, before.
        args.put("move_pages", "other, 1, (ctypes.c_void_p * 1)(int(open('/proc/%d/maps' % other)"
                + ".readline().split('-')[0], 16)), None, (ctypes.c_int * 1)(), 0");
        args.put("migrate_pages", "other, 64, (ctypes.c_ulong * 1)(1), (ctypes.c_ulong * 1)(1)");
        args.put("keyctl", "0, -3, 0");                        // KEYCTL_GET_KEYRING_ID of the session keyring
        args.put("add_key", "b'user', b'pv', b'x', 1, -3");
        args.put("request_key", "b'user', b'pv', 0, 0");
        args.put("perf_event_open", "0, 0, -1, -1, 0");
        args.put("bpf", "0, 0, 0");
        args.put("userfaultfd", "0");
        args.put("io_uring_setup", "1, ctypes.create_string_buffer(120)");
        args.put("io_uring_enter", "0, 0, 0, 0, 0, 0");
        args.put("io_uring_register", "0, 0, 0, 0");
        args.put("unshare", "0");                              // no flags at all: a no-op without the filter
        args.put("setns", "0, 0");
        args.put("mount", "b'none', b'/tmp', b'tmpfs', 0, 0");
        args.put("umount2", "b'/tmp', 0");
        args.put("pivot_root", "b'/tree', b'/tree'");
        args.put("open_tree", "-100, b'/tmp', 1");
        args.put("move_mount", "0, b'', 0, b'', 0");
        args.put("fsopen", "b'tmpfs', 0");
        args.put("fsconfig", "0, 0, 0, 0, 0");
        args.put("fsmount", "0, 0, 0");
        args.put("fspick", "-100, b'/tmp', 0");
        args.put("mount_setattr", "-100, b'/tmp', 0, 0, 0");
        args.put("open_by_handle_at", "0, 0, 0");
        args.put("kexec_load", "0, 0, 0, 0");
        args.put("kexec_file_load", "0, 0, 0, 0, 0");
        args.put("init_module", "0, 0, 0");
        args.put("finit_module", "0, 0, 0");
        args.put("delete_module", "b'pv', 0");
        args.put("reboot", "0, 0, 0, 0");
        args.put("swapon", "b'/tmp/x', 0");
        args.put("swapoff", "b'/tmp/x'");
        args.put("acct", "0");
        args.put("quotactl", "0, 0, 0, 0");
        args.put("quotactl_fd", "0, 0, 0, 0");
        args.put("syslog", "10, 0, 0");                        // SYSLOG_ACTION_SIZE_BUFFER
        assertEquals(SyscallFilter.DENIED.stream().map(SyscallFilter.Denial::call).collect(Collectors.toSet()),
                args.keySet(), "every denied call is tried");
        List<String> p = new ArrayList<>(List.of(SYSCALL));
        // Another process of the sandbox, of the same uid, that anyone may look into.
        p.add("import subprocess, time");
        p.add("other = subprocess.Popen(['sleep', '60']).pid");
        p.add("time.sleep(0.2)");
        for (Map.Entry<String, String> e : args.entrySet()) {
            p.add("print(" + pyString(e.getKey()) + ", call(" + a.number(e.getKey()) + ", " + e.getValue() + ")[1])");
        }
        // Namespaces through clone, and the personas beyond Linux's own.
        p.add("print('clone-newuser', call(" + a.number("clone") + ", 0x10000000 | 17, 0, 0, 0, 0)[1])");
        p.add("print('clone-newns', call(" + a.number("clone") + ", 0x00020000 | 17, 0, 0, 0, 0)[1])");
        p.add("print('clone-newnet', call(" + a.number("clone") + ", 0x40000000 | 17, 0, 0, 0, 0)[1])");
        p.add("print('personality-no-aslr', call(" + a.number("personality") + ", 0x0040000)[1])");
        p.add("print('personality-linux32', call(" + a.number("personality") + ", 0x0008)[1])");
        p.add("print('ioctl-tiocsti', call(" + a.number("ioctl") + ", 0, 0x5412, ctypes.c_char_p(b'x'))[1])");
        RunRecord r = run(String.join("\n", p));
        assertEquals(new RunOutcome.Exited(0), r.outcome(), r.stderr().text());
        List<String> lines = r.stdout().text().lines().toList();
        assertEquals(args.size() + 6, lines.size(), r.stdout().text());
        for (String line : lines) {
            assertTrue(line.endsWith(" 1"), "EPERM (1): " + line);
        }
    }

    private static String pyString(String s) {
        return "'" + s + "'";
    }

    @Test
    void ordinaryUsesOfTheConditionalCallsStillWork() throws Exception {
        Architecture a = Architecture.host().orElseThrow();
        RunRecord r = run(String.join("\n", SYSCALL,
                "import threading, subprocess",
                "t = threading.Thread(target=lambda: None); t.start(); t.join()",
                "print('thread')",
                "print(subprocess.run(['true']).returncode)",
                "pid = os.fork()",
                "if pid == 0: os._exit(7)",
                "print(os.waitpid(pid, 0)[1] >> 8)",
                "print('clone3', call(" + a.number("clone3") + ", 0, 0)[1])",
                "print('persona', call(" + a.number("personality") + ", 0xffffffff)[0])",
                "print('persona', call(" + a.number("personality") + ", 0)[1])",
                "print('seccomp', [l.split()[1] for l in open('/proc/self/status') if l.startswith('Seccomp:')][0])"));
        assertEquals(new RunOutcome.Exited(0), r.outcome(), r.stderr().text());
        assertEquals(String.join("\n", "thread", "0", "7", "clone3 38", "persona 0", "persona 0", "seccomp 2", ""),
                r.stdout().text());
    }

    /**
     * AF_VSOCK is no network namespace's (before Linux 7.0, and never for a guest's virtio
     * transport): in a virtual machine a program of the sandbox could open a socket to the
     * hypervisor's host past the sandbox's empty network. Every family but the four ordinary ones
     * is refused.
     */
    @Test
    void onlyOrdinarySocketFamiliesCanBeOpened() throws Exception {
        Architecture a = Architecture.host().orElseThrow();
        RunRecord r = run(String.join("\n", SYSCALL,
                "import socket",
                // AF_VSOCK, AF_PACKET, AF_KEY, AF_ALG, AF_TIPC, AF_XDP, AF_BLUETOOTH, AF_CAN, AF_RDS, AF_MCTP, a
                // number past every family, and AF_VSOCK with a bit set above the 32 the kernel reads.
                "for family in (40, 17, 15, 38, 30, 44, 31, 29, 21, 46, 1000, 0x100000028):",
                "    print(family, call(" + a.number("socket") + ", family, 1, 0)[1],"
                        + " call(" + a.number("socketpair") + ", family, 1, 0, ctypes.create_string_buffer(8))[1])",
                "for family, kind in ((socket.AF_UNIX, socket.SOCK_STREAM), (socket.AF_INET, socket.SOCK_DGRAM),"
                        + " (socket.AF_INET6, socket.SOCK_DGRAM), (socket.AF_NETLINK, socket.SOCK_RAW)):",
                "    socket.socket(family, kind).close()",
                "a, b = socket.socketpair()",
                "a.sendall(b'ok'); print(b.recv(2).decode())"));
        assertEquals(new RunOutcome.Exited(0), r.outcome(), r.stderr().text());
        List<String> lines = r.stdout().text().lines().toList();
        assertEquals(13, lines.size(), r.stdout().text());
        for (String line : lines.subList(0, 12)) {
            // EAFNOSUPPORT, for socket and for socketpair, whatever the kernel has built in.
            assertTrue(line.endsWith(" 97 97"), "refused with EAFNOSUPPORT: " + line);
        }
        assertEquals("ok", lines.get(12));
    }

    @Test
    void aCallOfTheX32AbiKillsTheProcess() throws Exception {
        Assumptions.assumeTrue(Architecture.host().orElseThrow() == Architecture.X86_64, "x32 is x86-64's");
        RunRecord r = run(String.join("\n", SYSCALL, "print('getpid', call(0x40000000 | 39)[0], flush=True)"));
        assertEquals(new RunOutcome.Signalled(31), r.outcome(), r.stdout().text() + r.stderr().text());
        assertEquals("", r.stdout().text());
    }

    @Test
    void aCallOfTheI386AbiKillsTheProcess() throws Exception {
        Assumptions.assumeTrue(Architecture.host().orElseThrow() == Architecture.X86_64, "i386 calls are x86-64's");
        // mov eax, 20 (getpid on i386); int 0x80; ret
        RunRecord r = run(String.join("\n", SYSCALL,
                "import mmap",
                "m = mmap.mmap(-1, 4096, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)",
                "m.write(b'\\xb8\\x14\\x00\\x00\\x00\\xcd\\x80\\xc3')",
                "f = ctypes.CFUNCTYPE(ctypes.c_int)(ctypes.addressof(ctypes.c_char.from_buffer(m)))",
                "print('getpid', f(), flush=True)"));
        assertEquals(new RunOutcome.Signalled(31), r.outcome(), r.stdout().text() + r.stderr().text());
        assertEquals("", r.stdout().text());
    }

    @Tag(TestGroups.BUBBLEWRAP)
    @Test
    void aMachineWithoutAFilterRunsNothing() throws Exception {
        Path tree = Files.createDirectories(scratch.resolve("tree"));
        BubblewrapSandbox s = new BubblewrapSandbox(BubblewrapSandbox.Tools.locate(
                HostTools.fromEnvironment(TestSandbox.hostEnv())), TestSandbox.passable(scratch), HostLimits.DEFAULT,
                BubblewrapSandbox.effectiveUid(), Optional.empty());
        assertTrue(s.unavailableReason().orElseThrow().contains("no system-call filter is known for"),
                s.unavailableReason().toString());
        RunRecord r = s.run(new RunRequest(tree, ".", List.of("touch", "ran"), PATH_ONLY, Duration.ofSeconds(5),
                LIMITS));
        assertInstanceOf(RunOutcome.NotRun.class, r.outcome());
        assertFalse(Files.exists(tree.resolve("ran")), "nothing ran without the filter");
        assertEquals(Optional.empty(), Architecture.of("riscv64"));
        assertEquals(Optional.of(Architecture.X86_64), Architecture.of("amd64"));
        assertEquals(Optional.of(Architecture.AARCH64), Architecture.of("aarch64"));
    }

    @Test
    void theFilterIsInForceForEveryProcessOfTheSandbox() throws Exception {
        // A grandchild, double-forked and in a session of its own, runs under it too.
        RunRecord r = run(String.join("\n",
                "import os, subprocess",
                "print(subprocess.run(['sh', '-c', '(setsid sh -c \"grep Seccomp: /proc/self/status\") | cat'],"
                        + " capture_output=True, text=True).stdout.split()[1])"));
        assertEquals(new RunOutcome.Exited(0), r.outcome(), r.stderr().text());
        assertEquals("2\n", r.stdout().text());
    }

}
