// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.audit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.attest.CheckOutcome;
import dev.patchverdict.attest.Envelope;
import dev.patchverdict.attest.EnvelopeFormatException;
import dev.patchverdict.attest.EnvelopeVerifier;
import dev.patchverdict.attest.Envelopes;
import dev.patchverdict.attest.Statements;
import dev.patchverdict.digest.Digest;
import dev.patchverdict.digest.Digests;
import dev.patchverdict.fs.Containment;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.StrictJson;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The signature part of an audit: one reason, SIGNATURE_VALID, SIGNATURE_INVALID, UNSIGNED, or
 * SIGNATURE_UNCHECKED (an envelope, but no key to check it with), added to the verdict's reasons.
 * When signatures are required, UNSIGNED and SIGNATURE_INVALID make the verdict TAMPERED.
 */
final class Signatures {
    static final String VALID = "SIGNATURE_VALID";
    static final String INVALID = "SIGNATURE_INVALID";
    static final String UNSIGNED = "UNSIGNED";
    static final String UNCHECKED = "SIGNATURE_UNCHECKED";

    private Signatures() {}

    static AuditOutcome apply(AuditOutcome o, BundleLayout.Once laid, SignaturePolicy policy) {
        String reason = reason(laid, policy);
        List<String> reasons = new ArrayList<>(o.reasons());
        reasons.add(reason);
        boolean bad = reason.startsWith(UNSIGNED) || reason.startsWith(INVALID);
        Verdict verdict = policy.required() && bad ? Verdict.TAMPERED : o.verdict();
        return new AuditOutcome(o.bundle(), verdict, reasons, o.advisories(), o.difference());
    }

    private static String reason(BundleLayout.Once laid, SignaturePolicy policy) {
        BundleLayout layout;
        try {
            layout = laid.get();
        } catch (IOException | JsonInputException e) {
            return UNSIGNED + ": the bundle map is unreadable (" + e.getMessage() + ")";
        }
        if (!layout.refused().isEmpty()) {
            return UNCHECKED + ": the bundle leads outside its folder, so nothing of it is read";
        }
        if (layout.envelope().isEmpty()) {
            return UNSIGNED + ": no " + BundleLayout.ENVELOPE;
        }
        List<Envelope> envelopes;
        try {
            byte[] bytes;
            try (InputStream in = Files.newInputStream(layout.envelope().get())) {
                bytes = StrictJson.readBounded(in, Envelopes.MAX_FILE_BYTES);
            }
            envelopes = Envelopes.read(bytes);
        } catch (IOException | JsonInputException | EnvelopeFormatException e) {
            return INVALID + ": the envelope is unreadable: " + e.getMessage();
        }
        if (policy.key().isEmpty()) {
            return UNCHECKED + ": an envelope, but no public key was given to check it with";
        }
        StrictJson json = StrictJson.withDefaults();
        Optional<JsonNode> result = Optional.empty();
        Optional<Digest> patch = Optional.empty();
        Optional<JsonNode> workUnit = Optional.empty();
        try {
            if (layout.result().isPresent()) {
                result = Optional.of(json.read(layout.result().get()));
                if (layout.candidateRoot().isPresent()) {
                    Path root = layout.candidateRoot().get();
                    Path f = root.resolve(Statements.Bound.of(result.get()).patchLocator()).normalize();
                    if (Containment.isInside(f, root) && Files.isRegularFile(f)) {
                        patch = Optional.of(Digests.file(f));
                    }
                }
            }
            if (layout.workUnit().isPresent()) {
                workUnit = Optional.of(json.read(layout.workUnit().get()));
            }
        } catch (IOException | JsonInputException | EnvelopeFormatException e) {
            // the audit itself reports what is unreadable; the envelope is checked against what could be read
        }
        EnvelopeVerifier.Expected expected = new EnvelopeVerifier.Expected(policy.key().get(), result, patch, workUnit);
        if (result.isEmpty()) {
            return INVALID + ": no result to check the envelope against";
        }
        List<String> failed = new ArrayList<>();
        for (Envelope e : envelopes) {
            for (CheckOutcome c : EnvelopeVerifier.verify(e, expected).failed()) {
                failed.add(c.check().name() + " (" + c.detail() + ")");
            }
        }
        if (!failed.isEmpty()) {
            return INVALID + ": failed " + String.join("; ", failed);
        }
        return VALID + ": signed by the " + policy.key().get().algorithm().wire() + " key " + policy.key().get().keyId()
                + " over this result, patch and work unit";
    }
}
