# SPDX-License-Identifier: Apache-2.0
# Sourced by the bench scripts that time whole jars: builds this tree's jar and, for --baseline, an older
# revision's jar beside it (kept under OUT/baseline and rebuilt only when the revision changes).

# bench_jar DIR -> the path of DIR's freshly built jar
bench_jar() {
    (cd "$1" && mvn -B -q -o -DskipTests -DskipBench package >&2 || mvn -B -q -DskipTests -DskipBench package >&2)
    echo "$1/target/patchverdict.jar"
}

# bench_baseline_jar ROOT REV OUT -> the jar of revision REV of the repository at ROOT, built under OUT/baseline
bench_baseline_jar() {
    local root="$1" rev out="$3"
    rev="$(cd "$root" && git rev-parse "$2")"
    if [[ "$(cat "$out/baseline/.rev" 2>/dev/null)" != "$rev" || ! -f "$out/baseline/target/patchverdict.jar" ]]; then
        echo "bench: building $2 ..." >&2
        rm -rf "$out/baseline" && mkdir -p "$out/baseline"
        (cd "$root" && git archive "$rev") | tar -x -C "$out/baseline"
        bench_jar "$out/baseline" >/dev/null
        echo "$rev" > "$out/baseline/.rev"
    fi
    echo "$out/baseline/target/patchverdict.jar"
}
