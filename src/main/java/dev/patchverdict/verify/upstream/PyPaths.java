// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify.upstream;

import dev.patchverdict.fs.Containment;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Path resolution as the record family's verifier does it ({@code Path.resolve()} in non-strict
 * mode): symbolic links are followed as far as the path exists, {@code ..} and {@code .} vanish,
 * and what does not exist is appended as written. "Inside" is then a component-wise prefix test,
 * the boundary itself included: the project's one meaning, {@link Containment}.
 */
public final class PyPaths {
    private PyPaths() {}

    public static Path resolve(Path path) {
        try {
            return Containment.resolve(path);
        } catch (IOException e) {
            // a symbolic link loop: Python keeps the path as written
            return path.toAbsolutePath().normalize();
        }
    }

    /**
     * As {@link #resolve} of {@code resolvedBase.resolve(relative)}, for a base this class has resolved already: only
     * the names of {@code relative} are looked up.
     *
     * @throws java.nio.file.InvalidPathException when {@code relative} is no path (it holds a NUL)
     */
    public static Path resolveBelow(Path resolvedBase, String relative) {
        Path names = resolvedBase.getFileSystem().getPath(relative);
        try {
            return Containment.resolveBelow(resolvedBase, names);
        } catch (IOException e) {
            return resolvedBase.resolve(names).toAbsolutePath().normalize();
        }
    }

    /** True when {@code candidate} is {@code boundary} or below it, after resolving both. */
    public static boolean equalOrBelow(Path candidate, Path boundary) {
        return resolve(candidate).startsWith(resolve(boundary));
    }
}
