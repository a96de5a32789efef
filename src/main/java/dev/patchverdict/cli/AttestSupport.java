// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.attest.Envelope;
import dev.patchverdict.attest.EnvelopeFormatException;
import dev.patchverdict.attest.KeyException;
import dev.patchverdict.attest.SigningKey;
import dev.patchverdict.attest.Statements;
import dev.patchverdict.attest.VerifyingKey;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.StrictJson;
import dev.patchverdict.report.IoMessages;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;

/** Reading keys and records for the attest commands; every failure is an undecided exit naming the file. */
final class AttestSupport {
    /** The verifier id an attestation names unless told otherwise. */
    static final String VERIFIER_ID = "https://patchverdict.dev/verifier";

    private AttestSupport() {}

    static SigningKey signingKey(CliContext ctx, String file) {
        return key(ctx, file, SigningKey::fromPem);
    }

    static VerifyingKey verifyingKey(CliContext ctx, String file) {
        return key(ctx, file, VerifyingKey::fromPem);
    }

    private interface PemKey<K> {
        K fromPem(String pem) throws KeyException;
    }

    private static <K> K key(CliContext ctx, String file, PemKey<K> kind) {
        try {
            // Decoded strictly: a key file holding other than ASCII is refused, not read with replacement characters.
            byte[] bytes = CommandFiles.read(ctx, file);
            return kind.fromPem(StandardCharsets.US_ASCII.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString());
        } catch (IOException e) {
            throw CliException.undecided(file, IoMessages.describe(e));
        } catch (KeyException e) {
            throw CliException.undecided(file, e.getMessage());
        }
    }

    static JsonNode json(CliContext ctx, String file) {
        try {
            Path path = ctx.resolve(file);
            CommandFiles.refuseFolder(path); // read by path, not whole, so the size limit comes before the bytes
            return StrictJson.withDefaults().read(path);
        } catch (IOException e) {
            throw CliException.undecided(file, IoMessages.describe(e));
        } catch (JsonInputException e) {
            throw CliException.undecided(file, e.getMessage());
        }
    }

    /** A document this process just wrote, read back as any reader will. */
    static JsonNode parse(byte[] document) {
        try {
            return StrictJson.withDefaults().read(document);
        } catch (JsonInputException e) {
            throw new IllegalStateException("the result just written is JSON", e);
        }
    }

    /** The signed envelope of a result, timed by the context's clock. */
    static Envelope attest(CliContext ctx, JsonNode result, SigningKey key, Optional<String> resourceUri, String what) {
        try {
            return Statements.attest(result, new Statements.Attestor(VERIFIER_ID, Version.get(), ctx.clock().instant(), resourceUri), key);
        } catch (EnvelopeFormatException e) {
            throw CliException.undecided(what, e.getMessage());
        }
    }

    /** Where {@code verify --attest --output R.json} puts the envelope: R.intoto.jsonl beside it. */
    static Path envelopeBeside(Path result) {
        String name = result.getFileName().toString();
        String stem = name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : name;
        return result.resolveSibling(stem + ".intoto.jsonl");
    }
}
