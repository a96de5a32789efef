// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.plan;

/** Who runs the checks. Only one identity exists in this version; the plan must name it. */
public record RunnerIdentity(String id, String adapter, String adapterVersion) {
    public static final RunnerIdentity V0_1 =
            new RunnerIdentity("patchverdict-behavioural-runner", "sandboxed-behavioural-runner", "0.1.0");

    public RunnerIdentity {
        if (id == null || id.isEmpty() || adapter == null || adapter.isEmpty() || adapterVersion == null
                || adapterVersion.isEmpty()) {
            throw new IllegalArgumentException("runner id, adapter and adapter_version are required");
        }
    }
}
