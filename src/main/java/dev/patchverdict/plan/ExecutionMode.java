// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import dev.patchverdict.record.WireValue;

/** How the plan is carried out; every version allows metadata-only checks alone (no candidate code runs). */
public enum ExecutionMode implements WireValue { METADATA_ONLY }
