// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.spark;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.spark.TaskContext;

/**
 * This machine's files under another scheme, {@code other:}, so the jobs take them for a remote file system (an
 * audit copies each bundle to scratch space). With {@value #FAIL_FIRST} set, every read of a task's first attempt
 * fails after a few bytes, as a storage hiccup would: Spark must retry the task.
 */
public class OtherFileSystem extends RawLocalFileSystem {
    static final String SCHEME = "other";
    static final String FAIL_FIRST = "patchverdict.test.fail-first-attempt";

    @Override
    public URI getUri() {
        return URI.create(SCHEME + ":///");
    }

    @Override
    public String getScheme() {
        return SCHEME;
    }

    @Override
    public void initialize(URI uri, Configuration conf) throws IOException {
        super.initialize(uri, conf);
        setConf(conf);
    }

    /** A status without the local one's permissions, which it reads through a file URI of its own scheme. */
    private static FileStatus plain(FileStatus s) {
        return new FileStatus(s.getLen(), s.isDirectory(), 1, s.getBlockSize(), s.getModificationTime(), 0,
                FsPermission.getDefault(), "owner", "group", s.getPath());
    }

    @Override
    public FileStatus getFileStatus(Path f) throws IOException {
        return plain(super.getFileStatus(f));
    }

    @Override
    public FileStatus[] listStatus(Path f) throws IOException {
        FileStatus[] all = super.listStatus(f);
        for (int i = 0; i < all.length; i++) {
            all[i] = plain(all[i]);
        }
        return all;
    }

    @Override
    public FSDataInputStream open(Path f, int bufferSize) throws IOException {
        FSDataInputStream in = super.open(f, bufferSize);
        TaskContext task = TaskContext.get();
        if (!getConf().getBoolean(FAIL_FIRST, false) || task == null || task.attemptNumber() > 0) {
            return in;
        }
        return new FSDataInputStream(new Failing(in));
    }

    /** Gives 100 bytes, then fails. */
    private static final class Failing extends FilterInputStream implements org.apache.hadoop.fs.Seekable,
            org.apache.hadoop.fs.PositionedReadable {
        private long given;

        Failing(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            if (++given > 100) {
                throw new IOException("the storage went away (first attempt)");
            }
            return super.read();
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (given >= 100) {
                throw new IOException("the storage went away (first attempt)");
            }
            int n = super.read(b, off, (int) Math.min(len, 100 - given));
            given += Math.max(0, n);
            return n;
        }

        @Override
        public void seek(long pos) throws IOException {
            throw new IOException("not seekable");
        }

        @Override
        public long getPos() {
            return given;
        }

        @Override
        public boolean seekToNewSource(long targetPos) {
            return false;
        }

        @Override
        public int read(long position, byte[] buffer, int offset, int length) throws IOException {
            throw new IOException("not positioned");
        }

        @Override
        public void readFully(long position, byte[] buffer, int offset, int length) throws IOException {
            throw new IOException("not positioned");
        }

        @Override
        public void readFully(long position, byte[] buffer) throws IOException {
            throw new IOException("not positioned");
        }
    }
}
