// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import dev.patchverdict.digest.Digest;
import dev.patchverdict.record.Require;
import java.util.Objects;

/** The one WorkUnit (id, version, canonical digest) and source revision a plan applies to. */
public record Binding(String workUnitId, long workUnitVersion, Digest workUnitDigest, String sourceRevision) {
    public Binding {
        Require.nonEmpty(workUnitId, "work_unit_id");
        Require.atLeast(workUnitVersion, 1, "work_unit_version");
        Objects.requireNonNull(workUnitDigest, "workUnitDigest");
        Require.nonEmpty(sourceRevision, "source_revision");
    }
}
