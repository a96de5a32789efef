// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.spark;

import dev.patchverdict.cli.CliException;
import dev.patchverdict.cli.ReviewOptions;
import dev.patchverdict.report.IoMessages;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** What the jobs check and read on the driver before any task starts: the output folder and the plan. */
final class Outputs {
    /** A plan or key larger than this is refused: they are a few kilobytes. */
    static final long MAX_PLAN_BYTES = 16L << 20;

    private Outputs() {}

    /**
     * Refuses an output folder that holds an input, or that exists without {@code force}; with it, the old folder
     * is removed, so nothing of an earlier run is left beside the new rows.
     */
    static void prepare(FileSystem fs, Path out, boolean force, List<String> inputs) {
        Path qualified = fs.makeQualified(out);
        String dir = Storage.key(qualified.toUri());
        String prefix = dir.endsWith("/") ? dir : dir + "/";
        for (String in : inputs) {
            String k = Storage.key(URI.create(in));
            if (k.equals(dir) || k.startsWith(prefix)) {
                throw CliException.undecided(out.toString(), "holds an input (" + in + "); write the output elsewhere");
            }
        }
        try {
            if (fs.exists(out)) {
                if (!force) {
                    throw CliException.undecided(out.toString(), "already exists (--force replaces it)");
                }
                if (!fs.delete(out, true)) {
                    throw CliException.undecided(out.toString(), "could not be removed");
                }
            }
        } catch (IOException e) {
            throw CliException.undecided(out.toString(), IoMessages.describe(e));
        }
    }

    /** The plan's bytes, read wherever it is and checked here exactly as {@code review} checks a plan file. */
    static byte[] planBytes(String name, Configuration conf) {
        byte[] bytes = read(name, conf);
        ReviewOptions.checkPlan(bytes, name);
        return bytes;
    }

    /** A public key file's text: ASCII only, as {@code audit --key} reads it (checked as a key by the caller). */
    static String keyText(String name, Configuration conf) {
        try {
            return StandardCharsets.US_ASCII.newDecoder().decode(ByteBuffer.wrap(read(name, conf))).toString();
        } catch (CharacterCodingException e) {
            throw CliException.undecided(name, "holds other than ASCII text");
        }
    }

    /** A small file's bytes, from any file system. */
    private static byte[] read(String name, Configuration conf) {
        Path p = Storage.path(name);
        try {
            FileSystem fs = Storage.fileSystem(p, conf);
            if (fs.getFileStatus(p).isDirectory()) {
                throw CliException.undecided(name, "is a folder, not a file");
            }
            try (InputStream in = fs.open(p)) {
                byte[] bytes = in.readNBytes((int) MAX_PLAN_BYTES + 1);
                if (bytes.length > MAX_PLAN_BYTES) {
                    throw CliException.undecided(name, "is larger than " + MAX_PLAN_BYTES + " bytes");
                }
                return bytes;
            }
        } catch (IOException e) {
            throw CliException.undecided(name, IoMessages.describe(e));
        }
    }
}
