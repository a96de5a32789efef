#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The cost of one verdict, for this tree and, with --baseline REV, an older revision built beside it, in one run:
#   verify in-process (JMH VerifyLatency: v0.4 and v0.5 plans on a 4.9 KB patch, and the strict reader alone; and
#   the verifying thread's CPU time per verification, which a loaded machine moves less than wall time);
#   audit --jobs 2 and --jobs 1 of 2,000 bundles of that verification, whole process;
#   review --jobs 2 and --jobs 1, review --detect --jobs 2, and diff check of the same 2,000 agent patches;
#   diff check --profile git --format jsonl on the corpus's 44.6 MB diff, beside git apply --numstat.
# Whole processes run as `java -jar` (audit and review also through the ./patchverdict launcher), in interleaved rounds (baseline, this tree, the next row, ...) so that a change
# in the machine's pace moves both alike; each figure is the median of the rounds, wall time with CPU time (user +
# system) beside it, and the load average of the moment is printed. Ratios are this tree over the baseline.
# Usage: bench/cost.sh [--baseline REV] [--rounds N] [--quick]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
baseline=""
rounds=3
jmh=(-wi 5 -i 5 -w 2s -r 2s -f 1)
while [[ $# -gt 0 ]]; do
    case "$1" in
        --baseline) baseline="$2"; shift 2 ;;
        --rounds) rounds="$2"; shift 2 ;;
        --quick) jmh=(-wi 3 -i 3 -w 1s -r 1s -f 1); rounds=1; shift ;;
        *) echo "usage: bench/cost.sh [--baseline REV] [--rounds N] [--quick]" >&2; exit 64 ;;
    esac
done
corpus="$root/../shared/corpus"
large="$corpus/large/git_v1.0.0..v2.40.0.diff"
[[ -f "$large" ]] || { echo "bench: $large not found (the shared corpus sits beside the project)" >&2; exit 2; }
out="$root/target/bench/cost"
mkdir -p "$out"
source "$here/lib.sh"

echo "bench: building this tree ..." >&2
trees=("$root")
build_tree "$root" >/dev/null
if [[ -n "$baseline" ]]; then
    build_baseline "$root" "$baseline" "$out/baseline" >/dev/null
    trees=("$out/baseline" "$root")
fi
echo "bench: inputs ..." >&2
verify_inputs "$root" "$root/target/patchverdict.jar" "$out/verify-inputs"
audit_batch "$root/target/patchverdict.jar" "$out/verify-inputs" "$out/audit-batch" 2000
review_inputs "$corpus" "$out/review"

python3 - "$out" "$large" "$rounds" "${trees[@]}" -- "${jmh[@]}" <<'PY'
import csv, os, resource, statistics, subprocess, sys, time
out, large, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
sep = sys.argv.index("--")
trees, jmh = sys.argv[4:sep], sys.argv[sep + 1:]
names = ["baseline", "this tree"] if len(trees) == 2 else ["this tree"]
inputs, review = os.path.join(out, "verify-inputs"), os.path.join(out, "review")
files = sorted(os.path.join(review, "files", f) for f in os.listdir(os.path.join(review, "files")))

def run(cmd, cwd, env=None):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode > 2:
        sys.exit(f"bench: {' '.join(cmd[:4])} ... exited {p.returncode}: {p.stderr.decode()[-500:]}")
    return wall, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)

# in-process: JMH, one fork per tree per round, trees in turn
scores = {}
for r in range(rounds):
    for name, tree in zip(names, trees):
        cp = os.path.join(tree, "target/bench-classes") + ":" + os.path.join(tree, "target/classes") + ":" \
            + open(os.path.join(tree, "target/bench-classpath.txt")).read().strip()
        res = os.path.join(out, f"jmh-{names.index(name)}-{r}.csv")
        print(f"bench: JMH, {name}, round {r + 1} of {rounds} ...", file=sys.stderr)
        subprocess.run(["java", "-cp", cp, "org.openjdk.jmh.Main", "VerifyLatency", *jmh, "-rf", "csv", "-rff", res,
                        "-jvmArgsAppend", f"-Dbench.verify.dir={inputs}"], check=True, stdout=subprocess.DEVNULL)
        for row in csv.DictReader(open(res)):
            scores.setdefault((row["Benchmark"].rsplit(".", 1)[1], name), []).append(float(row["Score"]))

# in-process, the verifying thread's CPU time per verification (VerifyCpu, this tree's bench over each tree's classes)
cpu = {}
for r in range(rounds):
    for name, tree in zip(names, trees):
        cp = os.path.join(trees[-1], "target/bench-classes") + ":" + os.path.join(tree, "target/classes") + ":" \
            + open(os.path.join(tree, "target/bench-classpath.txt")).read().strip()
        print(f"bench: thread CPU per verification, {name}, round {r + 1} of {rounds} ...", file=sys.stderr)
        lines = subprocess.run(["java", "-cp", cp, "dev.patchverdict.bench.VerifyCpu", inputs, "plan-v0.4.json", "plan-v0.5.json"],
                               check=True, capture_output=True, text=True).stdout.split("\n")
        for line in filter(None, lines):
            plan, us = line.split()
            cpu.setdefault((plan, name), []).append(float(us))

rows = [
    ("audit --jobs 2 --format jsonl, 2,000 bundles", ["audit", "--jobs", "2", "--format", "jsonl", os.path.join(out, "audit-batch")], out, 2000, "bundles/s"),
    ("audit --jobs 1 --format jsonl, 2,000 bundles", ["audit", "--jobs", "1", "--format", "jsonl", os.path.join(out, "audit-batch")], out, 2000, "bundles/s"),
    ("review --jobs 2 --format jsonl, 2,000 agent patches", ["review", "--format", "jsonl", "--jobs", "2", "preds.jsonl"], review, 2000, "patches/s"),
    ("review --jobs 1 --format jsonl, 2,000 agent patches", ["review", "--format", "jsonl", "--jobs", "1", "preds.jsonl"], review, 2000, "patches/s"),
    ("review --detect --jobs 2 --format jsonl, 2,000 agent patches", ["review", "--detect", "--format", "jsonl", "--jobs", "2", "preds.jsonl"], review, 2000, "patches/s"),
    ("diff check --format jsonl, the same 2,000 patches as files", ["diff", "check", "--format", "jsonl", *files], review, 2000, "patches/s"),
    ("diff check --profile git --format jsonl, 44.6 MB diff", ["diff", "check", "--profile", "git", "--format", "jsonl", large], out, os.path.getsize(large) / 1e6, "MB/s"),
]
launch = [os.path.join(t, "patchverdict") for t in trees]
for tree, launcher in zip(trees, launch):
    # the launcher's class-data archive, made before the rounds rather than during the first
    subprocess.run([launcher, "--version"], env=dict(os.environ, PATCHVERDICT_CDS="sync",
                   PATCHVERDICT_JAR=os.path.join(tree, "target/patchverdict.jar")), check=True, stdout=subprocess.DEVNULL)
rows[2:2] = [("./patchverdict audit --jobs 2 (the launcher: C1, serial GC, class-data archive)", ["audit", "--jobs", "2", "--format", "jsonl", os.path.join(out, "audit-batch")], out, 2000, "bundles/s"),
             ("./patchverdict audit --jobs 1 (the launcher)", ["audit", "--jobs", "1", "--format", "jsonl", os.path.join(out, "audit-batch")], out, 2000, "bundles/s")]
rows[6:6] = [("./patchverdict review --jobs 2 (the launcher)", ["review", "--format", "jsonl", "--jobs", "2", "preds.jsonl"], review, 2000, "patches/s")]
times, loads = {}, {}
for r in range(rounds):
    for label, args, cwd, n, unit in rows:
        print(f"bench: {label}, round {r + 1} of {rounds} ...", file=sys.stderr)
        loads.setdefault(label, []).append(os.getloadavg()[0])
        for name, tree in zip(names, trees):
            jar = os.path.join(tree, "target/patchverdict.jar")
            command = [os.path.join(tree, "patchverdict"), *args] if label.startswith("./") else ["java", "-jar", jar, *args]
            times.setdefault((label, name), []).append(run(command, cwd, dict(os.environ, PATCHVERDICT_JAR=jar)))
    times.setdefault(("git apply --numstat, 44.6 MB diff", "git"), []).append(run(["git", "apply", "--numstat", large], out))

med = statistics.median
print()
print(f"{rounds} round(s); {os.cpu_count()} cores; {subprocess.run(['java', '-version'], capture_output=True, text=True).stderr.splitlines()[0]}")
print()
head = " | ".join(names)
print(f"| in-process (JMH, µs/op) | {head} |" + (" this tree / baseline |" if len(names) == 2 else ""))
print("|---|" + "---:|" * len(names) + ("---:|" if len(names) == 2 else ""))
for b in ("verifyV04", "verifyV05", "strictReadSamePatch"):
    v = [med(scores[(b, n)]) for n in names if (b, n) in scores]
    if len(v) == len(names):
        print(f"| {b} | " + " | ".join(f"{x:,.1f}" for x in v) + " |" + (f" {v[1] / v[0]:.2f}× |" if len(v) == 2 else ""))
for plan in ("plan-v0.4.json", "plan-v0.5.json"):
    v = [med(cpu[(plan, n)]) for n in names]
    print(f"| verify, {plan[5:9]} plan: thread CPU µs/op (VerifyCpu) | " + " | ".join(f"{x:,.1f}" for x in v) + " |"
          + (f" {v[1] / v[0]:.2f}× |" if len(v) == 2 else ""))
print()
print(f"| whole process, median wall s (CPU s) | {head} | rate, this tree |" + (" this tree / baseline |" if len(names) == 2 else "") + " load |")
print("|---|" + "---:|" * len(names) + "---:|" + ("---:|" if len(names) == 2 else "") + "---:|")
for label, args, cwd, n, unit in rows:
    w = [med([t[0] for t in times[(label, x)]]) for x in names]
    c = [med([t[1] for t in times[(label, x)]]) for x in names]
    print(f"| {label} | " + " | ".join(f"{a:.2f} ({b:.2f})" for a, b in zip(w, c)) + f" | {n / w[-1]:,.0f} {unit} |"
          + (f" {w[1] / w[0]:.2f}× |" if len(names) == 2 else "") + f" {med(loads[label]):.1f} |")
g = times[("git apply --numstat, 44.6 MB diff", "git")]
print(f"| git apply --numstat, 44.6 MB diff | {med([t[0] for t in g]):.2f} ({med([t[1] for t in g]):.2f}) |" + " |" * (len(names) + (1 if len(names) == 2 else 0)) + " |")
PY
