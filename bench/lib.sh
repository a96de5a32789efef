# SPDX-License-Identifier: Apache-2.0
# What the bench scripts share (sourced, not run): building a tree and an older revision beside it, and the inputs
# of the verify, audit and review benchmarks.

# build_tree FOLDER: builds the jar and bench/ (compiled with the tests), writes the test class path to
# FOLDER/target/bench-classpath.txt and prints the jar's path.
build_tree() {
    local args=(-B -q package -DskipTests -Dpatchverdict.manual.skip=true dependency:build-classpath
        -Dmdep.includeScope=test -Dmdep.outputFile=target/bench-classpath.txt)
    (cd "$1" && { mvn -o "${args[@]}" >&2 || mvn "${args[@]}" >&2; })
    echo "$1/target/patchverdict.jar"
}

# build_baseline ROOT REV OUT: REV of the repository at ROOT, unpacked into OUT and built there (kept while REV is
# the same); prints the jar's path.
build_baseline() {
    local rev
    rev="$(cd "$1" && git rev-parse "$2")"
    if [[ "$(cat "$3/.rev" 2>/dev/null)" != "$rev" || ! -f "$3/target/patchverdict.jar" ]]; then
        echo "bench: building $2 ..." >&2
        rm -rf "$3" && mkdir -p "$3"
        (cd "$1" && git archive "$rev") | tar -x -C "$3"
        build_tree "$3" >/dev/null
        echo "$rev" > "$3/.rev"
    fi
    echo "$3/target/patchverdict.jar"
}

# verify_inputs ROOT JAR DIR: a typical agent patch (a 4.9 KB SWE-bench fix) in DIR/candidate with its logs, the
# calibration WorkUnit widened to the patch's paths, an honest manifest, and v0.4 and v0.5 plans.
verify_inputs() {
    local root="$1" jar="$2" work="$3"
    local patch="$root/../shared/corpus/gold_swebench_lite_patch/django__django-11019.patch"
    [[ -f "$patch" ]] || { echo "bench: $patch not found (the shared corpus sits beside the project)" >&2; return 2; }
    rm -rf "$work" && mkdir -p "$work/candidate"
    cp "$patch" "$work/candidate/changes.patch"
    echo "agent log" > "$work/candidate/stdout.txt"; : > "$work/candidate/stderr.txt"
    sed -e 's#"README.md"#"django/**"#g' "$root/verification/fixtures/patch-transition/work-unit.json" > "$work/work-unit.json"
    java -jar "$jar" manifest --work-unit "$work/work-unit.json" --candidate-root "$work/candidate" --patch changes.patch \
        --log stdout=stdout.txt --log stderr=stderr.txt --worker-id agent/bench --status succeeded --attempt 1 \
        --output "$work/result-manifest.json" >&2
    java -jar "$jar" plan new --work-unit "$work/work-unit.json" --version 0.4 --added 'def merge(*lists)' \
        --removed 'def merge(list_1, list_2)' --output "$work/plan-v0.4.json" >&2
    java -jar "$jar" plan new --work-unit "$work/work-unit.json" --version 0.5 --glob-syntax gitignore \
        --transition 'def merge(list_1, list_2)=>def merge(*lists)' --output "$work/plan-v0.5.json" >&2
}

# audit_batch JAR INPUTS BATCH N: N copies of the bundle verify writes for the verify inputs under the v0.4 plan.
audit_batch() {
    local jar="$1" work="$2" batch="$3" n="$4"
    rm -rf "$batch" && mkdir -p "$batch"
    java -jar "$jar" verify --work-unit "$work/work-unit.json" --result-manifest "$work/result-manifest.json" \
        --candidate-root "$work/candidate" --evaluator-plan "$work/plan-v0.4.json" --bundle "$batch/b0" >/dev/null
    for i in $(seq 1 $((n - 1))); do cp -r "$batch/b0" "$batch/b$i"; done
}

# review_inputs CORPUS OUT: OUT/preds.jsonl, 2,000 predictions cycling through the corpus's agent patches (the UTF-8
# ones: a JSON string holds text only), and the same 2,000 patches as files under OUT/files for diff check.
review_inputs() {
    rm -rf "$2" && mkdir -p "$2/files"
    python3 - "$1" "$2" <<'PY'
import json, os, sys
corpus, out = sys.argv[1], sys.argv[2]
patches = []
for g in ("agent_sweagent_gpt4_t0", "agent_deepagents_minimax_m25"):
    d = os.path.join(corpus, g)
    for n in sorted(os.listdir(d)):
        if n.endswith(".patch"):
            b = open(os.path.join(d, n), "rb").read()
            try:
                patches.append((g, n[:-6], b.decode("utf-8")))
            except UnicodeDecodeError:
                pass
with open(os.path.join(out, "preds.jsonl"), "w") as f:
    for i in range(2000):
        g, stem, text = patches[i % len(patches)]
        f.write(json.dumps({"instance_id": f"{stem}#{i}", "model_name_or_path": g, "model_patch": text}) + "\n")
        with open(os.path.join(out, "files", f"{i:04d}.patch"), "w", newline="") as p:
            p.write(text)
print(f"bench: 2000 predictions from {len(patches)} agent patches, "
      f"{os.path.getsize(os.path.join(out, 'preds.jsonl')) / 1e6:.1f} MB", file=sys.stderr)
PY
}
