#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Makes the manual's picture of `review --format html`: the shared corpus's agent patches reviewed with every trick
# rule, the page opened in headless chromium, its top (header, table and charts) saved as a PNG.
# Usage: scripts/review-screenshot.sh [OUT.png]    (default: docs/review-report.png)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
corpus="${PATCHVERDICT_CORPUS:-$root/../shared/corpus}"
out="$(realpath -m "${1:-$root/docs/review-report.png}")"
[[ -d "$corpus/agent_sweagent_gpt4_t0" ]] || { echo "review-screenshot: no corpus at $corpus" >&2; exit 2; }
command -v chromium >/dev/null 2>&1 || { echo "review-screenshot: needs chromium (apt-get install chromium)" >&2; exit 2; }
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
# Inputs are named relative to the corpus, as the page shows them; exit 1 only says some patches did not pass.
rc=0
(cd "$corpus" && "$root/patchverdict" review --detect --format html --output "$scratch/report.html" \
  agent_sweagent_gpt4_t0 agent_deepagents_minimax_m25) || rc=$?
[[ $rc -le 1 ]] || { echo "review-screenshot: review exited $rc" >&2; exit "$rc"; }
# The flags a closed network and a root user need, and a new empty profile.
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
  --disable-component-update --disable-sync --user-data-dir="$scratch/profile" --hide-scrollbars \
  --window-size=1100,2150 --screenshot="$out" "file://$scratch/report.html" 2>/dev/null
echo "review-screenshot: wrote $out ($(stat -c %s "$out") bytes)"
