// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.attest;

import java.util.Objects;

/** One check's outcome: held, failed, or not made (nothing given to check against), with why. */
public record CheckOutcome(Check check, State state, String detail) {
    public enum State { HELD, FAILED, NOT_CHECKED }

    public CheckOutcome {
        Objects.requireNonNull(check, "check");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(detail, "detail");
    }

    static CheckOutcome held(Check c, String detail) {
        return new CheckOutcome(c, State.HELD, detail);
    }

    static CheckOutcome failed(Check c, String detail) {
        return new CheckOutcome(c, State.FAILED, detail);
    }

    static CheckOutcome notChecked(Check c, String detail) {
        return new CheckOutcome(c, State.NOT_CHECKED, detail);
    }
}
