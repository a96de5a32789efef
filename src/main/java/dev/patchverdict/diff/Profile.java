// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import java.util.Collection;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * A named table of severities, one per diagnostic code. The reader consults it for every finding and skips
 * the checks a profile turns off, so profiles differ only in this data.
 */
public record Profile(String name, Map<DiagnosticCode, Severity> severities) {
    public Profile {
        Objects.requireNonNull(name, "name");
        EnumMap<DiagnosticCode, Severity> copy = new EnumMap<>(DiagnosticCode.class);
        copy.putAll(severities);
        for (DiagnosticCode c : DiagnosticCode.values()) {
            if (!copy.containsKey(c)) {
                throw new IllegalArgumentException("profile " + name + " gives no severity for " + c);
            }
        }
        severities = java.util.Collections.unmodifiableMap(copy);
    }

    /** Exactly what {@code git apply --numstat} accepts; nothing else is checked. */
    public static final Profile GIT = byCategory("git", Map.of(
            DiagnosticCode.Category.GIT, Severity.ERROR,
            DiagnosticCode.Category.STRUCTURE, Severity.OFF,
            DiagnosticCode.Category.ENCODING, Severity.OFF,
            DiagnosticCode.Category.PATH, Severity.OFF,
            DiagnosticCode.Category.POLICY, Severity.OFF),
            Map.of(
                    // git reads on silently past these, so they cannot reject in this profile.
                    DiagnosticCode.BINARY_PATCH_CORRUPT, Severity.WARNING));

    /** The verifier's default: everything git refuses plus every structural, byte, path and policy rule. */
    public static final Profile STRICT = byCategory("strict", Map.of(
            DiagnosticCode.Category.GIT, Severity.ERROR,
            DiagnosticCode.Category.STRUCTURE, Severity.ERROR,
            DiagnosticCode.Category.ENCODING, Severity.ERROR,
            DiagnosticCode.Category.PATH, Severity.ERROR,
            DiagnosticCode.Category.POLICY, Severity.ERROR),
            Map.of(
                    // Latin-1 source files are legitimate content; only paths must be UTF-8.
                    DiagnosticCode.INVALID_UTF8_LINE, Severity.WARNING));

    public static Profile byName(String name) {
        return switch (name.toLowerCase(java.util.Locale.ROOT)) {
            case "git" -> GIT;
            case "strict" -> STRICT;
            default -> throw new IllegalArgumentException("unknown profile '" + name + "' (strict or git)");
        };
    }

    private static Profile byCategory(String name, Map<DiagnosticCode.Category, Severity> byCategory,
            Map<DiagnosticCode, Severity> overrides) {
        EnumMap<DiagnosticCode, Severity> m = new EnumMap<>(DiagnosticCode.class);
        for (DiagnosticCode c : DiagnosticCode.values()) {
            m.put(c, overrides.getOrDefault(c, byCategory.get(c.category())));
        }
        return new Profile(name, m);
    }

    public Severity severity(DiagnosticCode code) {
        return severities.get(code);
    }

    public boolean enabled(DiagnosticCode code) {
        return severities.get(code) != Severity.OFF;
    }

    public Profile withSeverity(DiagnosticCode code, Severity severity) {
        EnumMap<DiagnosticCode, Severity> m = new EnumMap<>(severities);
        m.put(code, severity);
        return new Profile(name, m);
    }

    /** Lowers the given policy findings to warnings, as {@code --allow} does; other codes are refused. */
    public Profile allowing(Collection<DiagnosticCode> policyCodes) {
        EnumMap<DiagnosticCode, Severity> m = new EnumMap<>(severities);
        for (DiagnosticCode c : policyCodes) {
            if (c.category() != DiagnosticCode.Category.POLICY) {
                throw new IllegalArgumentException(c + " is not a policy finding and cannot be allowed");
            }
            if (m.get(c) == Severity.ERROR) {
                m.put(c, Severity.WARNING);
            }
        }
        return new Profile(name, m);
    }
}
