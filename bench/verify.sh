#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# How long verifying one typical patch (a 4.9 KB SWE-bench fix) takes: in-process after warm-up (JMH, v0.4 and v0.5
# plans, beside the strict reader alone on the same patch) and as a whole process from a cold JVM
# (verify beside diff check, best of 5). Prints one table. Usage: bench/verify.sh [--quick]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
patch="$root/../shared/corpus/gold_swebench_lite_patch/django__django-11019.patch"
out="$root/target/bench"
work="$out/verify-inputs"
source "$here/lib.sh"

echo "bench: building ..." >&2
jar="$(build_tree "$root")"
mkdir -p "$out/classes"
cp="$root/target/classes:$(cat "$root/target/bench-classpath.txt")"
javac -nowarn -d "$out/classes" -cp "$cp" $(find "$here/src" -name '*.java') 2>&1 | { grep -v '^Note:' || true; } >&2
cp="$out/classes:$cp"

# Inputs: the calibration WorkUnit widened to the patch's paths, an honest manifest, v0.4 and v0.5 plans.
verify_inputs "$root" "$jar" "$work"
pv() { java -jar "$jar" "$@"; }
verify_args=(verify --work-unit "$work/work-unit.json" --result-manifest "$work/result-manifest.json"
    --candidate-root "$work/candidate" --evaluator-plan "$work/plan-v0.4.json")
pv "${verify_args[@]}" >/dev/null || { echo "bench: the benchmark candidate does not pass" >&2; exit 1; }

jmh_args=(-rf csv -rff "$out/verify-jmh.csv" -jvmArgsAppend "-Dbench.verify.dir=$work")
if [[ "${1:-}" == "--quick" ]]; then jmh_args+=(-wi 2 -i 3 -w 1s -r 1s); fi
echo "bench: JMH, in-process ..." >&2
java -cp "$cp" org.openjdk.jmh.Main VerifyLatency "${jmh_args[@]}" >"$out/verify-jmh.log" 2>&1 \
    || { cat "$out/verify-jmh.log" >&2; exit 1; }

best_of_5() {
    local best="" t0 t
    for _ in 1 2 3 4 5; do
        t0=$(date +%s%N); "$@" >/dev/null 2>&1 || true; t=$(( $(date +%s%N) - t0 ))
        if [[ -z "$best" || $t -lt $best ]]; then best=$t; fi
    done
    echo "$best"
}
echo "bench: whole processes, best of 5 ..." >&2
t_verify=$(best_of_5 java -jar "$jar" "${verify_args[@]}")
t_check=$(best_of_5 java -jar "$jar" diff check "$work/candidate/changes.patch")
t_git=$(best_of_5 git apply --numstat "$work/candidate/changes.patch")

size=$(stat -c %s "$patch")
echo
echo "patch: $(basename "$patch") ($size bytes)"
echo
echo "| what | time |"
echo "|---|---|"
awk -F, 'NR>1 { gsub(/"/, ""); n=split($1, p, "."); printf "| in-process %s | %.1f us/op (±%.1f) |\n", p[n], $5, $6 }' "$out/verify-jmh.csv"
printf '| whole process: patchverdict verify (v0.4) | %d ms |\n' $((t_verify / 1000000))
printf '| whole process: patchverdict diff check | %d ms |\n' $((t_check / 1000000))
printf '| whole process: git apply --numstat | %d ms |\n' $((t_git / 1000000))
