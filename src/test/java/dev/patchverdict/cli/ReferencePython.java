// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The Python interpreters that hold the in-toto reference implementation for the interoperability
 * tests. {@link #registry()} makes a scratch virtual environment under target/ and installs in-toto,
 * securesystemslib and the attestation framework's bindings from the package registry (once; the
 * environment is kept for later runs); it is absent, with the reason, only when the registry cannot
 * be reached. {@link #debian()} is an interpreter with Debian's python3-securesystemslib and in-toto.
 */
final class ReferencePython {
    static final Path VENV = Path.of("target", "intoto-venv").toAbsolutePath();
    private static final String[] PACKAGES = {"in-toto>=2.0", "securesystemslib[crypto]>=1.0", "in-toto-attestation>=0.9"};
    /** What pip prints (in its retry warnings) when it cannot reach the registry at all, as opposed to any other failure. */
    private static final List<String> OFFLINE = List.of("newconnectionerror", "name or service not known",
            "temporary failure in name resolution", "network is unreachable", "connection refused", "connecttimeout",
            "failed to establish a new connection", "no route to host", "read timed out", "proxyerror");

    /** An interpreter, or why there is none. */
    record Found(Optional<Path> python, String why) {}

    /** One finished process: its exit code and everything it printed. */
    record Run(int code, String output) {}

    private static Found registry;

    private ReferencePython() {}

    static synchronized Found registry() throws IOException, InterruptedException {
        if (registry == null) {
            registry = makeRegistryVenv();
        }
        return registry;
    }

    private static Found makeRegistryVenv() throws IOException, InterruptedException {
        Path python = VENV.resolve("bin/python");
        Path done = VENV.resolve(".installed");
        if (Files.isRegularFile(done) && Files.isExecutable(python)) {
            return new Found(Optional.of(python), "cached in " + VENV);
        }
        Files.createDirectories(VENV.getParent());
        Run venv = run(List.of("python3", "-m", "venv", "--clear", VENV.toString()), 120);
        if (venv.code() != 0) {
            throw new IllegalStateException("python3 -m venv failed: " + venv.output());
        }
        List<String> pip = new ArrayList<>(List.of(python.toString(), "-m", "pip", "install", "--disable-pip-version-check",
                "--no-input", "--retries", "1", "--timeout", "30", "-q"));
        pip.addAll(List.of(PACKAGES));
        Run install = run(pip, 540);
        if (install.code() != 0) {
            String lower = install.output().toLowerCase(Locale.ROOT);
            if (OFFLINE.stream().anyMatch(lower::contains)) {
                String last = install.output().lines().filter(l -> OFFLINE.stream().anyMatch(l.toLowerCase(Locale.ROOT)::contains))
                        .findFirst().orElse("").strip();
                return new Found(Optional.empty(), "the package registry (PyPI) cannot be reached from this machine, so the"
                        + " in-toto reference implementation cannot be installed: " + last);
            }
            throw new IllegalStateException("pip install " + String.join(" ", PACKAGES) + " failed:\n" + install.output());
        }
        Files.writeString(done, String.join("\n", PACKAGES) + "\n");
        return new Found(Optional.of(python), "installed into " + VENV);
    }

    static Found debian() throws IOException, InterruptedException {
        for (String candidate : List.of("/usr/bin/python3", "python3")) {
            Run probe = run(List.of(candidate, "-c", "import securesystemslib, in_toto, cryptography; print(securesystemslib.__version__)"), 60);
            if (probe.code() == 0) {
                return new Found(Optional.of(Path.of(candidate)), "securesystemslib " + probe.output().strip());
            }
        }
        return new Found(Optional.empty(), "no python3 with securesystemslib, in-toto and cryptography"
                + " (Debian's python3-securesystemslib and in-toto; .ci/run installs them)");
    }

    static Run run(List<String> command, int seconds) throws IOException, InterruptedException {
        Path log = Files.createTempFile("reference-python", ".log");
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                return new Run(-1, "timed out after " + seconds + " s: " + command + "\n"
                        + Files.readString(log, StandardCharsets.UTF_8));
            }
            return new Run(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return new Run(-1, command.get(0) + ": " + e.getMessage());
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
