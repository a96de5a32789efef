#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Times behave's judging of a relation on two 1 MiB outputs that stand in it (every item counted),
# in one JMH run: the checks' own set operator beside permutation_of and subset_of on the same
# lines and on JSON arrays, and numeric on a 1 MiB number; MB/s of each, and its ratio to set.
# Usage: bench/relations.sh [--quick]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
out="$root/target/bench"
. "$here/jmh.sh"
bench_jmh "$root" RelationJudging relations "${1:-}"
echo
echo "Relation judging of two 1 MiB outputs that stand in the relation; $(nproc) cores, $(java -version 2>&1 | head -1)"
printf '%-28s %10s %10s %8s\n' "relation" "ms/op" "MB/s" "vs set"
awk -F, 'NR > 1 { gsub(/["\r]/, "", $0); ms[$8] = $5 } END {
    base = ms["set-lines"];
    n = split("set-lines permutation-lines subset-lines permutation-arrays subset-arrays numeric-megabyte-number", k, " ");
    for (i = 1; i <= n; i++) if (k[i] in ms) printf "%-28s %10.1f %10.1f %7.1fx\n", k[i], ms[k[i]], 2 * 1.048576 / (ms[k[i]] / 1000), ms[k[i]] / base }' "$out/relations.csv"
