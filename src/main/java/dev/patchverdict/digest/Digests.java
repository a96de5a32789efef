// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.digest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.json.CanonicalJson;
import dev.patchverdict.json.Utf8Buffer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.security.MessageDigest;
import org.apache.commons.codec.binary.Hex;
import org.apache.commons.codec.digest.DigestUtils;

/** SHA-256 of raw bytes (streamed) and of JSON values in their canonical form. */
public final class Digests {
    private static final int BUFFER = 1 << 16;
    /** A file's buffer is no larger than the file needs, and no smaller than this (a pipe tells no size). */
    private static final int SMALLEST_FILE_BUFFER = 1 << 13;

    private Digests() {}

    public static MessageDigest newSha256() {
        try {
            // a copy of a fresh prototype: looking the algorithm up among the providers costs more than small inputs' hashing
            return (MessageDigest) Sha256.PROTOTYPE.clone();
        } catch (CloneNotSupportedException e) {
            return DigestUtils.getSha256Digest();
        }
    }

    private static final class Sha256 {
        static final MessageDigest PROTOTYPE = DigestUtils.getSha256Digest();
    }

    public static Digest of(MessageDigest finished) {
        return new Digest(Hex.encodeHexString(finished.digest()));
    }

    public static Digest bytes(byte[] data) {
        MessageDigest md = newSha256();
        md.update(data);
        return of(md);
    }

    /** Streams the stream through SHA-256 without holding it in memory. */
    public static Digest stream(InputStream in) throws IOException {
        return stream(in, new byte[BUFFER]);
    }

    private static Digest stream(InputStream in, byte[] buf) throws IOException {
        MessageDigest md = newSha256();
        for (int n; (n = in.read(buf)) > 0; ) {
            md.update(buf, 0, n);
        }
        return of(md);
    }

    /** A file's SHA-256 and length, read as a stream: what a file of any size costs is a buffer. */
    public record Measured(Digest digest, long bytes) {}

    public static Measured measure(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file)) {
            InputStream in = Channels.newInputStream(ch);
            MessageDigest md = newSha256();
            byte[] buf = bufferFor(ch);
            long total = 0;
            for (int n; (n = in.read(buf)) > 0; ) {
                md.update(buf, 0, n);
                total += n;
            }
            return new Measured(of(md), total);
        }
    }

    public static Digest file(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file)) {
            return stream(Channels.newInputStream(ch), bufferFor(ch));
        }
    }

    /**
     * A buffer for reading the file: a small file (a worker log, a record) read through a 64 KB array costs several
     * times its hashing, as the channel fills a native buffer of the array's length for every read.
     */
    private static byte[] bufferFor(FileChannel ch) throws IOException {
        return new byte[(int) Math.min(BUFFER, Math.max(SMALLEST_FILE_BUFFER, ch.size() + 1))];
    }

    /** Digest of a JSON value's canonical serialisation. */
    public static Digest canonical(JsonNode value) {
        return utf8(CanonicalJson.write(value));
    }

    /** Digest of the bytes a JSON writer left in its buffer. */
    public static Digest utf8(Utf8Buffer written) {
        MessageDigest md = newSha256();
        md.update(written.array(), 0, written.length());
        return of(md);
    }
}
