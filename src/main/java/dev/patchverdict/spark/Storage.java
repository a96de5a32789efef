// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.spark;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;

/**
 * The jobs' reach into whatever file system the cluster has (local, HDFS, S3A, GCS, ABFS: Hadoop's
 * {@link FileSystem} names them all by URI). A storage fault is an exception, so Spark retries the task; only
 * what a file holds becomes a row.
 */
final class Storage {
    private Storage() {}

    /** The driver's Hadoop settings (credentials and connectors included), as a value executors rebuild them from. */
    record Settings(Map<String, String> values) implements Serializable {
        static Settings of(SparkSession spark) {
            Map<String, String> m = new HashMap<>();
            spark.sparkContext().hadoopConfiguration().forEach(e -> m.put(e.getKey(), e.getValue()));
            return new Settings(Map.copyOf(m));
        }

        Configuration configuration() {
            Configuration c = new Configuration(false);
            values.forEach(c::set);
            return c;
        }
    }

    static FileSystem fileSystem(Path p, Configuration c) {
        try {
            return p.getFileSystem(c);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot reach " + p + ": " + e.getMessage(), e);
        }
    }

    /** Whether the file system is this machine's own, so the library can read its files where they lie. */
    static boolean local(FileSystem fs) {
        return "file".equals(fs.getScheme());
    }

    /** A path as Hadoop reads a user's argument: a URI, or a path of the default file system. */
    static Path path(String given) {
        return new Path(given);
    }

    /** The same file whatever way its URI was spelt ({@code file:/x}, {@code file:///x}, percent-encoded or not). */
    static String key(URI u) {
        URI n = u.normalize();
        String authority = n.getAuthority() == null ? "" : n.getAuthority();
        return (n.getScheme() == null ? "" : n.getScheme()) + "://" + authority + n.getPath();
    }

    /** {@code s} without the slashes it ends with. */
    static String trimEnd(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == '/') {
            end--;
        }
        return s.substring(0, end);
    }

    /** {@code s} without the slashes it starts with. */
    static String trimStart(String s) {
        int start = 0;
        while (start < s.length() && s.charAt(start) == '/') {
            start++;
        }
        return s.substring(start);
    }

    /** Writes a small file whole or not at all: to a hidden name first, then renamed over the target. */
    static void writeAtomically(FileSystem fs, Path target, String text) throws IOException {
        Path tmp = new Path(target.getParent(), "." + target.getName() + ".tmp");
        try (OutputStream out = fs.create(tmp, true)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        fs.delete(target, false);
        if (!fs.rename(tmp, target)) {
            throw new IOException("could not rename " + tmp + " to " + target);
        }
    }

    /**
     * A stream that remembers the first fault of the storage under it. The predictions reader turns an I/O error into
     * an INVALID entry, as it must for a file on this machine; in a job, a read that fails is a fault of the storage
     * that Spark retries, so the caller asks {@link #check} after each entry and fails the task instead.
     */
    static final class Watched extends FilterInputStream {
        private IOException fault;

        Watched(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            try {
                return super.read();
            } catch (IOException e) {
                fault = fault == null ? e : fault;
                throw e;
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return super.read(b, off, len);
            } catch (IOException e) {
                fault = fault == null ? e : fault;
                throw e;
            }
        }

        void check(String what) {
            if (fault != null) {
                throw new UncheckedIOException("reading " + what + " failed: " + fault.getMessage(), fault);
            }
        }
    }
}
