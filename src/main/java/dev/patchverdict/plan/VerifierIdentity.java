// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import dev.patchverdict.record.Require;

/** The verifier a plan is written for: every plan version pins all four values. */
public record VerifierIdentity(String id, String type, String adapter, String adapterVersion) {
    static final String LOCAL_VERIFIER_ID = "idkmesh-local-verifier";

    public VerifierIdentity {
        Require.nonEmpty(id, "id");
        Require.nonEmpty(type, "type");
        Require.nonEmpty(adapter, "adapter");
        Require.nonEmpty(adapterVersion, "adapterVersion");
    }

    static VerifierIdentity local(String adapter, String adapterVersion) {
        return new VerifierIdentity(LOCAL_VERIFIER_ID, "system", adapter, adapterVersion);
    }
}
