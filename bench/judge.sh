#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Times behave's tolerant comparison on 1 MiB outputs a candidate could print to slow judging down, beside
# ordinary numbers, in one JMH run: MB/s of each, and its ratio to the ordinary output.
# Usage: bench/judge.sh [--quick]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
out="$root/target/bench"
mkdir -p "$out/classes"
echo "bench: building (mvn -q test-compile) ..." >&2
(cd "$root" && mvn -B -q test-compile dependency:build-classpath -Dmdep.includeScope=test \
    -Dmdep.outputFile="$out/classpath.txt" >&2)
cp="$root/target/classes:$(cat "$out/classpath.txt")"
javac -nowarn -d "$out/classes" -cp "$cp" $(find "$here/src" -name '*.java') 2>&1 | { grep -v '^Note:' || true; } >&2
cp="$out/classes:$cp"
jmh_args=(-rf csv -rff "$out/judge.csv")
if [[ "${1:-}" == "--quick" ]]; then jmh_args+=(-wi 1 -i 3 -w 1s -r 1s); fi
echo "bench: JMH, tolerant judging ..." >&2
java -cp "$cp" org.openjdk.jmh.Main TolerantJudging "${jmh_args[@]}" >"$out/judge.log" 2>&1 \
    || { cat "$out/judge.log" >&2; exit 1; }
echo
echo "Tolerant judging of two 1 MiB outputs, every token compared; $(nproc) cores, $(java -version 2>&1 | head -1)"
printf '%-40s %10s %10s %12s\n' "output" "ms/op" "MB/s" "vs ordinary"
awk -F, 'NR > 1 { gsub(/["\r]/, "", $0); ms[$8] = $5 } END {
    base = ms["ordinary"];
    n = split("ordinary far-exponents thousand-digits forty-thousand-digits-then-a-letter", k, " ");
    for (i = 1; i <= n; i++) if (k[i] in ms) printf "%-40s %10.1f %10.1f %11.1fx\n", k[i], ms[k[i]], 2 * 1.048576 / (ms[k[i]] / 1000), ms[k[i]] / base }' "$out/judge.csv"
