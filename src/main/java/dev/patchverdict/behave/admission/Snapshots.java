// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.admission;

import dev.patchverdict.behave.BehaveException;
import dev.patchverdict.behave.plan.LoadedPlan;
import dev.patchverdict.behave.plan.PlanCommitment;
import dev.patchverdict.report.IoMessages;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * Copies of the run's inputs in runner-private scratch space. Each input is read from where the
 * operator named it exactly once; everything after (hashing, parsing, git apply, mutation) uses
 * the copy, so the worker's folder cannot change between the check and the use.
 */
final class Snapshots {
    /** No input document or candidate is this large; a bigger one is refused before it is copied. */
    static final long MAX_INPUT_BYTES = Admission.MAX_PATCH_BYTES;

    private final Path dir;

    Snapshots(Path dir) {
        this.dir = dir;
    }

    /** Copies {@code original} into the slot's own folder, under its own file name. */
    Path copy(Path original, String slot) throws BehaveException {
        Path folder = dir.resolve(slot);
        Path name = original.getFileName();
        Path copy = folder.resolve(name == null ? Path.of(slot) : name);
        try (InputStream in = Files.newInputStream(original)) {
            byte[] bytes = in.readNBytes((int) MAX_INPUT_BYTES + 1);
            if (bytes.length > MAX_INPUT_BYTES) {
                throw new BehaveException(original.toString(), "is over the limit of " + MAX_INPUT_BYTES + " bytes");
            }
            Files.createDirectories(folder);
            Files.write(copy, bytes);
            return copy;
        } catch (IOException e) {
            throw new BehaveException(original.toString(), "cannot be read: " + IoMessages.describe(e), e);
        }
    }

    LoadedPlan plan(Path original) throws BehaveException {
        Path copy = copy(original, "plan");
        try {
            return LoadedPlan.read(copy, original);
        } catch (BehaveException e) {
            throw renamed(e, copy, original);
        }
    }

    PlanCommitment commitment(Path original) throws BehaveException {
        Path copy = copy(original, "commitment");
        try {
            return PlanCommitment.read(copy);
        } catch (BehaveException e) {
            throw renamed(e, copy, original);
        }
    }

    Path candidate(Path original) throws BehaveException {
        if (!Files.isRegularFile(original, LinkOption.NOFOLLOW_LINKS)) {
            throw new BehaveException(original.toString(), "the candidate is not a regular file");
        }
        return copy(original, "candidate");
    }

    byte[] bytes(Path copy, Path original) throws BehaveException {
        try {
            return Files.readAllBytes(copy);
        } catch (IOException e) {
            throw new BehaveException(original.toString(), "cannot be read: " + IoMessages.describe(e), e);
        }
    }

    /** Errors name the file the operator gave, never the private copy. */
    private static BehaveException renamed(BehaveException e, Path copy, Path original) {
        String what = e.what().replace(copy.toString(), original.toString());
        String why = e.getMessage() == null ? null : e.getMessage().replace(copy.toString(), original.toString());
        return new BehaveException(what, why, e);
    }
}
