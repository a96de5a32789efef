#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Prints the trick detectors' rates on the shared corpus: per rule, the share of the 300 SWE-bench Lite
# reference fixes flagged (the goal for hack severity is at most 1%), and on each agent group the patches
# flagged per rule and per model. --examples lists the flagged patch ids under each figure.
# Usage: bench/tricks.sh [--examples]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
corpus="${PATCHVERDICT_CORPUS:-$root/../shared/corpus}"
case "${1:-}" in
    ""|--examples) ;;
    *) echo "usage: bench/tricks.sh [--examples]" >&2; exit 64 ;;
esac
[[ -d "$corpus/gold_swebench_lite_patch" ]] || { echo "bench: no corpus at $corpus" >&2; exit 2; }
echo "bench: building (mvn -q test-compile) ..." >&2
# The rules read with RE2/J and the reader digests with commons-codec: their jars go on the class path too.
cp_file="$root/target/tricks-classpath.txt"
(cd "$root" && { mvn -B -q -o test-compile dependency:build-classpath -Dmdep.outputFile="$cp_file" >&2 \
    || mvn -B -q test-compile dependency:build-classpath -Dmdep.outputFile="$cp_file" >&2; })
exec java -cp "$root/target/classes:$root/target/test-classes:$(cat "$cp_file")" dev.patchverdict.tricks.TrickRates "$corpus" "$@"
