// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

/** Kind of a worker log; also what a plan can require to be present. */
public enum LogType implements WireValue { STDOUT, STDERR, TRACE, TOOL_CALLS, OTHER }
