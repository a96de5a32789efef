// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.review;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The entries of review's inputs, yielded lazily in input order so any number of predictions is read in
 * flat memory. Each input is a predictions file ({@code .jsonl}, or {@code .json}: an array, one object
 * per line, one prediction, or an object of predictions keyed by instance id), a folder walked for
 * {@code *.patch} and {@code *.diff} files (sorted; the folder's name stands for the model), or a patch file.
 * A malformed prediction becomes a {@code MALFORMED} entry with its line and the rest is read on; an input
 * that cannot be opened becomes one {@code UNREADABLE} entry.
 */
public final class Inputs implements Iterator<Entry> {
    /** A predictions line longer than this is malformed: no SWE-bench patch comes near it. */
    public static final int MAX_LINE_BYTES = 256 << 20;

    /** The field names of a prediction; SWE-bench's by default. */
    public record Fields(String patch, String id, String model) {
        public static final Fields SWE_BENCH = new Fields("model_patch", "instance_id", "model_name_or_path");
    }

    private static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder()
            .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION).build());

    private final Deque<String> inputs;
    private final Function<String, Path> resolve;
    private final Fields fields;
    private Iterator<Entry> current = java.util.Collections.emptyIterator();
    private Source open;
    private long next;

    public Inputs(List<String> inputs, Function<String, Path> resolve, Fields fields) {
        this.inputs = new ArrayDeque<>(inputs);
        this.resolve = resolve;
        this.fields = fields;
    }

    @Override
    public boolean hasNext() {
        while (!current.hasNext()) {
            closeOpen();
            if (inputs.isEmpty()) {
                return false;
            }
            current = entriesOf(inputs.removeFirst());
        }
        return true;
    }

    @Override
    public Entry next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        return current.next().withIndex(next++);
    }

    /** Closes a predictions file left open by a caller that stopped early. */
    public void close() {
        closeOpen();
    }

    private void closeOpen() {
        if (open != null) {
            open.close();
            open = null;
        }
    }

    private Iterator<Entry> entriesOf(String input) {
        Path p = resolve.apply(input);
        if (Files.isDirectory(p)) {
            return folder(input, p);
        }
        if (!Files.exists(p)) {
            return List.of(unreadable(input, "no such file")).iterator();
        }
        String lower = input.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".jsonl") || lower.endsWith(".json")) {
            try {
                open = new Source(input, p, lower.endsWith(".jsonl"));
                return open;
            } catch (IOException e) {
                return List.of(unreadable(input, dev.patchverdict.report.IoMessages.describe(e))).iterator();
            }
        }
        return List.of(new Entry(0, Entry.Kind.FILE, input, null, input, null, 0, p, null, null)).iterator();
    }

    private static Entry unreadable(String input, String why) {
        return new Entry(0, Entry.Kind.UNREADABLE, input, null, input, null, 0, null, null, why);
    }

    private static Iterator<Entry> folder(String input, Path dir) {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir)) {
            files = walk.filter(Files::isRegularFile).filter(f -> {
                String n = f.getFileName().toString();
                return n.endsWith(".patch") || n.endsWith(".diff");
            }).sorted().toList();
        } catch (IOException | UncheckedIOException e) {
            IOException io = e instanceof UncheckedIOException u ? u.getCause() : (IOException) e;
            return List.of(unreadable(input, dev.patchverdict.report.IoMessages.describe(io))).iterator();
        }
        Path name = dir.toAbsolutePath().normalize().getFileName();
        String model = name == null ? input : name.toString();
        String prefix = input.endsWith("/") ? input : input + "/";
        List<Entry> out = new ArrayList<>(files.size());
        for (Path f : files) {
            String shown = prefix + dir.relativize(f).toString().replace(java.io.File.separatorChar, '/');
            out.add(new Entry(0, Entry.Kind.FILE, shown, model, shown, null, 0, f, null, null));
        }
        return out.iterator();
    }

    /** Escapes a JSON pointer token (RFC 6901). */
    static String token(String s) {
        return s.replace("~", "~0").replace("/", "~1");
    }

    /** A prediction object as an entry; anything that is not one is MALFORMED, with what is wrong. */
    Entry prediction(String source, JsonNode node, String defaultId, String pointerPrefix, long line) {
        String where = source + ":" + line;
        if (!node.isObject()) {
            return malformed(source, where, pointerPrefix, line, "a prediction must be a JSON object, not " + kind(node));
        }
        String name = defaultId != null ? defaultId : where;
        JsonNode id = node.get(fields.id());
        if (id != null && (id.isTextual() || id.isIntegralNumber())) {
            name = id.asText();
        }
        JsonNode m = node.get(fields.model());
        String model = m != null && m.isTextual() ? m.textValue() : null;
        String pointer = pointerPrefix + "/" + token(fields.patch());
        JsonNode patch = node.get(fields.patch());
        if (patch == null) {
            return new Entry(0, Entry.Kind.MALFORMED, name, model, source, pointerPrefix.isEmpty() ? "" : pointerPrefix, line,
                    null, null, "the prediction has no \"" + fields.patch() + "\" field");
        }
        if (patch.isNull()) {
            return new Entry(0, Entry.Kind.NULL_PATCH, name, model, source, pointer, line, null, null, null);
        }
        if (!patch.isTextual()) {
            return new Entry(0, Entry.Kind.MALFORMED, name, model, source, pointer, line, null, null,
                    "\"" + fields.patch() + "\" is " + kind(patch) + ", not text");
        }
        String text = patch.textValue();
        int bad = dev.patchverdict.text.Utf8.firstLoneSurrogate(text);
        if (bad >= 0) {
            return new Entry(0, Entry.Kind.MALFORMED, name, model, source, pointer, line, null, null,
                    "\"" + fields.patch() + "\" holds a lone surrogate (\\u" + String.format("%04x", (int) text.charAt(bad))
                            + ") at character " + bad + ", which no UTF-8 patch can hold");
        }
        return new Entry(0, Entry.Kind.TEXT, name, model, source, pointer, line, null, text, null);
    }

    private static Entry malformed(String source, String name, String pointer, long line, String why) {
        return new Entry(0, Entry.Kind.MALFORMED, name, null, source, pointer, line, null, null, why);
    }

    private static String kind(JsonNode n) {
        return switch (n.getNodeType()) {
            case ARRAY -> "an array";
            case OBJECT -> "an object";
            case NUMBER -> "a number";
            case BOOLEAN -> "a boolean";
            case NULL -> "null";
            case STRING -> "text";
            default -> n.getNodeType().name().toLowerCase(Locale.ROOT);
        };
    }

    static String describe(JsonProcessingException e) {
        String m = e.getOriginalMessage();
        int cut = m == null ? -1 : m.indexOf('\n');
        return dev.patchverdict.text.SafeText.escape(cut >= 0 ? m.substring(0, cut) : String.valueOf(m));
    }

    /** One predictions file, read as JSON Lines or as one document, whichever its first bytes say. */
    private final class Source implements Iterator<Entry> {
        private final String name;
        private final Path path;
        private final BufferedInputStream in;
        private JsonParser parser;
        private boolean array;
        private long line;
        private long element;
        private Entry pending;
        private boolean done;

        Source(String name, Path path, boolean forceLines) throws IOException {
            this.name = name;
            this.path = path;
            this.in = new BufferedInputStream(Files.newInputStream(path), 1 << 16);
            int first = firstNonBlank();
            if (first == '[' || (first == '{' && !forceLines && !firstLineIsWhole())) {
                parser = MAPPER.createParser(in);
                array = first == '[';
            }
        }

        private int firstNonBlank() throws IOException {
            in.mark(1 << 16);
            int c;
            int n = 0;
            do {
                c = in.read();
                n++;
            } while ((c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == 0xEF || c == 0xBB || c == 0xBF) && n < (1 << 16) - 1);
            in.reset();
            return c;
        }

        /** Whether the first non-blank line is a JSON value on its own: then the file is JSON Lines. */
        private boolean firstLineIsWhole() throws IOException {
            in.mark(MAX_LINE_BYTES + 2);
            try {
                byte[] l;
                do {
                    l = readLine(in);
                } while (l != null && blank(l));
                if (l == null) {
                    return false;
                }
                MAPPER.readTree(l);
                return true;
            } catch (JsonProcessingException e) {
                return false;
            } finally {
                in.reset();
            }
        }

        @Override
        public boolean hasNext() {
            if (pending == null && !done) {
                try {
                    pending = parser == null ? nextLine() : nextElement();
                } catch (IOException e) {
                    pending = malformed(name, name, null, line, "cannot be read: " + dev.patchverdict.report.IoMessages.describe(e));
                    done = true;
                }
                if (pending == null) {
                    done = true;
                }
            }
            return pending != null;
        }

        @Override
        public Entry next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            Entry e = pending;
            pending = null;
            return e;
        }

        private Entry nextLine() throws IOException {
            while (true) {
                byte[] l = readLine(in);
                if (l == null) {
                    return null;
                }
                line++;
                if (blank(l)) {
                    continue;
                }
                if (l.length > MAX_LINE_BYTES) {
                    return malformed(name, name + ":" + line, "", line, "the line is longer than " + MAX_LINE_BYTES + " bytes");
                }
                JsonNode node;
                try {
                    node = MAPPER.readTree(l);
                } catch (JsonProcessingException e) {
                    return malformed(name, name + ":" + line, "", line, "not a JSON object: " + describe(e)
                            + " (column " + e.getLocation().getColumnNr() + ")");
                }
                return prediction(name, node, null, "", line);
            }
        }

        private Entry nextElement() throws IOException {
            try {
                if (element == 0 && parser.currentToken() == null) {
                    JsonToken t = parser.nextToken();
                    if (!array) {
                        // One prediction, or an object of predictions keyed by their instance id.
                        JsonToken k = parser.nextToken();
                        if (k == JsonToken.FIELD_NAME && isPredictionField(parser.currentName())) {
                            parser.close();
                            JsonNode whole = MAPPER.readTree(path.toFile());
                            done = true;
                            element++;
                            return prediction(name, whole, null, "", 1);
                        }
                        if (k == JsonToken.END_OBJECT) {
                            return end();
                        }
                    } else if (t != JsonToken.START_ARRAY) {
                        throw new IllegalStateException("a predictions array starts with [");
                    }
                } else if (!array) {
                    if (parser.nextToken() == JsonToken.END_OBJECT) {
                        return end();
                    }
                }
                if (array) {
                    JsonToken t = parser.nextToken();
                    if (t == JsonToken.END_ARRAY) {
                        return end();
                    }
                    long at = parser.currentTokenLocation().getLineNr();
                    JsonNode node = MAPPER.readTree(parser);
                    return prediction(name, node, null, "/" + element++, at);
                }
                String key = parser.currentName();
                parser.nextToken();
                long at = parser.currentTokenLocation().getLineNr();
                JsonNode node = MAPPER.readTree(parser);
                element++;
                return prediction(name, node, key, "/" + token(key), at);
            } catch (JsonProcessingException e) {
                done = true;
                long l = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
                return malformed(name, name + ":" + l, null, l, "not valid JSON, reading stops here: " + describe(e)
                        + (e.getLocation() == null ? "" : " (line " + l + ", column " + e.getLocation().getColumnNr() + ")"));
            }
        }

        private Entry end() throws IOException {
            done = true;
            if (parser.nextToken() != null) {
                long l = parser.currentTokenLocation().getLineNr();
                return malformed(name, name + ":" + l, null, l, "data after the end of the JSON document");
            }
            return null;
        }

        private boolean isPredictionField(String key) {
            return key.equals(fields.patch()) || key.equals(fields.id()) || key.equals(fields.model());
        }

        void close() {
            try {
                if (parser != null) {
                    parser.close();
                }
                in.close();
            } catch (IOException e) {
                // nothing more is read from it
            }
        }
    }

    private static boolean blank(byte[] l) {
        for (byte b : l) {
            if (b != ' ' && b != '\t' && b != '\r') {
                return false;
            }
        }
        return true;
    }

    /** A line without its line feed, or null at the end; a line past the limit is cut and its rest skipped. */
    static byte[] readLine(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream(256);
        int c;
        boolean any = false;
        long n = 0;
        while ((c = in.read()) != -1) {
            any = true;
            if (c == '\n') {
                return b.toByteArray();
            }
            if (n++ <= MAX_LINE_BYTES) {
                b.write(c);
            }
        }
        return any ? b.toByteArray() : null;
    }
}
