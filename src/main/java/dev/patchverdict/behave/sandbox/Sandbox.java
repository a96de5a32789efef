// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import java.io.IOException;
import java.util.Optional;

/** Runs a program isolated from the host. There is no unsandboxed implementation, on purpose. */
public interface Sandbox {

    /** Empty when the sandbox can run programs here; otherwise why it cannot. */
    Optional<String> unavailableReason();

    /**
     * Runs one program. Failures of the program (or of the sandbox to start it) are outcomes in
     * the record; the exception is only for the runner's own I/O faults.
     */
    RunRecord run(RunRequest request) throws IOException;

    /** A short description of the isolation, for the result and the report. */
    String describe();

    /** Names and versions of the tools that make the sandbox, for the result's provenance. */
    java.util.Map<String, String> toolVersions();
}
