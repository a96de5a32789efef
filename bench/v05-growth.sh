#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Doubles pathological inputs for the EvaluatorPlan v0.5 evaluator and prints a growth table: the CPU time of each
# size and its ratio to the size before (about 2 when the time is linear in the input, about 4 when quadratic).
# With --baseline REV the same inputs run against an older revision built beside this tree, in the same run.
# Usage: bench/v05-growth.sh [--baseline REV] [--timeout SECONDS] [--steps N]
#   Families (bench/src/dev/patchverdict/bench/V05Growth.java): alternating-hunks (removal and addition hunks
#   alternating in one file, 0.5 MB at step 1), runs-of-spaces (one added line of 1 MiB of spaces, then the new
#   form), sections-one-path (10,000 sections on one path). Each step doubles the input; each measurement is the
#   best of five evaluations after warm-up runs, in its own JVM (-Xms2g -Xmx2g, serial GC), cut off after --timeout seconds (120).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
baseline=""
limit=120
steps=5
while [[ $# -gt 0 ]]; do
    case "$1" in
        --baseline) baseline="$2"; shift 2 ;;
        --timeout) limit="$2"; shift 2 ;;
        --steps) steps="$2"; shift 2 ;;
        *) echo "usage: bench/v05-growth.sh [--baseline REV] [--timeout SECONDS] [--steps N]" >&2; exit 64 ;;
    esac
done
out="$root/target/bench/v05-growth"
mkdir -p "$out"

source "$here/lib.sh"
harness() { # jar classes-folder
    rm -rf "$2" && mkdir -p "$2"
    javac -nowarn -d "$2" -cp "$1" "$here/src/dev/patchverdict/bench/V05Growth.java"
}
echo "bench: building this tree ..." >&2
jar_new="$(build_tree "$root")"
harness "$jar_new" "$out/classes-this"
builds=(this)
if [[ -n "$baseline" ]]; then
    harness "$(build_baseline "$root" "$baseline" "$out/baseline")" "$out/classes-baseline"
    builds=(baseline this)
fi

jar_of() { [[ "$1" == this ]] && echo "$jar_new" || echo "$out/baseline/target/patchverdict.jar"; }

echo
echo "v0.5 evaluation time as the input doubles; $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg), $(java -version 2>&1 | head -1)"
printf '%-9s %-18s %12s %11s %7s\n' "build" "input" "bytes" "CPU ms" "growth"
for family in alternating-hunks runs-of-spaces sections-one-path; do
    for b in "${builds[@]}"; do
        prev=""
        scale=1
        for ((i = 0; i < steps; i++)); do
            set +e
            line="$(timeout "$limit" java -Xms2g -Xmx2g -XX:+UseSerialGC -cp "$out/classes-$b:$(jar_of "$b")" dev.patchverdict.bench.V05Growth "$family" "$scale" 2>"$out/err.txt")"
            rc=$?
            set -e
            if [[ $rc -ne 0 ]]; then
                what="exit $rc"; [[ $rc -eq 124 ]] && what="> ${limit} s"
                printf '%-9s %-18s %12s %11s %7s\n' "$b" "$family x$scale" "-" "$what" "-"
                break
            fi
            bytes="$(cut -f2 <<<"$line")"
            ms="$(cut -f3 <<<"$line")"
            growth="$( [[ -n "$prev" ]] && awk -v a="$ms" -v b="$prev" 'BEGIN { printf "%.2f", a / b }' || echo "-")"
            printf '%-9s %-18s %12s %11s %7s\n' "$b" "$family x$scale" "$bytes" "$ms" "$growth"
            prev="$ms"
            scale=$((scale * 2))
        done
    done
done
