// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.patchverdict.text.Utf8;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Iterator;
import java.util.Map;

/**
 * Reads JSON the way a verifier must: one document, UTF-8 only, no duplicate keys, no
 * comments or other extensions, no NaN or Infinity, no lone surrogates, and explicit limits.
 * Numbers keep their kind: an integer stays an integer (at any size), a fraction a double.
 */
public final class StrictJson {
    private final JsonLimits limits;
    private final ObjectMapper mapper;

    public StrictJson(JsonLimits limits) {
        this.limits = limits;
        JsonFactory factory = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(limits.maxDepth())
                        .maxStringLength(limits.maxStringLength())
                        .maxNameLength(limits.maxStringLength())
                        .maxDocumentLength(limits.maxDocumentBytes())
                        .maxNumberLength(limits.maxNumberLength())
                        .build())
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .enable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
                .build();
        this.mapper = JsonMapper.builder(factory)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .disable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .build();
    }

    /** The reader with the default limits; one shared instance, as building its mapper costs a short command's start-up. */
    public static StrictJson withDefaults() {
        return Defaults.INSTANCE;
    }

    private static final class Defaults {
        static final StrictJson INSTANCE = new StrictJson(JsonLimits.DEFAULT);
    }

    public JsonLimits limits() {
        return limits;
    }

    /**
     * Reads a file to its end: a regular file larger than the limit is refused before reading; a pipe, FIFO or
     * character device (whose size says nothing) is read until its end or until it passes the limit.
     */
    public JsonNode read(Path file) throws IOException, JsonInputException {
        return read(bytes(file));
    }

    /**
     * A file's bytes as {@link #read(Path)} takes them, for a caller that also needs the bytes it judged (their
     * digest): within the document limit, checked before reading where the file's size says anything.
     */
    public byte[] bytes(Path file) throws IOException, JsonInputException {
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            if (attributes.isRegularFile()) {
                long size = attributes.size();
                if (size > limits.maxDocumentBytes()) {
                    throw new JsonInputException("document is " + size + " bytes, over the limit of "
                            + limits.maxDocumentBytes());
                }
            }
            try (InputStream in = Files.newInputStream(file)) {
                return readBounded(in, limits.maxDocumentBytes());
            }
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException(file.toString(), null, "no such file");
        }
    }

    /** Reads a stream to its end (without closing it), refusing it once it passes the document limit. */
    public JsonNode read(InputStream in) throws IOException, JsonInputException {
        return read(readBounded(in, limits.maxDocumentBytes()));
    }

    /** The stream's bytes up to its end; more than {@code max} of them is an error naming the limit. */
    public static byte[] readBounded(InputStream in, long max) throws IOException, JsonInputException {
        byte[] bytes = in.readNBytes((int) Math.min(max + 1, Integer.MAX_VALUE - 8));
        if (bytes.length > max) {
            throw new JsonInputException("document is over the limit of " + max + " bytes");
        }
        return bytes;
    }

    public JsonNode read(byte[] bytes) throws JsonInputException {
        if (bytes.length > limits.maxDocumentBytes()) {
            throw new JsonInputException("document is " + bytes.length + " bytes, over the limit of "
                    + limits.maxDocumentBytes());
        }
        if (bytes.length >= 3 && (bytes[0] & 0xff) == 0xEF && (bytes[1] & 0xff) == 0xBB && (bytes[2] & 0xff) == 0xBF) {
            throw new JsonInputException("byte 0: a UTF-8 byte order mark is not allowed");
        }
        requireUtf8Encoding(bytes);
        int bad = Utf8.firstInvalid(bytes, 0, bytes.length);
        if (bad >= 0) {
            throw new JsonInputException("byte " + bad + ": invalid UTF-8 (0x" + String.format("%02x", bytes[bad] & 0xff) + ")");
        }
        JsonNode node;
        try (JsonParser parser = mapper.getFactory().createParser(bytes)) {
            node = mapper.readTree(parser);
        } catch (JsonProcessingException e) {
            throw new JsonInputException(describe(e), e);
        } catch (IOException e) {
            throw new JsonInputException("unreadable JSON: " + e.getMessage(), e);
        }
        if (node == null || node.isMissingNode()) {
            throw new JsonInputException("empty document: expected one JSON value");
        }
        if (!holdable(node)) {
            checkValues(node, ""); // throws, naming where
        }
        return node;
    }

    /**
     * UTF-16 and UTF-32 documents are refused by name (JSON's own detection, RFC 4627 section 3): in UTF-8 JSON
     * no NUL byte can occur, so one among the first four bytes means another encoding, which Jackson would
     * otherwise detect and accept.
     */
    private static void requireUtf8Encoding(byte[] b) throws JsonInputException {
        String encoding = null;
        if (b.length >= 4 && b[0] == 0 && b[1] == 0 && (b[2] & 0xff) == 0xFE && (b[3] & 0xff) == 0xFF) {
            encoding = "UTF-32BE (with a byte order mark)";
        } else if (b.length >= 4 && (b[0] & 0xff) == 0xFF && (b[1] & 0xff) == 0xFE && b[2] == 0 && b[3] == 0) {
            encoding = "UTF-32LE (with a byte order mark)";
        } else if (b.length >= 2 && (b[0] & 0xff) == 0xFE && (b[1] & 0xff) == 0xFF) {
            encoding = "UTF-16BE (with a byte order mark)";
        } else if (b.length >= 2 && (b[0] & 0xff) == 0xFF && (b[1] & 0xff) == 0xFE) {
            encoding = "UTF-16LE (with a byte order mark)";
        } else if (b.length >= 4 && b[0] == 0 && b[1] == 0 && b[2] == 0 && b[3] != 0) {
            encoding = "UTF-32BE";
        } else if (b.length >= 4 && b[0] != 0 && b[1] == 0 && b[2] == 0 && b[3] == 0) {
            encoding = "UTF-32LE";
        } else if (b.length >= 2 && b[0] == 0 && b[1] != 0) {
            encoding = "UTF-16BE";
        } else if (b.length >= 2 && b[0] != 0 && b[1] == 0) {
            encoding = "UTF-16LE";
        }
        if (encoding != null) {
            throw new JsonInputException("byte 0: the document looks like " + encoding
                    + "; JSON records must be UTF-8");
        }
    }

    /** Parses an in-memory string (tests, command-line values). */
    public JsonNode read(String text) throws JsonInputException {
        return read(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** True when every key and value is one the record family can hold; the check below says where one is not. */
    private static boolean holdable(JsonNode node) {
        switch (node.getNodeType()) {
            case OBJECT -> {
                Iterator<Map.Entry<String, JsonNode>> it = node.fields();
                while (it.hasNext()) {
                    Map.Entry<String, JsonNode> e = it.next();
                    if (Utf8.firstLoneSurrogate(e.getKey()) >= 0 || !holdable(e.getValue())) {
                        return false;
                    }
                }
                return true;
            }
            case ARRAY -> {
                for (int i = 0; i < node.size(); i++) {
                    if (!holdable(node.get(i))) {
                        return false;
                    }
                }
                return true;
            }
            case STRING -> {
                return Utf8.firstLoneSurrogate(node.textValue()) < 0;
            }
            case NUMBER -> {
                return !node.isFloatingPointNumber() || Double.isFinite(node.doubleValue());
            }
            default -> {
                return true;
            }
        }
    }

    /** Rejects what Jackson lets through but the record family cannot hold. */
    private static void checkValues(JsonNode node, String pointer) throws JsonInputException {
        switch (node.getNodeType()) {
            case OBJECT -> {
                Iterator<Map.Entry<String, JsonNode>> it = node.fields();
                while (it.hasNext()) {
                    Map.Entry<String, JsonNode> e = it.next();
                    String child = pointer + "/" + JsonPointers.escape(e.getKey());
                    requireNoLoneSurrogate(e.getKey(), child + " (key)");
                    checkValues(e.getValue(), child);
                }
            }
            case ARRAY -> {
                for (int i = 0; i < node.size(); i++) {
                    checkValues(node.get(i), pointer + "/" + i);
                }
            }
            case STRING -> requireNoLoneSurrogate(node.textValue(), pointer);
            case NUMBER -> {
                if (node.isFloatingPointNumber() && !Double.isFinite(node.doubleValue())) {
                    throw new JsonInputException(where(pointer) + "number is out of range for a double");
                }
            }
            default -> { }
        }
    }

    private static void requireNoLoneSurrogate(String s, String pointer) throws JsonInputException {
        int i = Utf8.firstLoneSurrogate(s);
        if (i >= 0) {
            throw new JsonInputException(where(pointer) + "string holds a lone surrogate \\u"
                    + Integer.toHexString(s.charAt(i)) + " at index " + i + ", which UTF-8 cannot encode");
        }
    }

    private static String where(String pointer) {
        return (pointer.isEmpty() ? "/" : pointer) + ": ";
    }

    private static String describe(JsonProcessingException e) {
        String msg = e.getOriginalMessage();
        // Jackson's messages are precise but long; keep the first sentence and add the location.
        int cut = msg.indexOf('\n');
        if (cut >= 0) {
            msg = msg.substring(0, cut);
        }
        JsonLocation loc = e.getLocation();
        if (loc != null && loc.getLineNr() > 0) {
            return "line " + loc.getLineNr() + ", column " + loc.getColumnNr()
                    + " (byte " + loc.getByteOffset() + "): " + msg;
        }
        return msg;
    }
}
