#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Where one verification's processor time goes: JFR execution samples (one every millisecond) of VerifyCpu, a v0.4
# and a v0.5 plan each in its own JVM, warm, for this tree and, with --baseline REV, an older revision built beside
# it. Each sample is put under one stage: schema validation wherever it is on its stack, otherwise the
# innermost frame that names a stage. A stage's figure is its share of the samples times the plan's VerifyCpu
# result (µs of thread CPU per verification), so the rows add up to that result. The most frequent innermost frames
# follow, to show what a stage is made of.
# Usage: bench/profile.sh [--baseline REV] [--top N]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
baseline=""
top=12
while [[ $# -gt 0 ]]; do
    case "$1" in
        --baseline) baseline="$2"; shift 2 ;;
        --top) top="$2"; shift 2 ;;
        *) echo "usage: bench/profile.sh [--baseline REV] [--top N]" >&2; exit 64 ;;
    esac
done
command -v jfr >/dev/null || { echo "bench: the JDK's jfr tool is not on PATH" >&2; exit 2; }
out="$root/target/bench/profile"
mkdir -p "$out"
source "$here/lib.sh"

echo "bench: building this tree ..." >&2
build_tree "$root" >/dev/null
trees=("$root")
names=("this tree")
if [[ -n "$baseline" ]]; then
    build_baseline "$root" "$baseline" "$out/baseline" >/dev/null
    trees=("$out/baseline" "$root")
    names=("baseline" "this tree")
fi
verify_inputs "$root" "$root/target/patchverdict.jar" "$out/verify-inputs"
cat > "$out/samples.jfc" <<'JFC'
<?xml version="1.0" encoding="UTF-8"?>
<configuration version="2.0">
  <event name="jdk.ExecutionSample"><setting name="enabled">true</setting><setting name="period">1 ms</setting></event>
</configuration>
JFC

for i in "${!trees[@]}"; do
    tree="${trees[$i]}"
    # this tree's harness over each tree's classes, as bench/cost.sh does
    cp="$root/target/bench-classes:$tree/target/classes:$(cat "$tree/target/bench-classpath.txt")"
    for plan in plan-v0.4.json plan-v0.5.json; do
        echo "bench: JFR of VerifyCpu, ${names[$i]}, $plan ..." >&2
        java -XX:StartFlightRecording=filename="$out/$i-$plan.jfr",settings="$out/samples.jfc" -cp "$cp" \
            dev.patchverdict.bench.VerifyCpu "$out/verify-inputs" "$plan" 2>/dev/null | awk '$1 ~ /^plan-/ {print $2}' > "$out/$i-$plan.us"
        jfr print --events jdk.ExecutionSample --json --stack-depth 96 "$out/$i-$plan.jfr" > "$out/$i-$plan.json"
    done
done

python3 - "$out" "$top" "${names[@]}" <<'PY'
import collections, json, os, sys
out, top, names = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
plans = ("plan-v0.4.json", "plan-v0.5.json")
# innermost frame wins, in this order of prefixes (class names as JFR prints them)
stages = [
    ("Python-style JSON of the diagnostics", ("dev/patchverdict/verify/upstream/PyJson", "dev/patchverdict/json/Python")),
    ("canonical JSON and SHA-256", ("dev/patchverdict/json/CanonicalJson", "dev/patchverdict/digest/", "sun/security/provider/")),
    ("strict JSON reading", ("dev/patchverdict/json/StrictJson", "com/fasterxml/jackson/")),
    ("strict diff reader (advisories)", ("dev/patchverdict/diff/",)),
    ("v0.5 evaluator", ("dev/patchverdict/verify/StrictTransition",)),
    ("record models", ("dev/patchverdict/record/",)),
    ("v0.2-v0.4 layers (the record family's checks)", ("dev/patchverdict/verify/upstream/",)),
    ("files (open, stat, read)", ("dev/patchverdict/fs/", "sun/nio/", "java/nio/file/")),
    ("binding checks, result marks", ("dev/patchverdict/verify/",)),
]
schema = ("com/networknt/", "dev/patchverdict/record/DocumentSchemas")
order = ["schema validation of the four documents"] + [s for s, _ in stages] + ["elsewhere"]

def stage(frames):
    if any(f.startswith(schema) for f in frames):
        return order[0]
    for f in frames:
        for name, prefixes in stages:
            if f.startswith(prefixes):
                return name
    return "elsewhere"

table, selves, totals, us = {}, {}, {}, {}
for i, name in enumerate(names):
    for plan in plans:
        events = json.load(open(os.path.join(out, f"{i}-{plan}.json")))["recording"]["events"]
        count, self_count, n = collections.Counter(), collections.Counter(), 0
        for e in events:
            st = e["values"]["stackTrace"]
            if not st:
                continue
            frames = [f["method"]["type"]["name"] + "." + f["method"]["name"] for f in st["frames"]]
            if not any(f.startswith("dev/patchverdict/verify/Verifier.verify") for f in frames):
                continue  # JIT, GC and the harness's own loop
            n += 1
            count[stage(frames)] += 1
            self_count[frames[0]] += 1
        per_op = float(open(os.path.join(out, f"{i}-{plan}.us")).read().split()[0])
        table[(name, plan)], selves[(name, plan)], totals[(name, plan)], us[(name, plan)] = count, self_count, n, per_op

cols = [(n, p) for n in names for p in plans]
print()
print("| stage, µs of thread CPU per verification (share) | " + " | ".join(f"{n}, {p[5:9]}" for n, p in cols) + " |")
print("|---|" + "---:|" * len(cols))
for s in order:
    if all(table[c][s] == 0 for c in cols):
        continue
    print(f"| {s} | " + " | ".join(f"{us[c] * table[c][s] / max(totals[c], 1):.0f} ({100 * table[c][s] / max(totals[c], 1):.0f}%)" for c in cols) + " |")
print("| **total** (VerifyCpu; samples) | " + " | ".join(f"**{us[c]:.0f}** ({totals[c]:,})" for c in cols) + " |")
for c in cols:
    print()
    print(f"Innermost frames, {c[0]}, {c[1][5:9]} plan (share of samples):")
    for f, k in selves[c].most_common(top):
        print(f"  {100 * k / max(totals[c], 1):4.1f}%  {f.replace('/', '.')}")
PY
