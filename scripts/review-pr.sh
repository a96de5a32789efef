#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Reviews a pull request's diff: `git diff --binary BASE...HEAD` (what the pull request changes since it
# left BASE) read by `patchverdict review`, written as SARIF and printed as GitHub workflow commands.
# Usage: scripts/review-pr.sh BASE HEAD [SARIF-FILE]   (run inside the repository; default patchverdict.sarif)
# Runs target/patchverdict.jar beside this script, or $PATCHVERDICT_JAR; $PATCHVERDICT_CLASSPATH (a Java
# class path) runs the classes instead, as the tests do. Exits as review does: 0, 1, 2; 64 for bad usage.
#
# The checkout is the pull request's and may be hostile: its files can be links to anywhere and its names
# shell or workflow syntax. So this script writes only into a fresh folder of its own (under $RUNNER_TEMP in
# a GitHub runner, which keeps it for the job and names the SARIF there as the step output sarif-file;
# otherwise a temporary folder removed on exit), runs review there, and copies the SARIF to SARIF-FILE only
# when neither that file nor any folder above it is a symbolic link inside the checkout.
set -euo pipefail
if [[ $# -lt 2 || $# -gt 3 ]]; then
    echo "usage: scripts/review-pr.sh BASE HEAD [SARIF-FILE]" >&2
    exit 64
fi
base="$1"
head="$2"
sarif="${3:-patchverdict.sarif}"
root="$(cd -P -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)"
if [[ -n "${PATCHVERDICT_CLASSPATH:-}" ]]; then
    pv=(java -cp "$PATCHVERDICT_CLASSPATH" dev.patchverdict.cli.Main)
else
    jar="${PATCHVERDICT_JAR:-$root/target/patchverdict.jar}"
    [[ "$jar" == /* ]] || jar="$PWD/$jar" # review runs in the script's own folder
    pv=(java -jar "$jar")
fi
checkout="$(git rev-parse --show-toplevel)"
checkout="$(cd -P -- "$checkout" && pwd -P)"
# The revisions as commit ids: a name the workflow passes on (a branch of the pull request's choosing) is
# never read as an option.
commits=()
for rev in "$base" "$head"; do
    if ! id="$(git rev-parse --verify --quiet --end-of-options "$rev^{commit}")"; then
        echo "patchverdict: $rev: not a commit in this repository (fetch the base with fetch-depth: 0)" >&2
        exit 2
    fi
    commits+=("$id")
done

# The script's own folder: made by mktemp (a new folder, mode 0700) in a folder named by its physical path,
# so no link lies on the way to it.
tmp_parent="${RUNNER_TEMP:-${TMPDIR:-/tmp}}"
tmp_parent="$(cd -P -- "$tmp_parent" && pwd -P)"
work="$(mktemp -d "$tmp_parent/patchverdict.XXXXXX")"
if [[ -z "${RUNNER_TEMP:-}" ]]; then
    trap 'rm -rf -- "$work"' EXIT
fi
set -o noclobber # every file below is created new, never opened if it exists
git diff --binary --no-color --no-ext-diff --no-textconv "${commits[0]}...${commits[1]}" -- > "$work/pull-request.diff"
if [[ ! -s "$work/pull-request.diff" ]]; then
    echo "patchverdict: $base...$head changes nothing; nothing to review"
    exit 0
fi
# In the script's folder the findings name the diff pull-request.diff, whatever the checkout holds.
set +e
(cd -- "$work" && "${pv[@]}" review --format sarif --output review.sarif -- pull-request.diff)
rc=$?
set -e
if [[ $rc -ne 0 && $rc -ne 1 ]]; then
    exit "$rc"
fi
if [[ -n "${GITHUB_OUTPUT:-}" ]]; then
    echo "sarif-file=$work/review.sarif" >> "$GITHUB_OUTPUT"
fi
# The same findings as annotations on the run, and a summary when GITHUB_STEP_SUMMARY is set.
(cd -- "$work" && "${pv[@]}" review --format github -- pull-request.diff) || true

refuse() {
    echo "patchverdict: $sarif: $1; the SARIF is not written there" >&2
    exit 2
}
# Copies $1 to the SARIF-FILE the workflow named, one path component at a time: a component inside the
# checkout that is a symbolic link is refused, a missing folder is made (without -p, so never through a
# link), '..' is refused; the copy is made as a new file in the target folder and renamed onto the name.
publish() {
    local at part next name copy
    [[ "$sarif" != *$'\n'* ]] || refuse "a line break in the name"
    [[ -n "$sarif" && "$sarif" != */ ]] || refuse "not a file name"
    if [[ "$sarif" == /* ]]; then at=""; else at="$(pwd -P)"; fi
    IFS=/ read -r -a parts <<< "$sarif"
    name="${parts[${#parts[@]}-1]}"
    unset 'parts[${#parts[@]}-1]'
    [[ -n "$name" && "$name" != . && "$name" != .. ]] || refuse "not a file name"
    for part in "${parts[@]}"; do
        [[ "$part" != .. ]] || refuse "'..' in the path"
    done
    for part in "${parts[@]}"; do
        [[ -n "$part" && "$part" != . ]] || continue
        next="$at/$part"
        if [[ -L "$next" ]]; then
            [[ "$next/" != "$checkout/"* ]] || refuse "${next#"$checkout/"} is a symbolic link inside the checkout"
            next="$(cd -P -- "$next" && pwd -P)" || refuse "$next cannot be followed"
        elif [[ ! -e "$next" ]]; then
            mkdir -- "$next" || refuse "cannot make the folder $next"
        elif [[ ! -d "$next" ]]; then
            refuse "$next is not a folder"
        fi
        at="$next"
    done
    next="$at/$name"
    if [[ -L "$next" ]]; then
        refuse "${next#"$checkout/"} is a symbolic link"
    elif [[ -e "$next" && ! -f "$next" ]]; then
        refuse "$next is not a file"
    fi
    copy="$(mktemp "$at/.patchverdict.XXXXXX")" || refuse "cannot write in $at"
    if ! { cat -- "$1" >| "$copy" && chmod 644 -- "$copy" && mv -f -- "$copy" "$next"; }; then
        rm -f -- "$copy"
        refuse "cannot write $next"
    fi
}
publish "$work/review.sarif"
exit "$rc"
