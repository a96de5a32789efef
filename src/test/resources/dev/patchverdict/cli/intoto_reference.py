# SPDX-License-Identifier: Apache-2.0
"""The in-toto reference implementation's side of the interoperability test (securesystemslib >= 1.0 with its
DSSE envelope, in-toto, and the in-toto attestation framework's Statement model), run from a scratch virtual
environment that the test fills from the package registry.

  verify ENVELOPE.jsonl PUBLIC.pem      every line must verify under the key and hold a valid Statement v1
  sign STATEMENT.json ALG OUT.jsonl OUT.pem   sign the statement with a new key (ed25519 or ecdsa-p256)
"""
import base64
import hashlib
import json
import sys

from cryptography.hazmat.primitives.asymmetric import ec, ed25519
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat, load_pem_public_key
from google.protobuf import json_format
from in_toto_attestation.v1 import statement_pb2
from in_toto_attestation.v1.statement import Statement
from securesystemslib.dsse import Envelope
from securesystemslib.signer import CryptoSigner, SSlibKey

import in_toto  # noqa: F401  the reference implementation is installed beside its libraries

PAYLOAD_TYPE = "application/vnd.in-toto+json"


def spki_keyid(public_key):
    # patchverdict names a key by the SHA-256 of its SubjectPublicKeyInfo; securesystemslib takes any key id
    return hashlib.sha256(public_key.public_bytes(Encoding.DER, PublicFormat.SubjectPublicKeyInfo)).hexdigest()


def verify(envelope_path, public_path):
    public_key = load_pem_public_key(open(public_path, "rb").read())
    key = SSlibKey.from_crypto(public_key, keyid=spki_keyid(public_key))
    count = 0
    for line in open(envelope_path, encoding="utf-8"):
        if not line.strip():
            continue
        envelope = Envelope.from_dict(json.loads(line))
        envelope.verify([key], 1)
        if envelope.payload_type != PAYLOAD_TYPE:
            raise SystemExit("payload type " + envelope.payload_type)
        statement = json_format.Parse(envelope.payload.decode("utf-8"), statement_pb2.Statement())
        Statement.copy_from_pb(statement).validate()
        count += 1
    print("accepted %d envelope(s); statement %s, predicate %s" % (count, statement.type, statement.predicate_type))


def sign(statement_path, alg, envelope_out, public_out):
    if alg == "ed25519":
        private_key = ed25519.Ed25519PrivateKey.generate()
    else:
        private_key = ec.generate_private_key(ec.SECP256R1())
    # the key id securesystemslib computes by default, not patchverdict's
    signer = CryptoSigner(private_key)
    payload = open(statement_path, "rb").read()
    envelope = Envelope.from_dict({"payload": base64.b64encode(payload).decode(), "payloadType": PAYLOAD_TYPE, "signatures": []})
    envelope.sign(signer)
    with open(envelope_out, "w", encoding="utf-8") as out:
        out.write(json.dumps(envelope.to_dict()) + "\n")
    with open(public_out, "wb") as out:
        out.write(private_key.public_key().public_bytes(Encoding.PEM, PublicFormat.SubjectPublicKeyInfo))
    print("signed with key id " + signer.public_key.keyid)


if __name__ == "__main__":
    if sys.argv[1] == "verify":
        verify(sys.argv[2], sys.argv[3])
    else:
        sign(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5])
