// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate;

/** What a calibration cell expects or observed: the verifier's verdict, or that the cell is not run. */
public enum Outcome {
    SUPPORT("support"),
    REJECT("reject"),
    UNDECIDED("undecided"),
    NOT_RUN("n/a");

    private final String wire;

    Outcome(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    public static Outcome fromWire(String text) {
        for (Outcome o : values()) {
            if (o.wire.equals(text)) {
                return o;
            }
        }
        throw new IllegalArgumentException("not an outcome: " + text);
    }
}
