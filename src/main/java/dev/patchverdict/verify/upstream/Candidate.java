// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify.upstream;

import java.nio.file.InvalidPathException;
import dev.patchverdict.text.Split;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.verify.VerificationException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Finding the candidate artifact and resolving locators inside the candidate root (SPEC part 1 §A9.1). */
public final class Candidate {
    private Candidate() {}

    /** The one produced artifact with the plan's candidate id. */
    public static ObjectNode artifact(ObjectNode manifest, String artifactId) throws VerificationException {
        List<ObjectNode> found = new ArrayList<>();
        for (JsonNode a : manifest.path("produced_artifacts")) {
            if (a.isObject() && artifactId.equals(a.path("id").textValue())) {
                found.add((ObjectNode) a);
            }
        }
        if (found.size() != 1) {
            throw new VerificationException("candidate_artifact_id must match exactly one produced artifact");
        }
        return found.get(0);
    }

    /**
     * A locator resolved below the root. Links are followed (the record family's meaning: a link
     * to a file inside the root is that file); a locator that is empty, absolute, climbs with
     * {@code ..} or resolves outside the root is refused.
     */
    public static Path resolve(Path root, String locator) throws VerificationException {
        return below(PyPaths.resolve(root), locator);
    }

    /** As {@link #resolve}, below a root {@link PyPaths#resolve} has resolved already (a verification's own). */
    public static Path below(Path resolvedRoot, String locator) throws VerificationException {
        if (locator.isEmpty() || locator.startsWith("/") || List.of(Split.all(locator, '/')).contains("..")) {
            throw new VerificationException("unsafe candidate locator: " + PyStr.repr(locator));
        }
        Path path;
        try {
            path = PyPaths.resolveBelow(resolvedRoot, locator);
        } catch (InvalidPathException e) {
            // A NUL: no file can have that name; as unsafe as a climbing locator, and said the same way.
            throw new VerificationException("unsafe candidate locator: " + PyStr.repr(locator));
        }
        if (!path.startsWith(resolvedRoot)) {
            throw new VerificationException("candidate locator escapes candidate root: " + locator);
        }
        return path;
    }

    /** A resolved path is a regular file (links were resolved already). */
    public static boolean isRegularFile(Path resolved) {
        return Files.isRegularFile(resolved, LinkOption.NOFOLLOW_LINKS);
    }
}
