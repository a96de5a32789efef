// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.plan;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.behave.BehaveException;
import dev.patchverdict.digest.Digest;
import dev.patchverdict.digest.Digests;
import java.nio.file.Path;
import java.util.Objects;

/** A plan as read from a file, with the canonical digest of the document it came from. */
public record LoadedPlan(Path file, BehaviouralPlan plan, Digest digest) {
    public LoadedPlan {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(digest, "digest");
    }

    public static LoadedPlan read(Path file) throws BehaveException {
        return read(file, file);
    }

    /** Reads {@code copy}, naming {@code original} as the plan's file. */
    public static LoadedPlan read(Path copy, Path original) throws BehaveException {
        JsonNode doc = Documents.readJson(copy);
        return new LoadedPlan(original, BehaviouralPlans.parse(doc, original.toString()), Digests.canonical(doc));
    }
}
