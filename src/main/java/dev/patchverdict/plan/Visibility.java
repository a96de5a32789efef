// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import dev.patchverdict.record.WireValue;

/** Whether the worker may see the plan. */
public enum Visibility implements WireValue { PUBLIC, HIDDEN }
