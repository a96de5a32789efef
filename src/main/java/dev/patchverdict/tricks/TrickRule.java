// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.tricks;

import java.util.Objects;
import com.google.re2j.Pattern;

/**
 * One static detector's identity: a stable kebab-case id, its severity, a one-line description of what it
 * catches, and the public report that describes the trick.
 */
public record TrickRule(String id, TrickSeverity severity, String description, String source) {
    private static final Pattern ID = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");

    public TrickRule {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(source, "source");
        if (!ID.matcher(id).matches()) {
            throw new IllegalArgumentException("rule id is not kebab-case: " + id);
        }
        if (description.isBlank() || description.contains("\n")) {
            throw new IllegalArgumentException("rule " + id + " needs a one-line description");
        }
        if (source.isBlank()) {
            throw new IllegalArgumentException("rule " + id + " names no public source");
        }
    }

    /** The description and its source, as help text (SARIF rules, usage). */
    public String help() {
        return description + " Source: " + source + ".";
    }
}
