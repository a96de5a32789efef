# SPDX-License-Identifier: Apache-2.0
# Sourced by the bench scripts that run one JMH class of bench/src: builds the project's classes, its test
# classpath and the benchmarks under ROOT/target/bench, then runs the class into NAME.csv beside NAME.log.

# bench_jmh ROOT CLASS NAME [--quick] [JMH ARGS...] -> ROOT/target/bench/NAME.csv (--quick: fewer iterations, rougher
# figures; an empty fourth argument is none)
bench_jmh() {
    local root="$1" class="$2" name="$3" out="$1/target/bench" cp
    mkdir -p "$out/classes"
    echo "bench: building (mvn -q test-compile) ..." >&2
    (cd "$root" && mvn -B -q test-compile dependency:build-classpath -Dmdep.includeScope=test \
        -Dmdep.outputFile="$out/classpath.txt" >&2)
    cp="$root/target/classes:$(cat "$out/classpath.txt")"
    javac -nowarn -d "$out/classes" -cp "$cp" $(find "$root/bench/src" -name '*.java') 2>&1 \
        | { grep -v '^Note:' || true; } >&2
    local args=(-rf csv -rff "$out/$name.csv")
    if [[ "${4:-}" == "--quick" ]]; then args+=(-wi 1 -i 3 -w 1s -r 1s); fi
    args+=("${@:5}")
    echo "bench: JMH, $class ..." >&2
    java -cp "$out/classes:$cp" org.openjdk.jmh.Main "$class" "${args[@]}" >"$out/$name.log" 2>&1 \
        || { cat "$out/$name.log" >&2; exit 1; }
}
