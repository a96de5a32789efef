// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import java.util.Objects;

/** A rule as SARIF and the other code-scanning formats name it: a stable id with its description and help. */
public record RuleInfo(String id, String name, String description, String help, String level) {
    public RuleInfo {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(help, "help");
        Objects.requireNonNull(level, "level");
    }
}
