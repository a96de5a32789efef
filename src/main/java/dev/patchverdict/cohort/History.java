// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cohort;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.attest.Envelope;
import dev.patchverdict.attest.SigningKey;
import dev.patchverdict.attest.VerifyingKey;
import dev.patchverdict.digest.Digests;
import dev.patchverdict.json.CanonicalJson;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.StrictJson;
import dev.patchverdict.record.StandaloneSchema;
import dev.patchverdict.report.IoMessages;
import dev.patchverdict.report.OutputFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A cohort's lifecycle, append-only: {@code history.jsonl} beside {@code cohort.json}, one entry a line in
 * canonical JSON, recording each transition (freeze, solve, burn) with the digest of the line before it and,
 * when a key is given, a signature. {@code status}, {@code frozen_at} and {@code solved} change after the freeze
 * by design, so the definition digest cannot cover them; the history does: editing one of them back (burned to
 * frozen, solved to unsolved) disagrees with it, and editing or removing an entry inside it breaks the chain.
 * What a chain cannot show is entries cut from its end together with the fields they set: a head recorded
 * elsewhere ({@link State#head}) catches that.
 */
public final class History {
    public static final String FILE = "history.jsonl";
    /** The DSSE payload type an entry's signature is made over, so it can never stand for another document. */
    public static final String PAYLOAD_TYPE = "application/vnd.patchverdict.cohort-history+json";
    private static final StandaloneSchema SCHEMA =
            StandaloneSchema.shipped("/dev/patchverdict/schemas/cohort-history-v0.1.schema.json");
    private static final long MAX_BYTES = 16L << 20;

    private History() {}

    /** One entry as it reads: its line (from 1), its fields and the digest the next entry must name. */
    public record Entry(int line, ObjectNode json, String digest) {
        public Entry {
            Objects.requireNonNull(json, "json");
            Objects.requireNonNull(digest, "digest");
        }

        public String event() {
            return json.path("event").asText();
        }

        public String at() {
            return json.path("at").asText();
        }
    }

    /**
     * What the history says: the entries that read and chain, the status they lead to, the freeze's fields,
     * each solved task with its entry, and every problem with the file, in the order found.
     */
    public record State(List<Entry> entries, String status, Optional<Entry> freeze, Map<String, Entry> solved,
            List<String> problems) {
        public State {
            entries = List.copyOf(entries);
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(freeze, "freeze");
            solved = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(solved));
            problems = List.copyOf(problems);
        }

        /** The digest of the last entry, which names the whole chain; empty when there is none. */
        public Optional<String> head() {
            return entries.isEmpty() ? Optional.empty() : Optional.of(entries.get(entries.size() - 1).digest());
        }
    }

    /**
     * Reads and checks the history of the cohort {@code id} in {@code dir}: each line canonical, valid, in
     * sequence and naming the digest of the line before; the transitions in an order the lifecycle allows
     * (freeze first and once, a task solved once, burn last); with {@code key}, each entry signed by it.
     */
    public static State read(Path dir, String id, Optional<VerifyingKey> key) throws CohortException {
        byte[] bytes = bytes(dir);
        List<Entry> entries = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        String status = "open";
        Optional<Entry> freeze = Optional.empty();
        Map<String, Entry> solved = new LinkedHashMap<>();
        if (bytes.length > 0 && bytes[bytes.length - 1] != '\n') {
            problems.add(FILE + ": the last line does not end with a line break (a cut or unfinished entry)");
        }
        int start = 0;
        int line = 0;
        String previous = null;
        while (start < bytes.length) {
            int end = start;
            while (end < bytes.length && bytes[end] != '\n') {
                end++;
            }
            line++;
            byte[] text = Arrays.copyOfRange(bytes, start, end);
            start = end + 1;
            String where = FILE + " line " + line;
            ObjectNode json;
            try {
                JsonNode node = StrictJson.withDefaults().read(text);
                if (!node.isObject()) {
                    problems.add(where + ": not a JSON object");
                    break;
                }
                json = (ObjectNode) node;
            } catch (JsonInputException e) {
                problems.add(where + ": not valid JSON: " + e.getMessage());
                break; // nothing after an unreadable entry can be placed in the chain
            }
            List<String> invalid = SCHEMA.problems(json);
            if (!invalid.isEmpty()) {
                problems.add(where + ": not a cohort history entry v0.1: " + String.join("; ", invalid));
                break;
            }
            if (!Arrays.equals(CanonicalJson.bytes(json), text)) {
                problems.add(where + ": not in canonical form (the form the entry was signed and chained in)");
            }
            Entry entry = new Entry(line, json, Digests.bytes(text).toString());
            String event = entry.event();
            if (json.path("seq").asLong() != line) {
                problems.add(where + ": seq is " + json.path("seq").asText() + ", not " + line + ": an entry was removed or inserted");
            }
            String named = json.path("previous").asText(null);
            if (!Objects.equals(named, previous)) {
                problems.add(where + " (" + event + "): " + (previous == null ? "names a previous entry, but it is the first"
                        : "names previous " + named + ", but line " + (line - 1) + "'s digest is " + previous)
                        + ": an entry before it was edited or removed");
            }
            if (!json.path("cohort").asText().equals(id)) {
                problems.add(where + " (" + event + "): is about cohort " + json.path("cohort").asText() + ", not " + id);
            }
            switch (status + ":" + event) {
                case "open:freeze" -> {
                    status = "frozen";
                    freeze = Optional.of(entry);
                }
                case "frozen:solve" -> {
                    String task = json.path("task_id").asText();
                    if (solved.putIfAbsent(task, entry) != null) {
                        problems.add(where + ": task " + task + " is solved a second time");
                    }
                }
                case "frozen:burn" -> status = "burned";
                default -> problems.add(where + ": a " + event + " cannot follow " + (status.equals("open") ? "nothing (the first entry is"
                        + " the freeze)" : "the cohort being " + status));
            }
            if (key.isPresent()) {
                problems.addAll(signatureProblems(where + " (" + event + ")", json, key.get()));
            }
            entries.add(entry);
            previous = entry.digest();
        }
        return new State(entries, status, freeze, solved, problems);
    }

    /**
     * Appends one entry for {@code event} with {@code fields}, chained to {@code state}'s head and signed with
     * {@code key} when given; the file is replaced whole (written aside, then renamed), so a reader sees the
     * old history or the new one. Refused when {@code state} has problems: nothing is chained onto them.
     */
    static ObjectNode append(Path dir, String id, State state, String event, ObjectNode fields, Instant now,
            Optional<SigningKey> key) throws CohortException, IOException {
        if (!state.problems().isEmpty()) {
            throw new CohortException(FILE + " does not hold: " + String.join("; ", state.problems()));
        }
        ObjectNode e = JsonNodeFactory.instance.objectNode();
        e.put("schema_version", "0.1");
        e.put("seq", state.entries().size() + 1);
        e.put("event", event);
        e.put("at", DateTimeFormatter.ISO_INSTANT.format(now));
        e.put("cohort", id);
        state.head().ifPresent(h -> e.put("previous", h));
        e.setAll(fields);
        if (key.isPresent()) {
            byte[] sig = key.get().sign(Envelope.pae(PAYLOAD_TYPE, CanonicalJson.bytes(e)));
            ObjectNode s = e.putObject("signature");
            s.put("keyid", key.get().publicKey().keyId());
            s.put("sig", Base64.getEncoder().encodeToString(sig));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(bytes(dir));
        out.writeBytes(CanonicalJson.bytes(e));
        out.write('\n');
        OutputFiles.writeAtomically(Cohorts.file(dir, FILE), out.toByteArray());
        return e;
    }

    private static List<String> signatureProblems(String where, ObjectNode entry, VerifyingKey key) {
        JsonNode s = entry.path("signature");
        if (s.isMissingNode()) {
            return List.of(where + ": not signed, and every entry must be signed by key " + key.keyId());
        }
        if (!key.keyIds().contains(s.path("keyid").asText())) {
            return List.of(where + ": signed by key " + s.path("keyid").asText() + ", not by " + key.keyId());
        }
        ObjectNode unsigned = entry.deepCopy();
        unsigned.remove("signature");
        byte[] sig;
        try {
            sig = Base64.getDecoder().decode(s.path("sig").asText());
        } catch (IllegalArgumentException e) {
            return List.of(where + ": the signature is not base64");
        }
        if (!key.verifies(Envelope.pae(PAYLOAD_TYPE, CanonicalJson.bytes(unsigned)), sig)) {
            return List.of(where + ": the signature does not verify with key " + key.keyId() + ": the entry changed since it was signed");
        }
        return List.of();
    }

    /** The file's bytes, none when it does not exist; never read through a link. */
    private static byte[] bytes(Path dir) throws CohortException {
        Path file = Cohorts.file(dir, FILE);
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            return StrictJson.readBounded(in, MAX_BYTES);
        } catch (NoSuchFileException e) {
            return new byte[0];
        } catch (JsonInputException e) {
            throw new CohortException(file + ": " + e.getMessage());
        } catch (IOException e) {
            throw new CohortException(file + ": " + IoMessages.describe(e));
        }
    }
}
