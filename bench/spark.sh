#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The review job on Spark against the review command, whole process, on the same predictions: N predictions
# (default 20,000) cycled from the shared corpus's agent patches, in one JSON Lines file (or --files K of them).
# Runs, in interleaved rounds: `review --format jsonl --jobs 2` (the command), the job under local[1] and under
# local[2], each started as spark-submit starts it (java -cp patchverdict.jar + Spark's jars, Spark's JVM options).
# Also each on the first half of the predictions, so the fixed cost (the JVM, Spark's start, compiling the hot code)
# can be told from the cost per row: the CPU the second half adds, per prediction. Prints rows/s (wall), CPU per
# row (user + system of the whole process), the scaling local[2]/local[1], and the CPU per row beyond the first
# half beside the command's. Median of --runs rounds (default 3).
# Usage: bench/spark.sh [--runs N] [--predictions N] [--files K]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
corpus="${PATCHVERDICT_CORPUS:-$root/../shared/corpus}"
runs=3
n=20000
files=1
while [[ $# -gt 0 ]]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        --predictions) n="$2"; shift 2 ;;
        --files) files="$2"; shift 2 ;;
        *) echo "usage: bench/spark.sh [--runs N] [--predictions N] [--files K]" >&2; exit 64 ;;
    esac
done
[[ -d "$corpus/agent_sweagent_gpt4_t0" ]] || { echo "bench: no corpus at $corpus" >&2; exit 2; }
jar="$root/target/patchverdict.jar"
cp_file="$root/target/spark-classpath.txt"
if [[ ! -f "$jar" || ! -f "$cp_file" ]]; then
    echo "bench: building ..." >&2
    (cd "$root" && { mvn -B -q -o -DskipTests package >&2 || mvn -B -q -DskipTests package >&2; })
fi
# Spark's JVM options, as the build passes them to the tests that run Spark.
opts="$(sed -n 's:.*<spark.jvm.options>\(.*\)</spark.jvm.options>.*:\1:p' "$root/pom.xml" | head -1)"
[[ "$opts" == *add-opens* ]] || { echo "bench: could not read spark.jvm.options from the pom" >&2; exit 2; }
out="$root/target/bench/spark"
rm -rf "$out" && mkdir -p "$out/big" "$out/small"

python3 - "$corpus" "$out" "$n" "$files" <<'PY'
import json, os, sys
corpus, out, n, files = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
patches = []
for g in ("agent_sweagent_gpt4_t0", "agent_deepagents_minimax_m25"):
    d = os.path.join(corpus, g)
    for name in sorted(os.listdir(d)):
        if name.endswith(".patch"):
            try:
                patches.append((g, name[:-6], open(os.path.join(d, name), "rb").read().decode("utf-8")))
            except UnicodeDecodeError:
                pass
def write(folder, count, parts):
    per = -(-count // parts)
    for p in range(parts):
        with open(os.path.join(out, folder, f"preds-{p:03d}.jsonl"), "w") as f:
            for i in range(p * per, min(count, (p + 1) * per)):
                g, stem, text = patches[i % len(patches)]
                f.write(json.dumps({"instance_id": f"{stem}#{i}", "model_name_or_path": g, "model_patch": text}) + "\n")
write("big", n, files)
write("small", n // 2, files)
size = sum(os.path.getsize(os.path.join(out, "big", f)) for f in os.listdir(os.path.join(out, "big")))
print(f"bench: {n} predictions from {len(patches)} agent patches in {files} file(s), {size / 1e6:.1f} MB", file=sys.stderr)
PY

python3 - "$out" "$jar" "$(cat "$cp_file")" "$opts" "$runs" "$n" <<'PY'
import os, resource, shutil, statistics, subprocess, sys, time
out, jar, spark_cp, opts, runs, n = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4].split(), int(sys.argv[5]), int(sys.argv[6])
env = dict(os.environ, SPARK_LOCAL_IP="127.0.0.1")
def inputs(folder):
    d = os.path.join(out, folder)
    return [os.path.join(d, f) for f in sorted(os.listdir(d))]
def cli(folder):
    return ["java", "-jar", jar, "review", "--format", "jsonl", "--jobs", "2"] + inputs(folder)
def job(master):
    def argv(folder):
        target = os.path.join(out, "out")
        shutil.rmtree(target, ignore_errors=True)
        return (["java"] + opts + ["-cp", jar + ":" + spark_cp, "dev.patchverdict.spark.Review", "--master", master,
                "--output", target] + inputs(folder))
    return argv
modes = [("review --jobs 2 (the command)", cli, 2), ("job, local[1]", job("local[1]"), 1), ("job, local[2]", job("local[2]"), 2)]
def once(argv):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    with open(os.devnull, "wb") as null:
        rc = subprocess.run(argv, stdout=null, stderr=null, env=env).returncode
    wall = time.monotonic() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if rc not in (0, 1, 2):
        sys.exit(f"bench: {argv[:8]}... exited {rc}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
res = {name: {"big": [], "small": []} for name, _, _ in modes}
for r in range(runs):
    for name, make, _ in modes:
        for size in ("small", "big"):
            res[name][size].append(once(make(size)))
    print(f"bench: round {r + 1} of {runs} done", file=sys.stderr)
med = lambda xs, i: statistics.median(x[i] for x in xs)
load = os.getloadavg()[0]
print(f"| {n:,} predictions, whole process (median of {runs}; load {load:.1f} on {os.cpu_count()} cores) | wall s | rows/s | CPU ms/row | CPU ms/row beyond the first {n // 2:,} | per row vs the command |")
print("|---|---|---|---|---|---|")
base = None
for name, _, cores in modes:
    wall, cpu = med(res[name]["big"], 0), med(res[name]["big"], 1)
    marginal = (cpu - med(res[name]["small"], 1)) / (n - n // 2) * 1000
    base = marginal if base is None else base
    print(f"| {name} | {wall:.1f} | {n / wall:.0f} | {cpu / n * 1000:.2f} | {marginal:.2f} | {marginal / base:.2f}x |")
w1, w2 = med(res["job, local[1]"]["big"], 0), med(res["job, local[2]"]["big"], 0)
print(f"\nscaling, local[2] over local[1] (rows/s): {w1 / w2:.2f}x")
PY
