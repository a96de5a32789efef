#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Times behave's tolerant comparison on 1 MiB outputs a candidate could print to slow judging down, beside
# ordinary numbers, in one JMH run: MB/s of each, and its ratio to the ordinary output.
# Usage: bench/judge.sh [--quick]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
out="$root/target/bench"
. "$here/jmh.sh"
bench_jmh "$root" TolerantJudging judge "${1:-}"
echo
echo "Tolerant judging of two 1 MiB outputs, every token compared; $(nproc) cores, $(java -version 2>&1 | head -1)"
printf '%-40s %10s %10s %12s\n' "output" "ms/op" "MB/s" "vs ordinary"
awk -F, 'NR > 1 { gsub(/["\r]/, "", $0); ms[$8] = $5 } END {
    base = ms["ordinary"];
    n = split("ordinary far-exponents thousand-digits forty-thousand-digits-then-a-letter", k, " ");
    for (i = 1; i <= n; i++) if (k[i] in ms) printf "%-40s %10.1f %10.1f %11.1fx\n", k[i], ms[k[i]], 2 * 1.048576 / (ms[k[i]] / 1000), ms[k[i]] / base }' "$out/judge.csv"
