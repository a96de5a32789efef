#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Reviews a pull request's diff: `git diff --binary BASE...HEAD` (what the pull request changes since it
# left BASE) read by `patchverdict review`, written as SARIF and printed as GitHub workflow commands.
# Usage: scripts/review-pr.sh BASE HEAD [SARIF-FILE]   (run inside the repository; default patchverdict.sarif)
# Runs target/patchverdict.jar beside this script, or $PATCHVERDICT_JAR; $PATCHVERDICT_CLASSPATH (a Java
# class path) runs the classes instead, as the tests do. Exits as review does: 0, 1, 2; 64 for bad usage.
set -euo pipefail
if [[ $# -lt 2 || $# -gt 3 ]]; then
    echo "usage: scripts/review-pr.sh BASE HEAD [SARIF-FILE]" >&2
    exit 64
fi
base="$1"
head="$2"
sarif="${3:-patchverdict.sarif}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [[ -n "${PATCHVERDICT_CLASSPATH:-}" ]]; then
    pv=(java -cp "$PATCHVERDICT_CLASSPATH" dev.patchverdict.cli.Main)
else
    pv=(java -jar "${PATCHVERDICT_JAR:-$root/target/patchverdict.jar}")
fi
for rev in "$base" "$head"; do
    if ! git rev-parse --verify --quiet "$rev^{commit}" > /dev/null; then
        echo "patchverdict: $rev: not a commit in this repository (fetch the base with fetch-depth: 0)" >&2
        exit 2
    fi
done
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The findings name this file; it is written beside the SARIF so the report can be read with it.
diff_file="$(dirname "$sarif")/pull-request.diff"
git diff --binary --no-color --no-ext-diff "$base...$head" > "$work/pull-request.diff"
if [[ ! -s "$work/pull-request.diff" ]]; then
    echo "patchverdict: $base...$head changes nothing; nothing to review"
    exit 0
fi
mkdir -p "$(dirname "$sarif")"
cp "$work/pull-request.diff" "$diff_file"
set +e
"${pv[@]}" review --format sarif --force --output "$sarif" "$diff_file"
rc=$?
set -e
if [[ $rc -ne 0 && $rc -ne 1 ]]; then
    exit "$rc"
fi
# The same findings as annotations on the run, and a summary when GITHUB_STEP_SUMMARY is set.
"${pv[@]}" review --format github "$diff_file" || true
exit "$rc"
