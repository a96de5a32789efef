#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes cpython-canonical.jsonl: what CPython writes for doubles and documents.

Run from this folder with python3 (3.11 was used): `python3 cpython_table.py > cpython-canonical.jsonl`.
Each line is a JSON array:
  ["float", "<16 hex digits: the double's bits>", "<repr(x)>"]
  ["doc", "<a JSON document>", "<json.dumps(json.loads(doc), sort_keys=True, separators=(',', ':'), ensure_ascii=False)>"]
The seed is fixed, so the table is reproducible.
"""
import json
import math
import random
import struct
import sys

rng = random.Random(20261201)


def bits(x):
    return struct.unpack(">Q", struct.pack(">d", x))[0]


def of_bits(b):
    return struct.unpack(">d", struct.pack(">Q", b))[0]


def canonical(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


floats = []
# Every power of two in the double range, subnormal ones included, with both neighbours:
# the rounding interval is lopsided there.
for k in range(-1074, 1024):
    p = math.ldexp(1.0, k)
    floats += [p, math.nextafter(p, 0.0), math.nextafter(p, math.inf)]
# Subnormals: the smallest ones, the largest one, and a spread between.
floats += [of_bits(b) for b in range(1, 64)]
floats += [of_bits(0x000FFFFFFFFFFFFF - b) for b in range(16)]
floats += [of_bits(rng.randrange(1, 1 << 52)) for _ in range(300)]
# Random bit patterns over the whole finite range, and random values of ordinary size.
while len(floats) < 6300 + 2000:
    x = of_bits(rng.getrandbits(64))
    if math.isfinite(x):
        floats.append(x)
floats += [rng.uniform(-1e6, 1e6) for _ in range(500)]
floats += [round(rng.uniform(0, 1000), rng.randrange(1, 6)) for _ in range(500)]
floats += [1e16, 1e15, 9999999999999998.0, 1e-4, 9.999999999999999e-05, 1e-5, 0.1, 0.2, 0.3, 5e-324,
           1.7976931348623157e308, 5.960464477539063e-08, 0.0, -0.0]

rows = []
seen = set()
for x in floats:
    for v in (x, -x):
        b = bits(v)
        if b in seen:
            continue
        seen.add(b)
        rows.append(["float", "%016x" % b, repr(v)])

docs = []
# Doubles inside documents, written with 17 significant digits so the reader must round.
for x in floats[::7]:
    docs.append('{"a":%.17g,"b":1}' % x if x != 0 else '{"a":0.0,"b":1}')
docs.append('{"a":5.960464477539063e-08,"b":1}')
# Integers past 2^63 and 2^64, both signs, and a long one.
for n in [2**63 - 1, 2**63, 2**63 + 1, 2**64, -2**63, -2**63 - 1, -2**64 - 7, 10**40 + 3, -(10**300) - 1]:
    docs.append('{"n":%d}' % n)
docs.append("[1.0,1e0,10E-1,-0.0,0,-0,100,1E2,123456789012345678901234567890]")
# Strings with every escape class: each C0 control, quote, backslash, solidus, DEL, C1 controls,
# non-ASCII in every UTF-8 length, line and paragraph separators, bidi and zero-width characters.
for c in range(0x20):
    docs.append(json.dumps({"s": "a" + chr(c) + "b"}))
specials = ['"', "\\", "/", "\x7f", "\x80", "\x9f", "\u00e9", "\u2028", "\u2029", "\u202e", "\u200b", "\ufeff",
            "\uffff", "\U0001f600", "\U0010ffff", "\u0800", "\ud7ff", "\ue000"]
for s in specials:
    docs.append(json.dumps({"s": s}))
    docs.append(json.dumps({"s": s}, ensure_ascii=False))
docs.append('{"s":"\\u0041\\u00e9\\ud83d\\ude00\\/\\b\\f\\n\\r\\t\\"\\\\"}')
# Keys in code-point order, which UTF-16 order gets wrong above the surrogates.
docs.append(json.dumps({"\U0001f600": 1, "\uffff": 2, "\ue000": 3, "a": 4, "B": 5, "": 6, "\u00e9": 7}, ensure_ascii=False))
docs.append('{"b":{"d":[true,false,null],"c":"x"},"a":[]}')
for d in docs:
    rows.append(["doc", d, canonical(json.loads(d))])

out = sys.stdout
out.reconfigure(encoding="utf-8", newline="\n")
for r in rows:
    out.write(json.dumps(r, ensure_ascii=True) + "\n")
