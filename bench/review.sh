#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Prints patches per second for `patchverdict review` on a 2,000-line predictions file built from the
# shared corpus's agent patches, whole process (JVM start included), beside `diff check` on the same
# 2,000 patches as files, in one process, and review with every trick detector (--detect). Best of N
# runs each (default 3).
# Usage: bench/review.sh [--runs N] [--jobs N]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
corpus="${PATCHVERDICT_CORPUS:-$root/../shared/corpus}"
runs=3
jobs="$(nproc)"
while [[ $# -gt 0 ]]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        --jobs) jobs="$2"; shift 2 ;;
        *) echo "usage: bench/review.sh [--runs N] [--jobs N]" >&2; exit 64 ;;
    esac
done
[[ -d "$corpus/agent_sweagent_gpt4_t0" ]] || { echo "bench: no corpus at $corpus" >&2; exit 2; }
out="$root/target/bench/review"
source "$here/lib.sh"
echo "bench: building ..." >&2
jar="$(build_tree "$root")"

# 2,000 predictions, cycling through the agent patches; the same 2,000 patches are also written as files for diff check.
review_inputs "$corpus" "$out"

best() { # command... -> best wall seconds of $runs
    local b=""
    for _ in $(seq "$runs"); do
        local t0 t1
        t0=$(date +%s.%N)
        "$@" > /dev/null || [[ $? -le 2 ]]
        t1=$(date +%s.%N)
        b=$(python3 -c "import sys; t=$t1-$t0; b='$b'; print(t if not b or t < float(b) else b)")
    done
    echo "$b"
}
cd "$out"
t_review=$(best java -jar "$jar" review --format jsonl --jobs "$jobs" preds.jsonl)
t_review1=$(best java -jar "$jar" review --format jsonl --jobs 1 preds.jsonl)
t_check=$(best java -jar "$jar" diff check --format jsonl files/*.patch)
t_detect=$(best java -jar "$jar" review --detect --format jsonl --jobs "$jobs" preds.jsonl)
python3 - "$t_review" "$t_review1" "$t_check" "$jobs" "$t_detect" <<'PY'
import sys
r, r1, c, jobs, d = map(float, sys.argv[1:6])
print("| command, 2,000 agent patches, whole process | seconds | patches/s |")
print("|---|---|---|")
print(f"| review --format jsonl --jobs {int(jobs)} preds.jsonl | {r:.2f} | {2000 / r:.0f} |")
print(f"| review --format jsonl --jobs 1 preds.jsonl | {r1:.2f} | {2000 / r1:.0f} |")
print(f"| review --detect --format jsonl --jobs {int(jobs)} preds.jsonl | {d:.2f} | {2000 / d:.0f} |")
print(f"| diff check --format jsonl (2,000 files) | {c:.2f} | {2000 / c:.0f} |")
PY
