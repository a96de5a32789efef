package dev.patchverdict.verify.upstream;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * Path resolution as the record family's verifier does it ({@code Path.resolve()} in non-strict
 * mode): symbolic links are followed as far as the path exists, {@code ..} and {@code .} vanish,
 * and what does not exist is appended as written. "Inside" is then a component-wise prefix test,
 * the boundary itself included.
 */
public final class PyPaths {
    private PyPaths() {}

    public static Path resolve(Path path) {
        Path abs = path.toAbsolutePath().normalize();
        Path existing = abs;
        Path rest = null;
        while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            Path name = existing.getFileName();
            rest = rest == null ? name : name.resolve(rest);
            existing = existing.getParent();
        }
        if (existing == null) {
            return abs;
        }
        Path real;
        try {
            real = existing.toRealPath();
        } catch (IOException e) {
            // a dangling link or an unreadable component: keep what can be known
            real = existing;
        }
        return rest == null ? real : real.resolve(rest).normalize();
    }

    /** True when {@code candidate} is {@code boundary} or below it, after resolving both. */
    public static boolean equalOrBelow(Path candidate, Path boundary) {
        return resolve(candidate).startsWith(resolve(boundary));
    }
}
