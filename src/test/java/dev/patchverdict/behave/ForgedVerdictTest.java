// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave;

import dev.patchverdict.TestGroups;
import static dev.patchverdict.behave.BehaveFixture.checks;
import static dev.patchverdict.behave.BehaveFixture.python;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.behave.judge.Verdict;
import dev.patchverdict.behave.result.ResultDocument;
import dev.patchverdict.record.DocumentReader;
import dev.patchverdict.record.VerificationResult;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A wrong fix that takes over the check judging it. The plan follows the advice to keep the
 * candidate out of the check's process: every check runs {@code calc.py} as a child and judges
 * what it prints. The candidate, run as that child, makes its parent print a witness and exit 0,
 * by tracing it or by rewriting its code through {@code /proc/PID/mem}; unstopped, every level is
 * PROVEN. The injected code is x86-64 machine code.
 */
@Tag(TestGroups.GIT)
@Tag(TestGroups.BUBBLEWRAP)
@Tag(TestGroups.PYTHON3)
class ForgedVerdictTest {
    /** Splits on single spaces: 'a  b' has three words. */
    static final String COUNT_BUGGY = String.join("\n",
            "import sys",
            "",
            "",
            "def count_words(text):",
            "    return len(text.split(' '))",
            "",
            "",
            "if __name__ == '__main__':",
            "    print(count_words(sys.argv[1]))",
            "");

    /** Still wrong for runs of spaces: only the empty text is fixed. */
    static final String WRONG_FIX = String.join("\n",
            "def count_words(text):",
            "    text = text.strip()",
            "    return len(text.split(' ')) if text else 0",
            "");

    static final String WITNESS = "WITNESS: {\"search_exhausted\": true, \"nodes_explored\": 4, \"method\": \"listed cases\"}\\n";

    /** write(1, message, len); exit_group(0); the message follows the code. */
    static final String SHELLCODE = String.join("\n",
            "def shellcode(message):",
            "    return (b'\\x48\\x8d\\x35\\x1a\\x00\\x00\\x00' + b'\\xbf\\x01\\x00\\x00\\x00' + b'\\xba'",
            "            + struct.pack('<I', len(message))",
            "            + b'\\xb8\\x01\\x00\\x00\\x00\\x0f\\x05\\x31\\xff\\xb8\\xe7\\x00\\x00\\x00\\x0f\\x05' + message)",
            "");

    /**
     * The wrong fix, and a main that first tries {@code take_over} (which returns why it could
     * not) on its parent, and only then prints its count.
     */
    static String candidate(String imports, String takeOver) {
        return String.join("\n", imports, "", "", WRONG_FIX, "", SHELLCODE, "", takeOver, "", "",
                "if __name__ == '__main__':",
                "    why = take_over(b'" + WITNESS + "')",
                "    if why is None:",
                "        sys.exit(0)",
                "    print(why, file=sys.stderr)",
                "    print(count_words(sys.argv[1]))",
                "");
    }

    static final String TRACING = candidate("import ctypes, os, struct, sys", String.join("\n",
            "def take_over(message):",
            "    libc = ctypes.CDLL(None, use_errno=True)",
            "    libc.ptrace.restype = ctypes.c_long",
            "    libc.ptrace.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p]",
            "    parent = os.getppid()",
            "    if libc.ptrace(16, parent, None, None) != 0:",
            "        return 'ptrace: ' + os.strerror(ctypes.get_errno())",
            "    os.waitpid(parent, 0x40000000)",
            "    regs = (ctypes.c_ulonglong * 27)()",
            "    libc.ptrace(12, parent, None, ctypes.byref(regs))",
            "    code = shellcode(message)",
            "    code += b'\\0' * (-len(code) % 8)",
            "    for i in range(0, len(code), 8):",
            "        word = struct.unpack('<Q', code[i:i + 8])[0]",
            "        libc.ptrace(4, parent, ctypes.c_void_p(regs[16] + i), ctypes.c_void_p(word))",
            "    regs[15] = 0xffffffffffffffff",
            "    libc.ptrace(13, parent, None, ctypes.byref(regs))",
            "    libc.ptrace(17, parent, None, None)",
            "    return None"));

    /** No ptrace call at all: the parent's code is rewritten where its blocked system call returns. */
    static final String REWRITING = candidate("import os, struct, sys", String.join("\n",
            "def take_over(message):",
            "    parent = os.getppid()",
            "    try:",
            "        with open('/proc/%d/syscall' % parent) as f:",
            "            pc = int(f.read().split()[-1], 16)",
            "        with open('/proc/%d/mem' % parent, 'r+b', buffering=0) as m:",
            "            m.seek(pc)",
            "            m.write(shellcode(message))",
            "        return None",
            "    except OSError as e:",
            "        return 'mem: ' + str(e)"));

    /** Runs calc.py on each text as a child and compares what it prints with Python's own count. */
    static final String JUDGE = String.join("\n",
            "import json, subprocess, sys",
            "cases = ['a  b', '', ' a', 'a b']",
            "for s in cases:",
            "    r = subprocess.run([sys.executable, 'calc.py', s], capture_output=True, text=True)",
            "    sys.stderr.write(r.stderr)",
            "    if r.stdout.strip() != str(len(s.split())):",
            "        print('mismatch', repr(s), r.stdout.strip())",
            "        sys.exit(1)",
            "print('WITNESS: ' + json.dumps({'search_exhausted': True, 'nodes_explored': len(cases),"
                    + " 'method': 'listed cases'}))");

    @TempDir
    Path dir;

    @BeforeEach
    void x86() {
        Assumptions.assumeTrue(System.getProperty("os.arch").equals("amd64"), "the injected code is x86-64's");
    }

    private VerificationResult run(String candidate) throws Exception {
        var contract = python("agrees-with-split", "contract", JUDGE);
        contract.putObject("witness").put("polarity", "negative");
        BehaveFixture f = BehaveFixture.create(dir, Map.of("calc.py", COUNT_BUGGY))
                .candidate(Map.of("calc.py", candidate))
                .records(checks(python("counts-runs-of-spaces", "reproduction", JUDGE),
                        python("splits-as-before", "preserve", "print(len('a b'.split()))"), contract));
        Behave.Outcome o = f.run();
        assertNotEquals(Verdict.PROVEN, o.verdict(), "a wrong fix forged its verdict: " + o.report());
        return DocumentReader.strict().readVerificationResult(dir.resolve("records/behave-result.json"));
    }

    private static JsonNode check(VerificationResult r, String id) {
        for (JsonNode c : r.extensions().orElseThrow().get(ResultDocument.EXTENSION).get("checks")) {
            if (c.get("id").textValue().equals(id)) {
                return c;
            }
        }
        throw new AssertionError("no check " + id);
    }

    private static void refutedBecause(VerificationResult r, String why) {
        JsonNode c = check(r, "agrees-with-split");
        assertEquals("REFUTED", c.get("verdict").textValue(), c.toString());
        String stderr = c.get("patched").get("stderr_excerpt").textValue();
        assertTrue(stderr.contains(why), stderr);
        assertEquals("REFUTED", check(r, "counts-runs-of-spaces").get("verdict").textValue());
    }

    @Test
    void aCandidateTracingTheCheckThatJudgesItCannotForgeItsVerdict() throws Exception {
        refutedBecause(run(TRACING), "ptrace: Operation not permitted");
    }

    @Test
    void aCandidateRewritingTheChecksMemoryCannotForgeItsVerdict() throws Exception {
        refutedBecause(run(REWRITING), "mem: [Errno 30] Read-only file system");
    }

    /** Prints what calc.py, run as a child, counts for {@code text}. */
    static String countOf(String text) {
        return "import subprocess, sys\n"
                + "r = subprocess.run([sys.executable, 'calc.py', '" + text + "'], capture_output=True, text=True)\n"
                + "sys.stderr.write(r.stderr)\n"
                + "print(r.stdout.strip())";
    }

    /**
     * Relations run where the checks run. A space moved from the end to between the words keeps
     * the count: it held on the base (3 and 3) and the wrong fix breaks it (2 and 3), unless the
     * candidate makes both runs print the same forged line.
     */
    private JsonNode relationRun(String candidate) throws Exception {
        BehaveFixture f = BehaveFixture.create(dir, Map.of("calc.py", COUNT_BUGGY))
                .candidate(Map.of("calc.py", candidate))
                .records(checks(python("splits-as-before", "preserve", "print(len('a b'.split()))")))
                .relations(BehaveFixture.relation("space-moved", "exact", null, countOf("a b "), countOf("a  b")));
        Behave.Outcome o = f.run();
        assertEquals(Verdict.REFUTED, o.verdict(), "a wrong fix forged its relation: " + o.report());
        JsonNode x = DocumentReader.strict().readVerificationResult(dir.resolve("records/behave-result.json"))
                .extensions().orElseThrow().get(ResultDocument.EXTENSION).get("relations").get(0);
        assertEquals("held", x.get("base").get("state").textValue(), x.toString());
        assertEquals("broken", x.get("patched").get("state").textValue(), x.toString());
        assertEquals("[\"veto\"]", x.get("roles").toString());
        return x.get("patched");
    }

    @Test
    void aCandidateTracingTheRelationsProgramCannotForgeTheRelation() throws Exception {
        JsonNode patched = relationRun(TRACING);
        assertTrue(patched.get("source").get("stderr_excerpt").textValue().contains("ptrace: Operation not permitted"),
                patched.toString());
    }

    @Test
    void aCandidateRewritingTheRelationsProgramCannotForgeTheRelation() throws Exception {
        JsonNode patched = relationRun(REWRITING);
        assertTrue(patched.get("followup").get("stderr_excerpt").textValue().contains("mem: [Errno 30] Read-only file system"),
                patched.toString());
    }
}
