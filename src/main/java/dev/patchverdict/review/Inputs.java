// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.review;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.report.ReviewInput;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The entries of review's inputs, yielded lazily in input order so any number of predictions is read in
 * flat memory. Each input is a predictions file ({@code .jsonl} or {@code .json}, read by what it holds: JSON
 * Lines, an array, an object of predictions keyed by instance id, or one prediction, compact or indented), a folder walked for
 * {@code *.patch} and {@code *.diff} files (sorted; the folder's name stands for the model), or a patch file.
 * A malformed prediction becomes a {@code MALFORMED} entry with its line and the rest is read on; an input
 * that cannot be opened becomes one {@code UNREADABLE} entry.
 */
public final class Inputs implements Iterator<Entry> {
    /** A predictions line longer than this is malformed: no SWE-bench patch comes near it. */
    public static final int MAX_LINE_BYTES = 256 << 20;

    /** The field names of a prediction; SWE-bench's by default. */
    public record Fields(String patch, String id, String model) implements java.io.Serializable {
        public static final Fields SWE_BENCH = new Fields("model_patch", "instance_id", "model_name_or_path");
    }

    /**
     * Without duplicate detection of its own, which would hold every key of a file keyed by instance id: each
     * prediction is checked on its own as it is read ({@link #prediction(JsonParser)}), so an instance id given
     * twice is two entries. Names (instance ids among them) are at most 4,096 characters, so a prediction's names
     * stay small too.
     */
    private static final JsonFactory JSON = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNameLength(4096).build()).build();

    /** The most fields one prediction may have: what its duplicate check holds stays small. */
    static final int MAX_FIELDS = 1000;

    private final Deque<String> inputs;
    private final Function<String, Path> resolve;
    private final Fields fields;
    private Iterator<Entry> current = java.util.Collections.emptyIterator();
    private Source open;
    private long next;
    /** Whether JSON Lines lines are yielded undecoded ({@link Entry.Kind#LINE}), for the reviewing threads to decode. */
    private boolean deferLines;
    /** Whether predictions files are digested as they are read (their SHA-256 in {@link #described()}). */
    private boolean digests = true;
    /** Each input taken so far, in order: what it was read as, where its entries are and the SHA-256 of its bytes. */
    private final List<Described> described = new ArrayList<>();

    /** An input as it is being read; its SHA-256 is known once its bytes are all read. */
    private static final class Described {
        final int index;
        final String name;
        ReviewInput.Kind kind;
        String prefix = "";
        final long first;
        long count;
        String sha256;

        Described(int index, String name, long first) {
            this.index = index;
            this.name = name;
            this.first = first;
        }

        ReviewInput record() {
            return new ReviewInput(index, name, kind, prefix, first, count, sha256);
        }
    }

    public Inputs(List<String> inputs, Function<String, Path> resolve, Fields fields) {
        this.inputs = new ArrayDeque<>(inputs);
        this.resolve = resolve;
        this.fields = fields;
    }

    /**
     * The entries of one predictions file already open as a stream, read as a file of that name is (indexes from 0);
     * {@code jsonLines} is what a name ending in {@code .jsonl} says. For readers of other file systems: an I/O error
     * is a MALFORMED entry, as for a file, so a caller that must tell a fault of the storage from one of the file
     * watches the stream itself. Throws when the stream's first bytes cannot be read.
     */
    public static Inputs file(String name, InputStream in, boolean jsonLines, Fields fields) throws IOException {
        Inputs i = new Inputs(List.of(), p -> null, fields);
        Described d = new Described(0, name, 0);
        d.kind = ReviewInput.Kind.PREDICTIONS;
        i.described.add(d);
        i.open = i.new Source(name, in, jsonLines);
        i.current = i.open;
        return i;
    }

    /**
     * One prediction held as a JSON value (only its patch, id and model fields are read), as the entry a JSON Lines
     * file's line {@code line} of {@code source} would give: a table's row read as a line.
     */
    public static Entry prediction(String source, JsonNode prediction, long line, Fields fields) {
        return new Inputs(List.of(), p -> null, fields).prediction(source, prediction, null, "", line);
    }

    /**
     * From now on each JSON Lines line is yielded as a {@link Entry.Kind#LINE} entry, its prediction decoded by
     * {@link Entry#resolved()} where it is reviewed: the one thread reading the file then only finds lines, and
     * decoding (most of the reading's work) is shared among the reviewing threads. The entries resolve to exactly
     * those the reader yields otherwise.
     */
    public Inputs deferLines() {
        deferLines = true;
        return this;
    }

    /**
     * Predictions files opened from now on are not digested, and their SHA-256 stays unknown in {@link #described()}:
     * for a caller that reports none, the digest of the whole file would be the one thread reading it's largest cost.
     */
    public Inputs withoutDigests() {
        digests = false;
        return this;
    }

    @Override
    public boolean hasNext() {
        while (!current.hasNext()) {
            closeOpen(true);
            if (inputs.isEmpty()) {
                return false;
            }
            Described d = new Described(described.size(), inputs.removeFirst(), next);
            described.add(d);
            current = entriesOf(d);
        }
        return true;
    }

    @Override
    public Entry next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        described.get(described.size() - 1).count++;
        return current.next().withIndex(next++);
    }

    /** Closes a predictions file left open by a caller that stopped early; its SHA-256 stays unknown. */
    public void close() {
        closeOpen(false);
    }

    /**
     * The inputs taken so far, in order. A predictions file's SHA-256 is there once its entries are all taken; a
     * patch file's and a folder's are left to the caller, who reads their patches ({@link ReviewInput}).
     */
    public List<ReviewInput> described() {
        return described.stream().map(Described::record).toList();
    }

    /** The input the entry of this index came from, as described so far; null for an index not yet taken. */
    public ReviewInput inputOf(long entryIndex) {
        int lo = 0;
        int hi = described.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            Described d = described.get(mid);
            if (entryIndex < d.first) {
                hi = mid - 1;
            } else if (entryIndex - d.first >= d.count) {
                lo = mid + 1;
            } else {
                return d.record();
            }
        }
        return null;
    }

    private void closeOpen(boolean finished) {
        if (open != null) {
            String sha = open.close(finished);
            described.get(described.size() - 1).sha256 = sha;
            open = null;
        }
    }

    private Iterator<Entry> entriesOf(Described d) {
        String input = d.name;
        Path p = resolve.apply(input);
        d.kind = ReviewInput.Kind.UNREADABLE;
        if (Files.isDirectory(p)) {
            d.kind = ReviewInput.Kind.FOLDER;
            d.prefix = folderPrefix(input);
            return folder(input, p);
        }
        if (!Files.exists(p)) {
            return List.of(unreadable(input, "no such file")).iterator();
        }
        String lower = input.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".jsonl") || lower.endsWith(".json")) {
            try {
                open = new Source(input, p, lower.endsWith(".jsonl"));
                d.kind = ReviewInput.Kind.PREDICTIONS;
                return open;
            } catch (IOException e) {
                return List.of(unreadable(input, dev.patchverdict.report.IoMessages.describe(e))).iterator();
            }
        }
        d.kind = ReviewInput.Kind.PATCH;
        return List.of(new Entry(0, Entry.Kind.FILE, input, null, input, null, 0, p, null, null)).iterator();
    }

    private static String folderPrefix(String input) {
        return input.endsWith("/") ? input : input + "/";
    }

    private static Entry unreadable(String input, String why) {
        return new Entry(0, Entry.Kind.UNREADABLE, input, null, input, null, 0, null, null, why);
    }

    private static Iterator<Entry> folder(String input, Path dir) {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir)) {
            // every entry named like a patch, whatever it is: one that is not a file is reported, never skipped
            files = walk.filter(f -> {
                String n = f.getFileName().toString();
                return (n.endsWith(".patch") || n.endsWith(".diff")) && !Files.isDirectory(f, LinkOption.NOFOLLOW_LINKS);
            }).sorted().toList();
        } catch (IOException | UncheckedIOException e) {
            IOException io = e instanceof UncheckedIOException u ? u.getCause() : (IOException) e;
            return List.of(unreadable(input, dev.patchverdict.report.IoMessages.describe(io))).iterator();
        }
        Path name = dir.toAbsolutePath().normalize().getFileName();
        String model = name == null ? input : name.toString();
        String prefix = folderPrefix(input);
        List<Entry> out = new ArrayList<>(files.size());
        for (Path f : files) {
            String shown = prefix + dir.relativize(f).toString().replace(java.io.File.separatorChar, '/');
            // Only the files the walk reaches are read: a link could lead anywhere the reviewer can read (and its first
            // line would be quoted in a diagnostic), a FIFO would block; neither is opened.
            if (Files.isSymbolicLink(f)) {
                out.add(new Entry(0, Entry.Kind.UNREADABLE, shown, model, shown, null, 0, null, null,
                        "a symbolic link: review reads no file through a link in a folder it walks (name the file itself)"));
            } else if (!Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) {
                out.add(new Entry(0, Entry.Kind.UNREADABLE, shown, model, shown, null, 0, null, null, "not a regular file"));
            } else {
                out.add(new Entry(0, Entry.Kind.FILE, shown, model, shown, null, 0, f, null, null));
            }
        }
        return out.iterator();
    }

    /** Escapes a JSON pointer token (RFC 6901). */
    static String token(String s) {
        return s.replace("~", "~0").replace("/", "~1");
    }

    /**
     * The JSON value the parser stands at, read to its end but keeping only what the review reads: the patch, id
     * and model fields of an object, each as given (a container only as an empty one of its kind), so a value of
     * any size costs the memory of its patch and of its field names. A field given twice is refused, as JSON
     * leaves its meaning open, and so is a prediction of more than {@value #MAX_FIELDS} fields.
     */
    private JsonNode prediction(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == null) {
            throw new JsonParseException(p, "no JSON value");
        }
        if (t != JsonToken.START_OBJECT) {
            return value(p, t);
        }
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        Set<String> names = new HashSet<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            field(p, out, names);
        }
        return out;
    }

    /** The field whose name the parser stands at: kept in out when the review reads it, else skipped. */
    private void field(JsonParser p, ObjectNode out, Set<String> names) throws IOException {
        String name = p.currentName();
        named(p, name, names);
        JsonToken v = p.nextToken();
        if (name.equals(fields.patch()) || name.equals(fields.id()) || name.equals(fields.model())) {
            out.set(name, value(p, v));
        } else {
            p.skipChildren();
        }
    }

    private static void named(JsonParser p, String name, Set<String> names) throws JsonParseException {
        if (!names.add(name)) {
            throw new Refused(p, "Duplicate field '" + name + "'");
        }
        if (names.size() > MAX_FIELDS) {
            throw new Refused(p, "a prediction of more than " + MAX_FIELDS + " fields");
        }
    }

    /** Valid JSON, but not a prediction the review can read: the parser stands at a field name inside it. */
    private static final class Refused extends JsonParseException {
        private static final long serialVersionUID = 1L;

        /** Located at the field's name, where the parser's token starts, not where it has read to. */
        Refused(JsonParser p, String message) {
            super(p, message, p.currentTokenLocation());
        }
    }

    /** A value as the review needs it: scalars as they are, a container skipped and kept only as its kind. */
    private static JsonNode value(JsonParser p, JsonToken t) throws IOException {
        JsonNodeFactory f = JsonNodeFactory.instance;
        return switch (t) {
            case VALUE_STRING -> f.textNode(p.getText());
            case VALUE_NUMBER_INT -> f.numberNode(p.getBigIntegerValue());
            case VALUE_NUMBER_FLOAT -> f.numberNode(p.getDecimalValue());
            case VALUE_TRUE, VALUE_FALSE -> f.booleanNode(t == JsonToken.VALUE_TRUE);
            case VALUE_NULL -> f.nullNode();
            case START_ARRAY -> {
                p.skipChildren();
                yield f.arrayNode();
            }
            case START_OBJECT -> {
                p.skipChildren();
                yield f.objectNode();
            }
            default -> throw new JsonParseException(p, "unexpected " + t);
        };
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

    /** The entry of one JSON Lines line of {@code source}, its number {@code line}: not blank, within the length limit. */
    private Entry line(String source, long line, byte[] l) throws IOException {
        JsonNode node;
        try (JsonParser p = JSON.createParser(l)) {
            try {
                p.nextToken();
                node = prediction(p);
                if (p.nextToken() != null) {
                    return malformed(source, source + ":" + line, "", line, "more than one JSON value on the line (column "
                            + p.currentTokenLocation().getColumnNr() + ")");
                }
            } catch (JsonProcessingException e) {
                return malformed(source, source + ":" + line, "", line, "not a JSON object: " + describe(e)
                        + " (column " + location(e, p).getColumnNr() + ")");
            }
        }
        return prediction(source, node, null, "", line);
    }

    /** What {@link Entry#resolved()} makes of a {@link Entry.Kind#LINE}: the reader's own decoding of the line. */
    static Entry decodeLine(String source, long line, byte[] json, Fields fields) {
        try {
            return new Inputs(List.of(), p -> null, fields).line(source, line, json);
        } catch (IOException e) {
            // Parsing bytes already in memory: no read can fail.
            throw new UncheckedIOException(e);
        }
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

    /** Where the parser failed: the exception's location, or the parser's when a limit's exception has none. */
    private static JsonLocation location(JsonProcessingException e, JsonParser p) {
        return e.getLocation() != null ? e.getLocation() : p.currentLocation();
    }

    static String describe(JsonProcessingException e) {
        String m = e.getOriginalMessage();
        int cut = m == null ? -1 : m.indexOf('\n');
        return dev.patchverdict.text.SafeText.escape(cut >= 0 ? m.substring(0, cut) : String.valueOf(m));
    }

    /**
     * The bytes taken from a file until what it is has been decided, so that JSON Lines can be read again from
     * the first byte on; at most {@link #MAX_RECORD} of them, past which nothing more is kept. Its
     * {@code available()} says nothing: a file channel's fails on a pipe ("Illegal seek"), and a buffer asks it
     * on every read.
     */
    private static final class Recorder extends java.io.FilterInputStream {
        private static final int MAX_RECORD = 8 << 20;
        private ByteArrayOutputStream taken = new ByteArrayOutputStream();
        private boolean overflowed;

        Recorder(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int c = in.read();
            if (c >= 0) {
                keep(new byte[] {(byte) c}, 0, 1);
            }
            return c;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            if (n > 0) {
                keep(b, off, n);
            }
            return n;
        }

        private void keep(byte[] b, int off, int n) {
            if (taken == null) {
                return;
            }
            if (taken.size() + n > MAX_RECORD) {
                taken = null;
                overflowed = true;
                return;
            }
            taken.write(b, off, n);
        }

        @Override
        public int available() {
            return 0;
        }

        /** Stops keeping bytes: what was taken, or null when it was too much to keep. */
        byte[] stop() {
            byte[] b = overflowed || taken == null ? null : taken.toByteArray();
            taken = null;
            return b;
        }

        /** The file after what was taken, buffered. */
        InputStream rest() {
            return new BufferedInputStream(new java.io.FilterInputStream(in) {
                @Override
                public int available() {
                    return 0;
                }
            }, 1 << 16);
        }
    }

    /** What a predictions file is, decided by its first JSON value. */
    private enum Shape {
        /** Not yet known: nothing has been read. */
        UNREAD,
        /** JSON Lines: one prediction per line, each judged on its own. */
        LINES,
        /** A JSON array of predictions. */
        ARRAY,
        /** A JSON object of predictions keyed by instance id. */
        KEYED,
        /** One prediction, compact or indented. */
        SINGLE
    }

    /**
     * One predictions file, read in one pass by what it is, whatever its name: an array whose first element is an
     * object holds predictions; an object whose first field is not a prediction's and holds an object is keyed by
     * instance id; any other first value is a prediction, the only one of the file unless it ended on the line it
     * started on, which makes the file JSON Lines (as does a first line that is not JSON). Everything is read with a
     * streaming parser, one prediction at a time, so a file of any size (an 85 MB object on one line, as
     * {@code json.dump} writes it) is read in the memory of its largest prediction; JSON Lines go on line by line
     * from where the parser stopped, so a pipe is read once.
     */
    private final class Source implements Iterator<Entry> {
        private final String name;
        /** Named .jsonl: when the first value is broken across lines, the name says it was a line of its own. */
        private final boolean namedLines;
        private final Recorder record;
        /** Every byte of the file passes through it, whichever reader takes it. */
        private final Digesting raw;
        private final InputStream in;
        /** The input as lines, once it is read as JSON Lines. */
        private LineReader lines;
        private final JsonParser parser;
        private Shape shape = Shape.UNREAD;
        private long line;
        private long element;
        private boolean finished;
        /** The pointer of the prediction being read, for an error inside it; null between predictions. */
        private String reading;
        private final Deque<Entry> queued = new ArrayDeque<>();
        private Entry pending;
        private boolean done;

        Source(String name, Path path, boolean namedLines) throws IOException {
            this(name, Files.newInputStream(path), namedLines);
        }

        Source(String name, InputStream stream, boolean namedLines) throws IOException {
            this.name = name;
            this.namedLines = namedLines;
            this.raw = new Digesting(stream, digests);
            this.record = new Recorder(raw);
            this.in = new BufferedInputStream(record, 1 << 16);
            this.parser = JSON.createParser(in);
        }

        @Override
        public boolean hasNext() {
            if (pending == null && !done) {
                try {
                    pending = !queued.isEmpty() ? queued.removeFirst() : shape == Shape.LINES ? nextLine() : nextElement();
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

        /** The file's first value decides what it is; a first prediction is read here too. */
        private Entry begin() throws IOException {
            JsonToken t;
            long start = 1;
            try {
                t = parser.nextToken();
                if (t == null) {
                    finished = true;
                    return null;
                }
                start = parser.currentTokenLocation().getLineNr();
                if (t == JsonToken.START_ARRAY) {
                    shape = Shape.ARRAY;
                    record.stop();
                    return nextElement();
                }
                if (t == JsonToken.START_OBJECT && parser.nextToken() == JsonToken.FIELD_NAME
                        && !isPredictionField(parser.currentName()) && parser.nextToken() == JsonToken.START_OBJECT) {
                    shape = Shape.KEYED;
                    record.stop();
                    return keyed();
                }
            } catch (JsonProcessingException e) {
                return firstLineBroken(e, start);
            }
            // A prediction: read on from where the parser stands, field by field.
            return firstPrediction(t, start);
        }

        private Entry firstPrediction(JsonToken first, long start) throws IOException {
            Entry e;
            try {
                JsonNode node = first == JsonToken.START_OBJECT ? restOfObject() : prediction(parser);
                e = prediction(name, node, null, "", start);
            } catch (Refused r) {
                skipRest();
                e = malformed(name, name + ":" + start, "", start, "not a JSON object: " + describe(r));
            } catch (JsonProcessingException x) {
                return firstLineBroken(x, start);
            }
            long end = parser.currentLocation().getLineNr();
            if (end == start) {
                // JSON Lines: read again from the first byte, line by line, when what the parser took is still held.
                if (fromTheStart()) {
                    return nextLine();
                }
                // Otherwise on from where the parser stopped: what is left of this line must be blank.
                toLines(start);
                byte[] rest = lines.next();
                if (rest != null && !blank(rest)) {
                    queued.add(malformed(name, name + ":" + start, "", start, "more than one JSON value on the line"));
                }
                shape = Shape.LINES;
                return e;
            }
            record.stop();
            shape = Shape.SINGLE;
            finished = true;
            Entry after = end();
            if (after != null) {
                queued.add(after);
            }
            element++;
            return e;
        }

        /**
         * The rest of the object the parser is inside, as {@link #prediction(JsonParser)} keeps it: the parser stands
         * at its end, at its first field name, or at its first field's value (a field the review does not read).
         */
        private JsonNode restOfObject() throws IOException {
            ObjectNode out = JsonNodeFactory.instance.objectNode();
            Set<String> names = new HashSet<>();
            JsonToken t = parser.currentToken();
            if (t == JsonToken.END_OBJECT) {
                return out;
            }
            if (t == JsonToken.FIELD_NAME) {
                field(parser, out, names);
            } else {
                named(parser, parser.currentName(), names);
                parser.skipChildren();
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                field(parser, out, names);
            }
            return out;
        }

        /**
         * A first value that is not JSON. Broken on its first line, or in a file named {@code .jsonl}, that line is one
         * malformed JSON Lines entry and the file is read as JSON Lines; else it is a document broken where it stops.
         */
        private Entry firstLineBroken(JsonProcessingException e, long start) throws IOException {
            JsonLocation where = location(e, parser);
            if ((where.getLineNr() == start || namedLines) && fromTheStart()) {
                return nextLine();
            }
            if (where.getLineNr() != start) {
                finished = true; // a document broken after its first line
                return malformed(name, name + ":" + where.getLineNr(), null, where.getLineNr(), "not valid JSON, reading stops here: "
                        + describe(e) + " (line " + where.getLineNr() + ", column " + where.getColumnNr() + ")");
            }
            toLines(where.getLineNr());
            lines.next(); // the rest of the broken line
            shape = Shape.LINES;
            return malformed(name, name + ":" + start, "", start, "not a JSON object: " + describe(e) + " (column "
                    + where.getColumnNr() + ")");
        }

        /**
         * Reads as JSON Lines from the file's first byte on, when every byte the parser took is still held; false when
         * there were too many.
         */
        private boolean fromTheStart() {
            byte[] taken = record.stop();
            if (taken == null) {
                return false;
            }
            lines = new LineReader(new java.io.SequenceInputStream(new java.io.ByteArrayInputStream(taken), record.rest()));
            line = 0;
            shape = Shape.LINES;
            return true;
        }

        /** From here on the input is read as lines, starting with what the parser read ahead; {@code at} is the current line. */
        private void toLines(long at) throws IOException {
            ByteArrayOutputStream ahead = new ByteArrayOutputStream();
            parser.releaseBuffered(ahead);
            lines = new LineReader(new java.io.SequenceInputStream(new java.io.ByteArrayInputStream(ahead.toByteArray()), in));
            line = at;
        }

        private Entry nextLine() throws IOException {
            while (true) {
                byte[] l = lines.next();
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
                if (deferLines) {
                    return new Entry(0, Entry.Kind.LINE, name + ":" + line, null, name, "", line, null, null, null,
                            new Entry.Line(l, fields));
                }
                return line(name, line, l);
            }
        }

        /** The next prediction of an array or a keyed object; only it is held. */
        private Entry nextElement() throws IOException {
            if (finished) {
                return null;
            }
            if (shape == Shape.UNREAD) {
                return begin();
            }
            try {
                JsonToken t = parser.nextToken();
                if (t == JsonToken.END_ARRAY || t == JsonToken.END_OBJECT) {
                    finished = true;
                    return end();
                }
                if (shape == Shape.ARRAY) {
                    reading = "/" + element;
                    long at = parser.currentTokenLocation().getLineNr();
                    try {
                        JsonNode node = prediction(parser);
                        reading = null;
                        return prediction(name, node, null, "/" + element++, at);
                    } catch (Refused r) {
                        return refused(r, at);
                    }
                }
                parser.nextToken();
                return keyed();
            } catch (JsonProcessingException e) {
                return stopped(e);
            }
        }

        /** The keyed prediction whose value the parser stands at. */
        private Entry keyed() throws IOException {
            String key = parser.currentName();
            reading = "/" + token(key);
            try {
                long at = parser.currentTokenLocation().getLineNr();
                try {
                    JsonNode node = prediction(parser);
                    reading = null;
                    element++;
                    return prediction(name, node, key, "/" + token(key), at);
                } catch (Refused r) {
                    return refused(r, at);
                }
            } catch (JsonProcessingException e) {
                return stopped(e);
            }
        }

        /** A prediction the review cannot read, though valid JSON: one malformed entry, and reading goes on after it. */
        private Entry refused(Refused r, long at) throws IOException {
            String pointer = reading;
            reading = null;
            element++;
            skipRest();
            return malformed(name, name + ":" + at, pointer, at, describe(r) + " (line " + r.getLocation().getLineNr()
                    + ", column " + r.getLocation().getColumnNr() + ")");
        }

        /** From a field name of an object to the object's end. */
        private void skipRest() throws IOException {
            while (true) {
                JsonToken t = parser.nextToken();
                if (t == null || t == JsonToken.END_OBJECT) {
                    return;
                }
                if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                    parser.skipChildren();
                }
            }
        }

        /** A document that stops being JSON: one malformed entry naming where, and nothing more is read from it. */
        private Entry stopped(JsonProcessingException e) {
            finished = true;
            JsonLocation where = location(e, parser);
            long l = where.getLineNr();
            // In a compact file every prediction is on line 1: the pointer and column say where.
            return malformed(name, name + ":" + l, reading, l, "not valid JSON, reading stops here"
                    + (reading == null ? "" : " (in " + reading + ")") + ": " + describe(e)
                    + " (line " + l + ", column " + where.getColumnNr() + ")");
        }

        /** Null at the end of the input; anything after the document is one malformed entry, and reading stops. */
        private Entry end() throws IOException {
            try {
                if (parser.nextToken() == null) {
                    return null;
                }
            } catch (JsonProcessingException e) {
                // not even JSON: still data after the end
            }
            long l = parser.currentLocation().getLineNr();
            return malformed(name, name + ":" + l, null, l, "data after the end of the JSON document");
        }

        private boolean isPredictionField(String key) {
            return key.equals(fields.patch()) || key.equals(fields.id()) || key.equals(fields.model());
        }

        /**
         * Closes the file; returns its SHA-256 when its entries were all taken and the readers took every byte of it,
         * else null. A file whose reading stopped early (a document that stopped being JSON, data after its end) is
         * not read on just to be digested: what follows may never end.
         */
        String close(boolean finished) {
            try {
                parser.close();
                in.close();
            } catch (IOException e) {
                // nothing more is read from it
            }
            return finished ? raw.sha256() : null;
        }
    }

    /**
     * The file's bytes as they are read, through SHA-256, noting when the file's end was reached: a reader that
     * takes it to its end (closing it there, as a sequence of streams does) has had every byte digested.
     */
    private static final class Digesting extends java.io.FilterInputStream {
        /** Null when no digest is wanted. */
        private final java.security.MessageDigest md;
        private boolean ended;

        Digesting(InputStream in, boolean digest) {
            super(in);
            this.md = digest ? dev.patchverdict.digest.Digests.newSha256() : null;
        }

        @Override
        public int read() throws IOException {
            int c = in.read();
            if (c < 0) {
                ended = true;
            } else {
                if (md != null) {
                    md.update((byte) c);
                }
            }
            return c;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            if (n < 0) {
                ended = true;
            } else {
                if (md != null) {
                    md.update(b, off, n);
                }
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            // Skipped bytes are read, so the digest holds them too.
            byte[] buf = new byte[(int) Math.min(n, 8192)];
            int got = read(buf, 0, buf.length);
            return Math.max(got, 0);
        }

        @Override
        public boolean markSupported() {
            return false;
        }

        /** The SHA-256 of the file when its end was reached and it was digested, else null. */
        String sha256() {
            return ended && md != null ? dev.patchverdict.digest.Digests.of(md).hex() : null;
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

    /**
     * The lines of a stream, each without its line feed; a line past the limit is cut and its rest skipped. Lines are
     * found by scanning a buffer: read a byte at a time through the stream, they cost review more than decoding the JSON.
     */
    static final class LineReader {
        private final InputStream in;
        private final long limit;
        private final byte[] buf = new byte[1 << 16];
        private int pos;
        private int end;

        LineReader(InputStream in) {
            this(in, MAX_LINE_BYTES);
        }

        /** Keeps up to {@code limit + 1} bytes of a line, so a longer one is still seen to be too long. */
        LineReader(InputStream in, long limit) {
            this.in = in;
            this.limit = limit;
        }

        /** The next line, or null at the end. */
        byte[] next() throws IOException {
            ByteArrayOutputStream kept = null;
            long seen = 0;
            while (true) {
                if (pos == end) {
                    int n = in.read(buf, 0, buf.length);
                    if (n < 0) {
                        return kept == null ? null : kept.toByteArray();
                    }
                    pos = 0;
                    end = n;
                    continue;
                }
                int stop = pos;
                while (stop < end && buf[stop] != '\n') {
                    stop++;
                }
                if (kept == null && stop < end && stop - pos <= limit) {
                    byte[] line = java.util.Arrays.copyOfRange(buf, pos, stop); // the whole line in the buffer
                    pos = stop + 1;
                    return line;
                }
                if (kept == null) {
                    kept = new ByteArrayOutputStream(Math.max(256, stop - pos));
                }
                kept.write(buf, pos, (int) Math.max(0, Math.min(stop - pos, limit + 1 - seen)));
                seen += stop - pos;
                pos = stop < end ? stop + 1 : stop;
                if (stop < end) {
                    return kept.toByteArray();
                }
            }
        }
    }
}
