// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.attest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.digest.Digest;
import dev.patchverdict.digest.Digests;
import dev.patchverdict.json.CanonicalJson;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.StrictJson;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Checks one envelope against a public key and, where given, the files it should be about. Every
 * check is made and reported, so a reader sees all that is wrong at once; a failed check is an
 * outcome, not an exception. What the payload says is only trusted once the signature holds.
 */
public final class EnvelopeVerifier {
    /**
     * What to check an envelope against: the key, and optionally the result, the SHA-256 of the patch bytes, the work
     * unit and the status the embedded result must have.
     */
    public record Expected(VerifyingKey key, Optional<JsonNode> result, Optional<Digest> patch, Optional<JsonNode> workUnit,
            Optional<String> status) {
        public Expected {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(result, "result");
            Objects.requireNonNull(patch, "patch");
            Objects.requireNonNull(workUnit, "workUnit");
            Objects.requireNonNull(status, "status");
        }

        /** No status expected: the signature and bindings alone. */
        public Expected(VerifyingKey key, Optional<JsonNode> result, Optional<Digest> patch, Optional<JsonNode> workUnit) {
            this(key, result, patch, workUnit, Optional.empty());
        }
    }

    /** Every check's outcome; {@link #holds()} when none failed. */
    public record Report(List<CheckOutcome> outcomes) {
        public Report {
            outcomes = List.copyOf(outcomes);
        }

        public boolean holds() {
            return outcomes.stream().noneMatch(o -> o.state() == CheckOutcome.State.FAILED);
        }

        public List<CheckOutcome> failed() {
            return outcomes.stream().filter(o -> o.state() == CheckOutcome.State.FAILED).toList();
        }
    }

    private EnvelopeVerifier() {}

    public static Report verify(Envelope envelope, Expected expected) {
        List<CheckOutcome> out = new ArrayList<>();
        out.add(Envelope.IN_TOTO.equals(envelope.payloadType()) ? CheckOutcome.held(Check.PAYLOAD_TYPE, envelope.payloadType())
                : CheckOutcome.failed(Check.PAYLOAD_TYPE, "payload type is " + envelope.payloadType() + ", not " + Envelope.IN_TOTO));
        signature(envelope, expected.key(), out);
        JsonNode statement;
        try {
            statement = StrictJson.withDefaults().read(envelope.payload());
        } catch (JsonInputException e) {
            out.add(CheckOutcome.failed(Check.STATEMENT_TYPE, "the payload is not JSON: " + e.getMessage()));
            for (Check c : List.of(Check.PATCH_SUBJECT, Check.WORK_UNIT_SUBJECT, Check.RESULT)) {
                out.add(CheckOutcome.failed(c, "no statement to check"));
            }
            if (expected.status().isPresent()) {
                out.add(CheckOutcome.failed(Check.STATUS, "no statement to check"));
            }
            return new Report(out);
        }
        String type = statement.path("_type").asText();
        String predicateType = statement.path("predicateType").asText();
        if (!Statements.STATEMENT_TYPE.equals(type)) {
            out.add(CheckOutcome.failed(Check.STATEMENT_TYPE, "_type is " + (type.isEmpty() ? "missing" : type) + ", not "
                    + Statements.STATEMENT_TYPE));
        } else if (!Statements.PREDICATE_TYPE.equals(predicateType)) {
            out.add(CheckOutcome.failed(Check.STATEMENT_TYPE, "predicateType is " + (predicateType.isEmpty() ? "missing" : predicateType)
                    + ", not " + Statements.PREDICATE_TYPE));
        } else {
            out.add(CheckOutcome.held(Check.STATEMENT_TYPE, type + " with " + predicateType));
        }
        JsonNode embedded = statement.path("predicate").path("result");
        Optional<Statements.Bound> recorded;
        try {
            recorded = Optional.of(Statements.Bound.of(embedded));
        } catch (EnvelopeFormatException e) {
            recorded = Optional.empty();
        }
        Optional<Digest> patchSubject = Optional.empty();
        Optional<Digest> workUnitSubject = Optional.empty();
        for (JsonNode s : statement.path("subject")) {
            String hex = s.path("digest").path("sha256").asText("");
            Optional<Digest> d = Digest.isWellFormed(Digest.PREFIX + hex) ? Optional.of(new Digest(hex)) : Optional.empty();
            if (s.path("name").asText().startsWith(Statements.WORK_UNIT_PREFIX)) {
                workUnitSubject = d;
            } else {
                patchSubject = d;
            }
        }
        out.add(subject(Check.PATCH_SUBJECT, "patch", patchSubject, recorded.map(Statements.Bound::patch),
                expected.patch()));
        out.add(subject(Check.WORK_UNIT_SUBJECT, "work unit", workUnitSubject, recorded.map(Statements.Bound::workUnit),
                expected.workUnit().map(Digests::canonical)));
        if (!embedded.isObject()) {
            out.add(CheckOutcome.failed(Check.RESULT, "the statement embeds no result (predicate.result)"));
        } else if (expected.result().isEmpty()) {
            out.add(CheckOutcome.notChecked(Check.RESULT, "no result given to compare with"));
        } else if (Arrays.equals(CanonicalJson.bytes(embedded), CanonicalJson.bytes(expected.result().get()))) {
            out.add(CheckOutcome.held(Check.RESULT, "the embedded result equals the given one"));
        } else {
            out.add(CheckOutcome.failed(Check.RESULT, "the embedded result differs from the given one (canonical "
                    + Digests.canonical(embedded) + " signed, " + Digests.canonical(expected.result().get()) + " given)"));
        }
        if (expected.status().isPresent()) {
            String want = expected.status().get();
            JsonNode status = embedded.path("status");
            if (!status.isTextual()) {
                out.add(CheckOutcome.failed(Check.STATUS, "the signed result records no status; " + want + " was expected"));
            } else if (status.asText().equals(want)) {
                out.add(CheckOutcome.held(Check.STATUS, "the signed result's status is " + want));
            } else {
                out.add(CheckOutcome.failed(Check.STATUS, "the signed result's status is " + status.asText() + ", not " + want));
            }
        }
        return new Report(out);
    }

    private static void signature(Envelope envelope, VerifyingKey key, List<CheckOutcome> out) {
        byte[] pae = Envelope.pae(envelope.payloadType(), envelope.payload());
        List<String> ids = key.keyIds();
        boolean anyVerifies = false;
        boolean anyNamesKey = false;
        String verifyingId = null;
        for (Envelope.Sig s : envelope.signatures()) {
            boolean names = s.keyid().isEmpty() || ids.contains(s.keyid());
            boolean verifies = key.verifies(pae, s.sig());
            anyNamesKey |= names;
            anyVerifies |= verifies;
            if (names && verifies) {
                verifyingId = s.keyid();
            }
        }
        if (envelope.signatures().isEmpty()) {
            out.add(CheckOutcome.failed(Check.SIGNATURE, "the envelope has no signature"));
            out.add(CheckOutcome.failed(Check.KEY_ID, "the envelope has no signature"));
            return;
        }
        String alg = key.algorithm().wire() + " key " + key.keyId();
        out.add(anyVerifies ? CheckOutcome.held(Check.SIGNATURE, "verifies under the " + alg)
                : CheckOutcome.failed(Check.SIGNATURE, "no signature verifies under the " + alg));
        if (verifyingId != null || (anyNamesKey && !anyVerifies)) {
            out.add(CheckOutcome.held(Check.KEY_ID, verifyingId == null || verifyingId.isEmpty() ? "the signature names the given key or none"
                    : "the signature names the given key (" + verifyingId + ")"));
        } else {
            List<String> named = envelope.signatures().stream().map(Envelope.Sig::keyid).toList();
            out.add(CheckOutcome.failed(Check.KEY_ID, "the signature names key id " + String.join(", ", named)
                    + ", not the given key (" + key.keyId() + ")"));
        }
    }

    private static CheckOutcome subject(Check c, String what, Optional<Digest> subject, Optional<Digest> recorded,
            Optional<Digest> given) {
        if (subject.isEmpty()) {
            return CheckOutcome.failed(c, "the statement has no " + what + " subject with a sha256 digest");
        }
        if (recorded.isPresent() && !recorded.get().equals(subject.get())) {
            return CheckOutcome.failed(c, "the " + what + " subject " + subject.get() + " is not the " + recorded.get()
                    + " its embedded result records");
        }
        if (given.isEmpty()) {
            return CheckOutcome.notChecked(c, "the " + what + " subject is " + subject.get() + "; no " + what + " given to compare with");
        }
        return given.get().equals(subject.get()) ? CheckOutcome.held(c, "the given " + what + " is " + subject.get())
                : CheckOutcome.failed(c, "the given " + what + " is " + given.get() + ", the statement's subject " + subject.get());
    }
}
