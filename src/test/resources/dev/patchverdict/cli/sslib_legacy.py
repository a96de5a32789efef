# SPDX-License-Identifier: Apache-2.0
"""The same interoperability checks against the securesystemslib that Debian packages (0.26, with in-toto 1.3),
which predates DSSE envelopes: its key handling and signature schemes verify and make the signatures, and this
script lays out the pre-authentication encoding as the DSSE protocol defines it.

  verify ENVELOPE.jsonl PUBLIC.pem      every signature verifies under the key over the PAE
  sign STATEMENT.json ALG OUT.jsonl OUT.pem   sign the statement with a new securesystemslib key
  keyid PUBLIC.pem                      the key id securesystemslib 1.x computes (compute_default_keyid)
"""
import base64
import hashlib
import json
import sys

import in_toto  # noqa: F401
import securesystemslib.formats
import securesystemslib.keys
from cryptography.hazmat.primitives.asymmetric import ed25519
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat, load_pem_public_key

PAYLOAD_TYPE = "application/vnd.in-toto+json"


def pae(payload_type, payload):
    t = payload_type.encode("utf-8")
    return b"DSSEv1 %d %s %d %s" % (len(t), t, len(payload), payload)


def sslib_key(pem):
    public_key = load_pem_public_key(pem)
    if isinstance(public_key, ed25519.Ed25519PublicKey):
        raw = public_key.public_bytes(Encoding.Raw, PublicFormat.Raw).hex()
        key, _ = securesystemslib.keys.format_metadata_to_key({"keytype": "ed25519", "scheme": "ed25519", "keyval": {"public": raw}})
        return key, ("ed25519", "ed25519", raw)
    text = public_key.public_bytes(Encoding.PEM, PublicFormat.SubjectPublicKeyInfo).decode()
    return securesystemslib.keys.import_ecdsakey_from_public_pem(text), ("ecdsa", "ecdsa-sha2-nistp256", text)


def modern_keyid(keytype, scheme, public):
    data = securesystemslib.formats.encode_canonical({"keytype": keytype, "scheme": scheme, "keyval": {"public": public}})
    return hashlib.sha256(data.encode("utf-8")).hexdigest()


def verify(envelope_path, public_path):
    key, _ = sslib_key(open(public_path, "rb").read())
    count = 0
    for line in open(envelope_path, encoding="utf-8"):
        if not line.strip():
            continue
        envelope = json.loads(line)
        payload = base64.b64decode(envelope["payload"])
        message = pae(envelope["payloadType"], payload)
        if not any(securesystemslib.keys.verify_signature(key, {"keyid": key["keyid"], "sig": base64.b64decode(s["sig"]).hex()}, message)
                   for s in envelope["signatures"]):
            raise SystemExit("no signature verifies")
        statement = json.loads(payload)
        if statement["_type"] != "https://in-toto.io/Statement/v1" or not statement["subject"]:
            raise SystemExit("not a Statement v1")
        count += 1
    print("accepted %d envelope(s)" % count)


def sign(statement_path, alg, envelope_out, public_out):
    if alg == "ed25519":
        key = securesystemslib.keys.generate_ed25519_key()
        pem = ed25519.Ed25519PublicKey.from_public_bytes(bytes.fromhex(key["keyval"]["public"])).public_bytes(
            Encoding.PEM, PublicFormat.SubjectPublicKeyInfo)
    else:
        key = securesystemslib.keys.generate_ecdsa_key()
        pem = key["keyval"]["public"].encode()
    payload = open(statement_path, "rb").read()
    signature = securesystemslib.keys.create_signature(key, pae(PAYLOAD_TYPE, payload))
    _, (keytype, scheme, public) = sslib_key(pem)
    envelope = {"payload": base64.b64encode(payload).decode(), "payloadType": PAYLOAD_TYPE,
                "signatures": [{"keyid": modern_keyid(keytype, scheme, public), "sig": base64.b64encode(bytes.fromhex(signature["sig"])).decode()}]}
    with open(envelope_out, "w", encoding="utf-8") as out:
        out.write(json.dumps(envelope) + "\n")
    with open(public_out, "wb") as out:
        out.write(pem if pem.endswith(b"\n") else pem + b"\n")
    print("signed")


if __name__ == "__main__":
    if sys.argv[1] == "verify":
        verify(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == "keyid":
        _, (keytype, scheme, public) = sslib_key(open(sys.argv[2], "rb").read())
        print(modern_keyid(keytype, scheme, public))
    else:
        sign(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5])
