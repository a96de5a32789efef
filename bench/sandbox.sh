#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Prints what one sandboxed run costs as the tree grows (bubblewrap and its keeper, which copies the
# tree onto the sandbox's file system and back): median of RUNS runs of `true` per tree, beside an
# empty tree. Usage: bench/sandbox.sh [RUNS]   (default 9)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
runs="${1:-9}"
out="$root/target/bench"
mkdir -p "$out/classes"
echo "bench: building (mvn -q compile) ..." >&2
(cd "$root" && { mvn -B -q -o compile dependency:build-classpath -Dmdep.outputFile="$out/classpath.txt" >&2 \
    || mvn -B -q compile dependency:build-classpath -Dmdep.outputFile="$out/classpath.txt" >&2; })
cp="$root/target/classes:$(cat "$out/classpath.txt")"
javac -nowarn -d "$out/classes" -cp "$cp" "$here/src/dev/patchverdict/bench/SandboxRunCost.java"
# The sandbox's user must pass through the scratch folder, as through /tmp.
scratch="$(mktemp -d "${TMPDIR:-/tmp}/patchverdict-bench.XXXXXX")"
chmod 711 "$scratch"
trap 'rm -rf "$scratch"' EXIT
java -cp "$out/classes:$cp" dev.patchverdict.bench.SandboxRunCost "$scratch" "$runs" \
    10:1024 1000:4096 5000:4096 200:262144 400:1048576
