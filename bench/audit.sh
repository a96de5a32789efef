#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Audit throughput: one bundle written by verify (a 4.9 KB SWE-bench fix under a v0.4 plan, as
# bench/verify.sh prepares it), copied N times, audited by one whole process with --jobs 2.
# Prints bundles per second. Usage: bench/audit.sh [N]   (default 2000)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
n="${1:-2000}"
work="$root/target/bench/verify-inputs"
[[ -f "$work/plan-v0.4.json" ]] || { echo "bench: run bench/verify.sh first (it prepares the inputs)" >&2; exit 2; }
jar="$root/target/patchverdict.jar"
batch="$root/target/bench/audit-batch"
source "$here/lib.sh"
audit_batch "$jar" "$work" "$batch" "$n"
t0=$(date +%s%N)
java -jar "$jar" audit --jobs 2 --format jsonl "$batch" > "$root/target/bench/audit.jsonl"
t=$(( $(date +%s%N) - t0 ))
ok=$(grep -c '"verdict":"REPRODUCED"' "$root/target/bench/audit.jsonl" || true)
echo "audit: $n bundles in $((t / 1000000)) ms, $(( n * 1000000000 / t )) bundles/s, $ok REPRODUCED"
