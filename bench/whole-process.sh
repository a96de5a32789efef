#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Whole-process figures from a cold JVM: start-up of diff check, digest, validate and verify on one typical
# agent patch, and single-shot throughput on large diffs, each beside 'git apply --numstat' on the same input
# in the same run, in interleaved rounds. Median of N rounds (default 7), with the load average printed beside each row.
# Usage: bench/whole-process.sh [-n N] [--pv 'COMMAND'] [--baseline 'COMMAND'] [DIFF...]
#   --pv 'COMMAND'        how patchverdict is started (default: the ./patchverdict launcher); e.g. --pv 'java -jar target/patchverdict.jar'
#   --baseline 'COMMAND'  also time another build the same way, row by row in the same run (e.g. an older jar)
#   DIFF...         large diffs to time (default: the corpus's 44.6 MB history diff)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
corpus="$root/../shared/corpus"
patch="$corpus/gold_swebench_lite_patch/django__django-11019.patch"
[[ -f "$patch" ]] || { echo "bench: $patch not found (the shared corpus sits beside the project)" >&2; exit 2; }
runs=7
pv="$root/patchverdict"
baseline=""
diffs=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        -n) runs="$2"; shift 2 ;;
        --pv) pv="$2"; shift 2 ;;
        --baseline) baseline="$2"; shift 2 ;;
        *) diffs+=("$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"); shift ;;
    esac
done
[[ ${#diffs[@]} -gt 0 ]] || diffs=("$corpus/large/git_v1.0.0..v2.40.0.diff")
jar="$root/target/patchverdict.jar"
[[ -f "$jar" ]] || (cd "$root" && mvn -B -q package -DskipTests >&2)
read -r -a pv_cmd <<<"$pv"
base_cmd=()
[[ -z "$baseline" ]] || read -r -a base_cmd <<<"$baseline"
cd "$root"

# Inputs as bench/verify.sh makes them (bench/lib.sh), with plain java -jar so the launcher's cache is not touched here.
source "$here/lib.sh"
work="$root/target/bench/whole-process"
verify_inputs "$root" "$jar" "$work"

# The launcher makes its archive in the background on first use: make it now, so every timed run has it.
PATCHVERDICT_CDS=sync "${pv_cmd[@]}" --version >/dev/null

# median_ms CMD...: runs CMD once to warm the page cache, then N times; prints the median wall time and the median
# CPU time (user + system, children included) in ms. CPU time moves far less than wall time when other work
# shares the cores.
median_ms() {
    "$@" >/dev/null 2>&1 || true
    local walls=() cpus=() r u s
    local TIMEFORMAT='%3R %3U %3S'
    for ((i = 0; i < runs; i++)); do
        read -r r u s < <({ time "$@" >/dev/null 2>&1 || true; } 2>&1)
        walls+=("$r"); cpus+=("$(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }')")
    done
    local w c
    w=$(printf '%s\n' "${walls[@]}" | sort -g | awk '{ a[NR] = $1 } END { printf "%d", a[int((NR + 1) / 2)] * 1000 }')
    c=$(printf '%s\n' "${cpus[@]}" | sort -g | awk '{ a[NR] = $1 } END { printf "%d", a[int((NR + 1) / 2)] * 1000 }')
    echo "$w $c"
}
git_numstat() { (cd "$work" && GIT_CEILING_DIRECTORIES="$root/target/bench" git apply --numstat "$1"); }
load() { cut -d' ' -f1 /proc/loadavg; }

echo
echo "Whole process, median of $runs; patchverdict as: $pv${baseline:+; baseline: $baseline}"
echo "$(nproc) cores; $(java -version 2>&1 | head -1); ${PATCHVERDICT_JAVA:+launcher JDK: $PATCHVERDICT_JAVA}"
echo
if [[ -n "$baseline" ]]; then
    echo "| what | input | baseline wall (cpu) | patchverdict wall (cpu) | git apply --numstat | ratio to git | load (1 min) |"
    echo "|---|---|---:|---:|---:|---:|---:|"
else
    echo "| what | input | patchverdict wall (cpu) | git apply --numstat | ratio to git | load (1 min) |"
    echo "|---|---|---:|---:|---:|---:|"
fi
# timed CMD...: one run's wall time and CPU time (user + system, children included), in seconds.
timed() {
    local TIMEFORMAT='%3R %3U %3S' r u s
    read -r r u s < <({ time "$@" >/dev/null 2>&1 || true; } 2>&1)
    awk -v r="$r" -v u="$u" -v s="$s" 'BEGIN { print r, u + s }'
}
median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { printf "%d", a[int((NR + 1) / 2)] * 1000 }'; }

# Each row is timed in rounds, each round running the baseline, patchverdict and git once in turn (after one
# warming run of each), so that a change in the machine's pace during the row moves all three alike.
row() { # row WHAT INPUT GIT_INPUT PV_ARGS...
    local what="$1" input="$2" gin="$3"; shift 3
    local l; l=$(load)
    local -a bw=() bc=() tw=() tc=() gw=() gc=()
    local w c
    [[ -z "$baseline" ]] || "${base_cmd[@]}" "$@" >/dev/null 2>&1 || true
    "${pv_cmd[@]}" "$@" >/dev/null 2>&1 || true
    git_numstat "$gin" >/dev/null 2>&1 || true
    for ((i = 0; i < runs; i++)); do
        if [[ -n "$baseline" ]]; then read -r w c < <(timed "${base_cmd[@]}" "$@"); bw+=("$w"); bc+=("$c"); fi
        read -r w c < <(timed "${pv_cmd[@]}" "$@"); tw+=("$w"); tc+=("$c")
        read -r w c < <(timed git_numstat "$gin"); gw+=("$w"); gc+=("$c")
    done
    local b="" t tcpu g
    [[ -z "$baseline" ]] || b="$(median "${bw[@]}") ms ($(median "${bc[@]}")) | "
    t=$(median "${tw[@]}"); tcpu=$(median "${tc[@]}"); g=$(median "${gw[@]}")
    awk -v w="$what" -v i="$input" -v b="$b" -v t="$t" -v tc="$tcpu" -v g="$g" -v l="$l" \
        'BEGIN { printf "| %s | %s | %s%d ms (%d) | %d ms | %.1fx | %s |\n", w, i, b, t, tc, g, (g > 0 ? t / g : 0), l }'
}
p="$work/candidate/changes.patch"
size=$(stat -c %s "$p")
# The floor under every row: the same JDK starting and stopping with the launcher's small-input flags, no jar.
floor() { "${PATCHVERDICT_JAVA:-java}" -Xshare:auto -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:-UsePerfData -version; }
read -r fw fc <<<"$(median_ms floor)"
echo "| JVM start alone (\`java -version\`) | none | ${baseline:+- | }$fw ms ($fc) | - | - | $(load) |"
row "diff check" "patch, $size B" "$p" diff check "$p"
row "digest (canonical JSON)" "result manifest" "$p" digest "$work/result-manifest.json"
row "validate" "result manifest" "$p" validate "$work/result-manifest.json"
row "verify (v0.4 plan)" "patch, $size B" "$p" verify --work-unit "$work/work-unit.json" \
    --result-manifest "$work/result-manifest.json" --candidate-root "$work/candidate" --evaluator-plan "$work/plan-v0.4.json"
for d in "${diffs[@]}"; do
    mb=$(awk -v b="$(stat -c %s "$d")" 'BEGIN { printf "%.1f MB", b / 1e6 }')
    row "diff check --profile git --format jsonl" "$(basename "$d"), $mb" "$d" diff check --profile git --format jsonl "$d"
done
