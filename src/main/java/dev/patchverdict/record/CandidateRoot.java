// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import dev.patchverdict.digest.Digest;
import dev.patchverdict.digest.Digests;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The folder that holds a worker's outputs (patch, logs). Locators in records are relative to
 * it, and a locator may only ever name a regular file inside it: no absolute paths, no {@code ..},
 * no symbolic link anywhere on the way, so a record cannot point a verifier at a file elsewhere.
 */
public final class CandidateRoot {
    private final Path root;

    private CandidateRoot(Path root) {
        this.root = root;
    }

    /** Opens a candidate root; it must be an existing folder (links to it are resolved once, here). */
    public static CandidateRoot open(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            throw new IOException(folder + ": the candidate root is not a folder");
        }
        return new CandidateRoot(folder.toRealPath());
    }

    public Path path() {
        return root;
    }

    /** Why a locator cannot name a file here, or empty when it names a regular file inside the root. */
    public Optional<String> problem(String locator) {
        if (locator.isEmpty()) {
            return Optional.of("the locator is empty");
        }
        if (locator.indexOf('\\') >= 0 || locator.indexOf('\0') >= 0) {
            return Optional.of("\"" + locator + "\" holds a backslash or NUL");
        }
        Path rel;
        try {
            rel = root.getFileSystem().getPath(locator);
        } catch (InvalidPathException e) {
            return Optional.of("\"" + locator + "\" is not a path: " + e.getReason());
        }
        if (rel.isAbsolute()) {
            return Optional.of("\"" + locator + "\" is absolute; locators are relative to the candidate root");
        }
        for (Path part : rel) {
            String p = part.toString();
            if (p.equals("..") || p.equals(".") || p.isEmpty()) {
                return Optional.of("\"" + locator + "\" has a '" + p + "' component");
            }
        }
        Path at = root;
        for (Path part : rel) {
            at = at.resolve(part);
            if (Files.isSymbolicLink(at)) {
                return Optional.of("\"" + locator + "\" passes through a symbolic link at " + root.relativize(at));
            }
        }
        if (!Files.exists(at, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.of("\"" + locator + "\" does not exist in the candidate root");
        }
        if (!Files.isRegularFile(at, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.of("\"" + locator + "\" is not a regular file");
        }
        return Optional.empty();
    }

    /** The file a locator names, checked as {@link #problem} describes. */
    public Path resolve(String locator) throws IOException {
        Optional<String> problem = problem(locator);
        if (problem.isPresent()) {
            throw new IOException(problem.get());
        }
        return root.resolve(locator);
    }

    /** SHA-256 of the named file's bytes, streamed. */
    public Digest digest(String locator) throws IOException {
        return Digests.file(resolve(locator));
    }
}
