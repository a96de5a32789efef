// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.tricks;

import java.util.List;

/** One rule's logic: adds its hits for a patch. */
@FunctionalInterface
interface Check {
    void run(TrickRule rule, PatchView patch, List<TrickHit> out);
}
