// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave;

import dev.patchverdict.behave.sandbox.RunRecord;
import dev.patchverdict.behave.sandbox.RunRequest;
import dev.patchverdict.behave.sandbox.Sandbox;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;

/** The real sandbox with every call passed on: a test overrides only the call it hooks a side effect to. */
interface ForwardingSandbox extends Sandbox {
    Sandbox real();

    @Override
    default Optional<String> unavailableReason() {
        return real().unavailableReason();
    }

    @Override
    default RunRecord run(RunRequest request) throws IOException {
        return real().run(request);
    }

    @Override
    default String describe() {
        return real().describe();
    }

    @Override
    default Map<String, String> toolVersions() {
        return real().toolVersions();
    }
}
