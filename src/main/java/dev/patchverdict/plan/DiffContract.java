// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import dev.patchverdict.record.LogType;
import java.util.List;

/** A contract read off a unified diff (v0.2 and later): limits, required logs, and its line rule. */
public sealed interface DiffContract extends Contract
        permits ExactAddedLinesContract, AddedSubstringsContract, AddedAndRemovedSubstringsContract,
                StrictTransitionContract {
    DiffBackend backend();

    /** Log kinds the manifest must declare (with digests, when the backend verifies them). */
    List<LogType> requiredLogTypes();
}
