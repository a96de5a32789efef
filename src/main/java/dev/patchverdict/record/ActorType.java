// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

/** Who or what did the work, or the checking. */
public enum ActorType implements WireValue { HUMAN, AGENT, SYSTEM, HYBRID }
