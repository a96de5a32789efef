#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Benchmarks the diff reader against its peers on the corpus's 44.6 MB diff, and its memory on a
# generated 1 GiB diff. Prints one table. Usage: bench/run.sh [--quick] | bench/run.sh --whole-process [ARGS...]
#   --quick          fewer JMH iterations (figures are rougher)
#   --whole-process  whole processes from a cold JVM beside git instead (bench/whole-process.sh; it takes diff files)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [[ "${1:-}" == --whole-process ]]; then shift; exec "$here/whole-process.sh" "$@"; fi
root="$(cd "$here/.." && pwd)"
diff="$root/../shared/corpus/large/git_v1.0.0..v2.40.0.diff"
[[ -f "$diff" ]] || { echo "bench: $diff not found (the shared corpus sits beside the project)" >&2; exit 2; }
out="$root/target/bench"
mkdir -p "$out/classes"

echo "bench: building (mvn -q test-compile) ..." >&2
(cd "$root" && mvn -B -q test-compile dependency:build-classpath -Dmdep.includeScope=test \
    -Dmdep.outputFile="$out/classpath.txt" >&2)
cp="$root/target/classes:$(cat "$out/classpath.txt")"
javac -nowarn -d "$out/classes" -cp "$cp" $(find "$here/src" -name '*.java') 2>&1 | { grep -v '^Note:' || true; } >&2
cp="$out/classes:$cp"
bytes=$(stat -c %s "$diff")

jmh_args=(-rf csv -rff "$out/jmh.csv" -jvmArgsAppend "-Dbench.diff=$diff")
if [[ "${1:-}" == "--quick" ]]; then jmh_args+=(-wi 1 -i 3 -w 1s -r 1s); fi
echo "bench: JMH, in-process readers ..." >&2
java -cp "$cp" org.openjdk.jmh.Main ReaderThroughput "${jmh_args[@]}" >"$out/jmh.log" 2>&1 \
    || { cat "$out/jmh.log" >&2; exit 1; }

echo "bench: git apply --numstat, best of 5 ..." >&2
tmp="$(mktemp -d)"
best=""
for _ in 1 2 3 4 5; do
    t0=$(date +%s%N)
    (cd "$tmp" && GIT_CEILING_DIRECTORIES="$(dirname "$tmp")" git apply --numstat "$diff" >/dev/null)
    t=$(( $(date +%s%N) - t0 ))
    if [[ -z "$best" || $t -lt $best ]]; then best=$t; fi
done
rmdir "$tmp"

echo "bench: 1 GiB generated diff, -Xmx128m ..." >&2
heap="$(java -Xmx128m -cp "$cp" dev.patchverdict.bench.LargeDiffHeap $((1 << 30)))"

echo
echo "Diff reader benchmark: $(basename "$diff"), $bytes bytes; $(nproc) cores, $(java -version 2>&1 | head -1)"
printf '%-52s %10s %10s\n' "reader" "MB/s" "± (99.9%)"
awk -F, -v bytes="$bytes" 'NR > 1 { gsub(/"/, "", $1); n = split($1, p, "."); printf "%-52s %10.0f %10.0f\n", p[n], $5 * bytes / 1e6, $6 * bytes / 1e6 }' "$out/jmh.csv"
for name in patchverdictStrictSha256 patchverdictGitProfileNoHash jgitPatchParse javaDiffUtilsUnifiedDiffReader; do
    grep -q "\.$name\"" "$out/jmh.csv" || printf '%-52s %10s\n' "$name" "failed: $(grep -m1 -o '[A-Za-z.]*Exception: [^\r]*' "$out/jmh.log" | grep -m1 . || echo see target/bench/jmh.log)"
done
awk -v b="$bytes" -v ns="$best" 'BEGIN { printf "%-52s %10.0f\n", "git apply --numstat (whole process, best of 5)", b / 1e6 / (ns / 1e9) }'
echo
echo "$heap"
