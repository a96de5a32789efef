#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Times the diff reader on pathological inputs and prints wall time, exit status and peak heap for each,
# for this tree and, with --baseline REV, for an older revision built beside it (ratios within one run).
# Usage: bench/pathological.sh [--baseline REV] [--timeout SECONDS]
#   Inputs: a diff --git line of 320 KB / 1.28 MB / 16 MiB made of many spaces; 2,000,000 empty-file
#   sections (about 110 MB); one 40 MB line. Every run uses -Xmx128m.
#   Peak heap is the largest heap occupancy before a collection, from -Xlog:gc.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
baseline=""
limit=300
while [[ $# -gt 0 ]]; do
    case "$1" in
        --baseline) baseline="$2"; shift 2 ;;
        --timeout) limit="$2"; shift 2 ;;
        *) echo "usage: bench/pathological.sh [--baseline REV] [--timeout SECONDS]" >&2; exit 64 ;;
    esac
done
out="$root/target/bench/pathological"
mkdir -p "$out/in"

source "$here/lib.sh"
echo "bench: building this tree ..." >&2
jar_new="$(build_tree "$root")"
jar_old=""
if [[ -n "$baseline" ]]; then
    jar_old="$(build_baseline "$root" "$baseline" "$out/baseline")"
fi

echo "bench: generating inputs ..." >&2
python3 - "$out/in" <<'PY'
import os, sys
d = sys.argv[1]
def header(name, size):
    # Many spaces and one slash at the far end: each space is a candidate split whose second name's
    # prefix ends only there.
    p = os.path.join(d, name)
    if os.path.exists(p): return
    body = b"x " * ((size - 24) // 2) + b"b/z"
    with open(p, "wb") as f:
        f.write(b"diff --git a/" + body + b"\nnew file mode 100644\n")
header("header-320k.diff", 320_000)
header("header-1280k.diff", 1_280_000)
header("header-16m.diff", 16 << 20)
p = os.path.join(d, "sections-2m.diff")
if not os.path.exists(p):
    with open(p, "wb") as f:
        for i in range(2_000_000):
            f.write(b"diff --git a/f%07d b/f%07d\nnew file mode 100644\n" % (i, i))
p = os.path.join(d, "line-40m.diff")
if not os.path.exists(p):
    with open(p, "wb") as f:
        f.write(b"diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+" + b"y" * (40 << 20) + b"\n")
PY

run() { # label jar file extra-args...
    local label="$1" jar="$2" file="$3"; shift 3
    local log="$out/gc.log" err="$out/err.txt"
    rm -f "$log"
    local t0 t1 rc
    t0=$(date +%s%N)
    set +e
    timeout "$limit" java -Xmx128m -Xlog:gc:file="$log" -jar "$jar" diff check "$@" "$out/in/$file" >"$out/stdout.txt" 2>"$err"
    rc=$?
    set -e
    t1=$(date +%s%N)
    local peak
    peak=$(grep -o '[0-9]*M->' "$log" 2>/dev/null | sed 's/M->//' | sort -n | tail -1 || true)
    local what
    if [[ $rc -eq 124 ]]; then what="timed out after ${limit}s"
    else what="$( (head -1 "$err"; head -1 "$out/stdout.txt") | grep -m1 . | cut -c1-110 || true)"; fi
    printf '%-10s %-20s %9s s %5s %8s MB  %s\n' "$label" "$file" "$(awk -v ns=$((t1 - t0)) 'BEGIN { printf "%.2f", ns / 1e9 }')" "$rc" "${peak:-<1}" "$what"
}

echo
echo "Pathological diffs, -Xmx128m; $(nproc) cores, $(java -version 2>&1 | head -1)"
printf '%-10s %-20s %11s %5s %11s  %s\n' "build" "input" "wall" "exit" "peak heap" "first line of stderr"
for f in header-320k.diff header-1280k.diff; do
    [[ -n "$jar_old" ]] && run baseline "$jar_old" "$f"
    run this "$jar_new" "$f" --max-header-bytes 20000000 --max-line-bytes 20000000
done
run this "$jar_new" header-16m.diff --max-header-bytes 20000000 --max-line-bytes 20000000
run this "$jar_new" header-16m.diff
for f in sections-2m.diff line-40m.diff; do
    [[ -n "$jar_old" ]] && run baseline "$jar_old" "$f"
    run this "$jar_new" "$f"
done
