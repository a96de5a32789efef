// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import dev.patchverdict.behave.plan.CheckSpec;
import dev.patchverdict.behave.sandbox.RunRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What one check showed: its runs on the base and patched trees (when they happened), its
 * comparisons and witness, the verdict and every reason for it.
 */
public record CheckResult(CheckSpec spec, Optional<RunRecord> base, Optional<RunRecord> patched, Verdict verdict,
        List<Reason> reasons, List<LabelledComparison> comparisons, Optional<WitnessReading> witness,
        Optional<Verdict> witnessVerdict) {
    public CheckResult {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(patched, "patched");
        Objects.requireNonNull(verdict, "verdict");
        reasons = List.copyOf(reasons);
        if (reasons.isEmpty()) {
            throw new IllegalArgumentException("a check verdict needs at least one reason");
        }
        comparisons = List.copyOf(comparisons);
        Objects.requireNonNull(witness, "witness");
        Objects.requireNonNull(witnessVerdict, "witnessVerdict");
    }

    public static CheckResult notRun(CheckSpec spec, String why) {
        return new CheckResult(spec, Optional.empty(), Optional.empty(), Verdict.UNVERIFIED,
                List.of(new Reason(Verdict.UNVERIFIED, "not run: " + why)),
                List.of(), Optional.empty(), spec.witness().map(w -> Verdict.UNVERIFIED));
    }

    /**
     * What decided the verdict: for PROVEN every observation (all were needed), otherwise the
     * first observation that says the same as the verdict.
     */
    public String decidingReason() {
        if (verdict == Verdict.PROVEN) {
            return String.join("; ", reasons.stream().map(Reason::text).toList());
        }
        return reasons.stream().filter(r -> r.verdict() == verdict).findFirst().orElse(reasons.get(0)).text();
    }

    /** The runs that happened, base first. */
    public List<RunRecord> runs() {
        List<RunRecord> r = new ArrayList<>(2);
        base.ifPresent(r::add);
        patched.ifPresent(r::add);
        return r;
    }
}
