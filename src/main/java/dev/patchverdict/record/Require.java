// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Checks shared by the models' compact constructors. A null is a programming error
 * ({@link NullPointerException}); a value the documents cannot hold is an
 * {@link IllegalArgumentException} naming the field.
 */
public final class Require {
    private Require() {}

    public static String nonEmpty(String value, String field) {
        Objects.requireNonNull(value, field);
        if (value.isEmpty()) {
            throw new IllegalArgumentException(field + " must not be empty");
        }
        return value;
    }

    public static long atLeast(long value, long minimum, String field) {
        if (value < minimum) {
            throw new IllegalArgumentException(field + " must be at least " + minimum + ", not " + value);
        }
        return value;
    }

    /** An immutable copy; elements must not be null. */
    public static <T> List<T> list(Collection<T> values, String field) {
        Objects.requireNonNull(values, field);
        return List.copyOf(values);
    }

    /** An immutable copy that must not repeat an element. */
    public static <T> List<T> distinct(Collection<T> values, String field) {
        List<T> copy = list(values, field);
        if (new HashSet<>(copy).size() != copy.size()) {
            throw new IllegalArgumentException(field + " must not contain the same item twice");
        }
        return copy;
    }

    /** As {@link #list}, and not empty. */
    public static <T> List<T> nonEmptyList(Collection<T> values, String field) {
        List<T> copy = list(values, field);
        if (copy.isEmpty()) {
            throw new IllegalArgumentException(field + " must have at least 1 item");
        }
        return copy;
    }

    /** As {@link #distinct}, and not empty. */
    public static <T> List<T> distinctNonEmpty(Collection<T> values, String field) {
        return nonEmptyList(distinct(values, field), field);
    }

    /** What a ResultManifest and a VerificationResult both say of the attempt they are about. */
    static void attempt(String workUnitId, long workUnitVersion, long attempt) {
        nonEmpty(workUnitId, "workUnitId");
        atLeast(workUnitVersion, 1, "work_unit_version");
        atLeast(attempt, 1, "attempt");
    }

    public static <T> Optional<T> optional(Optional<T> value, String field) {
        return Objects.requireNonNull(value, field);
    }

    /** A document's extensions, as a private copy: taken on the way into a model and again on the way out. */
    public static Optional<ObjectNode> extensions(Optional<ObjectNode> extensions) {
        return optional(extensions, "extensions").map(ObjectNode::deepCopy);
    }

    public static <T> Optional<List<T>> optionalDistinct(Optional<List<T>> values, String field) {
        return Objects.requireNonNull(values, field).map(v -> distinct(v, field));
    }
}
