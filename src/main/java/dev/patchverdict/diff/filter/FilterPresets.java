package dev.patchverdict.diff.filter;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Named sets of exclude globs shipped with the tool, as data ({@code NAME.globs} beside this class): one
 * glob per line in {@code .gitignore} syntax, {@code #} comments and blank lines ignored.
 */
public final class FilterPresets {
    /** Every preset, by the name {@code --preset} takes. */
    public static final List<String> NAMES = List.of("swebench-tests");

    private FilterPresets() {}

    /** The preset's globs in file order, or an {@link IllegalArgumentException} naming the known presets. */
    public static List<String> globs(String name) {
        if (!NAMES.contains(name)) {
            throw new IllegalArgumentException("unknown preset '" + name + "' (" + String.join(", ", NAMES) + ")");
        }
        try (InputStream in = FilterPresets.class.getResourceAsStream(name + ".globs")) {
            if (in == null) {
                throw new IllegalStateException("preset " + name + " is not packaged with the tool");
            }
            List<String> out = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    out.add(line.strip());
                }
            }
            return List.copyOf(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
