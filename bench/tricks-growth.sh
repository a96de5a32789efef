#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Doubles pathological inputs for the trick detectors and prints how the search time grows: a linear search
# doubles (ratio ~2) with the input; a quadratic one quadruples. With --baseline REV the same inputs run on an
# older revision too (each run cut at --timeout seconds), in the same table.
# Usage: bench/tricks-growth.sh [--baseline REV] [--timeout SECONDS]
#   Cases: spaces-return (a Java return + N spaces in an equals body), spaces-assert (assertEqual(x + N spaces),
#   spaces-python (a Python return + N spaces), open-equals (N equals defs that never close), nested-eq (N __eq__
#   defs, each indented one deeper).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
baseline=""
limit=30
while [[ $# -gt 0 ]]; do
    case "$1" in
        --baseline) baseline="$2"; shift 2 ;;
        --timeout) limit="$2"; shift 2 ;;
        *) echo "usage: bench/tricks-growth.sh [--baseline REV] [--timeout SECONDS]" >&2; exit 64 ;;
    esac
done
out="$root/target/bench/tricks-growth"
mkdir -p "$out"

classes() { # tree folder -> classpath of its main classes, the dependencies and the harness
    local tree="$1"
    (cd "$tree" && { mvn -B -q -o compile dependency:build-classpath -Dmdep.outputFile="$tree/target/cp.txt" >&2 \
        || mvn -B -q compile dependency:build-classpath -Dmdep.outputFile="$tree/target/cp.txt" >&2; })
    local cp="$tree/target/classes:$(cat "$tree/target/cp.txt")"
    mkdir -p "$tree/target/growth-classes"
    javac -nowarn -d "$tree/target/growth-classes" -cp "$cp" "$here/src/dev/patchverdict/bench/TrickGrowth.java" >&2
    echo "$tree/target/growth-classes:$cp"
}
echo "bench: building this tree ..." >&2
cp_new="$(classes "$root")"
cp_old=""
if [[ -n "$baseline" ]]; then
    rev="$(cd "$root" && git rev-parse "$baseline")"
    if [[ "$(cat "$out/baseline/.rev" 2>/dev/null)" != "$rev" ]]; then
        echo "bench: building $baseline ..." >&2
        rm -rf "$out/baseline" && mkdir -p "$out/baseline"
        (cd "$root" && git archive "$rev") | tar -x -C "$out/baseline"
        echo "$rev" > "$out/baseline/.rev"
    fi
    cp_old="$(classes "$out/baseline")"
fi

run() { # classpath case size -> "bytes ms hits" or "- timeout"
    local r
    if r=$(timeout "$limit" java -Xmx2g -cp "$1" dev.patchverdict.bench.TrickGrowth "$2" "$3" 2>/dev/null); then echo "$r"
    else echo "- timeout -"; fi
}

echo
echo "Trick detectors on doubling pathological inputs (best of 3 searches, reading excluded); $(nproc) cores, $(java -version 2>&1 | head -1)"
printf '%-14s %9s %11s %11s %7s' "case" "N" "bytes" "this ms" "ratio"
[[ -n "$cp_old" ]] && printf ' %13s' "baseline ms"
echo
for spec in "spaces-return 8192 2097152" "spaces-assert 8192 2097152" "spaces-python 8192 2097152" \
            "open-equals 1250 80000" "nested-eq 250 8000"; do
    read -r kind from to <<<"$spec"
    prev=""; old_dead=""
    for ((n = from; n <= to; n *= 2)); do
        read -r bytes ms hits <<<"$(run "$cp_new" "$kind" "$n")"
        ratio="-"
        [[ -n "$prev" && "$ms" != timeout ]] && ratio=$(awk -v a="$ms" -v b="$prev" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
        printf '%-14s %9d %11s %11s %7s' "$kind" "$n" "$bytes" "$ms" "$ratio"
        if [[ -n "$cp_old" ]]; then
            if [[ -n "$old_dead" ]]; then printf ' %13s' "(skipped)"
            else
                read -r _ old_ms _ <<<"$(run "$cp_old" "$kind" "$n")"
                [[ "$old_ms" == timeout ]] && { old_ms=">${limit}000"; old_dead=1; }
                printf ' %13s' "$old_ms"
            fi
        fi
        echo
        prev="$ms"
    done
done
