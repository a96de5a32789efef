#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# What binding the record documents costs, by the record package's readers beside a Jackson databind binding of the
# same models (bench/src/.../RecordDatabind.java): warm, per operation in-process (JMH RecordBinding), and cold, a
# fresh JVM binding one document of each type (RecordBindingCold, median of 5, with the classes it loads).
# The documents are those of a verify bundle of the verify benchmark's inputs. Usage: bench/record-binding.sh [--quick]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
out="$root/target/bench"
source "$here/lib.sh"
source "$here/jmh.sh"

echo "bench: building ..." >&2
jar="$(build_tree "$root")"
verify_inputs "$root" "$jar" "$out/verify-inputs"
audit_batch "$jar" "$out/verify-inputs" "$out/record-docs" 1
docs="$out/record-docs/b0"
bench_jmh "$root" RecordBinding record-binding "${1:-}" -jvmArgsAppend "-Dbench.record.dir=$docs"

# Cold: the jar as the command line runs it, with the benchmark classes and the JDK 8 module beside it.
echo "bench: cold JVMs ..." >&2
cold_cp="$jar:$out/classes:$(tr ':' '\n' < "$out/classpath.txt" | grep jackson-datatype-jdk8 | head -1)"
for binding in hand databind; do : > "$out/record-cold-$binding.txt"; done
for _ in 1 2 3 4 5; do
    for binding in hand databind; do
        java -Xlog:class+load:file="$out/record-cold-classes-$binding.txt" -cp "$cold_cp" \
            dev.patchverdict.bench.RecordBindingCold "$binding" "$docs" 2>/dev/null >>"$out/record-cold-$binding.txt"
    done
done

python3 - "$out" <<'PY'
import csv, statistics, sys
out = sys.argv[1]
rows = {(r["Benchmark"].rsplit(".", 1)[1], r["Param: document"]): r for r in csv.DictReader(open(f"{out}/record-binding.csv"))}
print("warm, µs/op (JMH RecordBinding; ± is its 99.9% interval)")
print(f"{'document':<20} {'hand':>16} {'databind':>16} {'databind/hand':>14}")
for doc in ("WorkUnit", "ResultManifest", "VerificationResult"):
    h, d = rows[("hand", doc)], rows[("databind", doc)]
    hs, ds = float(h["Score"]), float(d["Score"])
    print(f"{doc:<20} {hs:>8.2f} ± {float(h['Score Error (99.9%)']):<5.2f} {ds:>8.2f} ± {float(d['Score Error (99.9%)']):<5.2f} {ds / hs:>14.2f}")
print()
print("cold, a fresh JVM binding one document of each type (RecordBindingCold, median of 5)")
print(f"{'binding':<10} {'bind ms':>8} {'validate ms':>12} {'classes loaded':>15}")
for binding in ("hand", "databind"):
    runs = [dict(kv.split("=") for kv in line.split()) for line in open(f"{out}/record-cold-{binding}.txt")]
    classes = sum(1 for _ in open(f"{out}/record-cold-classes-{binding}.txt"))
    bind = statistics.median(float(r["bind_ms"]) for r in runs)
    val = statistics.median(float(r["validate_ms"]) for r in runs)
    print(f"{binding:<10} {bind:>8.1f} {val:>12.1f} {classes:>15}")
PY
