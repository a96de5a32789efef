// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The tool's own version, and the commit it was built from, from the build. */
public final class Version {
    private static final Properties BUILD = load("version.properties", true);
    /** Written by the build from git (see pom.xml); a build outside git writes placeholders or nothing. */
    private static final Properties COMMIT = load("commit.properties", false);

    private Version() {}

    /** The version alone: what records name as the tool's version. */
    public static String get() {
        return BUILD.getProperty("version");
    }

    /** What {@code --version} prints: the version, and the commit or that there was none. */
    static String describe() {
        return describe(get(), COMMIT);
    }

    static String describe(String version, Properties commit) {
        String c = commit.getProperty("commit", "");
        // A build outside git leaves the commit empty, or the placeholder the build could not fill.
        if (c.isEmpty() || c.startsWith("${")) {
            return "patchverdict " + version + " (built outside a git checkout: no commit recorded)";
        }
        return "patchverdict " + version + " (commit " + c
                + ("true".equals(commit.getProperty("dirty")) ? ", with uncommitted changes" : "") + ")";
    }

    private static Properties load(String name, boolean required) {
        Properties p = new Properties();
        try (InputStream in = Version.class.getResourceAsStream("/dev/patchverdict/" + name)) {
            if (in == null) {
                if (required) {
                    throw new IllegalStateException(name + " is missing from the build");
                }
                return p;
            }
            p.load(in);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + name, e);
        }
    }
}
