#!/bin/sh
# make fuzz / make fuzz-smoke (Fuzz/README.md).
#   Fuzz/run.sh build            the sanitized harness, in .build/fuzz-build
#   Fuzz/run.sh run TARGET...    each target for FUZZ_SECONDS (default 60), seeds regenerated first
# Prints per target: executions, coverage (libFuzzer's cov/ft), findings; exits 1 on any finding.
set -eu
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
SCRATCH=.build/fuzz-build
# release for `make fuzz` (about six times the executions a second); debug for the smoke run,
# which only proves the harnesses build and run, and builds in a minute instead of three and a half.
CONFIG=${FUZZ_CONFIG:-release}
CORPUS=.build/fuzz-corpus
FINDINGS=.build/fuzz-findings
LOGS=.build/fuzz-logs

build() {
    toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v "$SWIFT")")")")
    fuzzer=$(ls "$toolchain"/lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a 2>/dev/null | head -n 1)
    [ -n "$fuzzer" ] || { echo "libclang_rt.fuzzer_no_main not found under $toolchain/lib/clang"; exit 1; }
    FLOWSTAGE_FUZZ=1 "$SWIFT" build -c "$CONFIG" --scratch-path "$SCRATCH" --product flowstage-fuzz \
        -Xswiftc -enable-testing -Xswiftc -sanitize=address \
        -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table \
        -Xlinker "$fuzzer" -Xlinker -lstdc++
}

# Longest input per target: bigger inputs only slow the mutations down.
max_len() {
    case $1 in
        bpmn|dmn) echo 65536 ;; project|json|template|testcases) echo 16384 ;; multipart) echo 8192 ;; *) echo 2048 ;;
    esac
}

run() {
    binary=$SCRATCH/$CONFIG/flowstage-fuzz
    [ -x "$binary" ] || { echo "$binary is missing: run Fuzz/run.sh build"; exit 1; }
    seconds=${FUZZ_SECONDS:-60}
    python3 Fuzz/seeds.py "$CORPUS"
    mkdir -p "$LOGS"
    status=0
    printf '%-11s %10s %8s %8s %6s  %s\n' target executions cov ft secs findings
    for target in "$@"; do
        mkdir -p "$CORPUS/$target" "$FINDINGS/$target"
        log=$LOGS/$target.log
        start=$(date +%s)
        # SWIFT_BACKTRACE=enable=no: Swift's crash handler otherwise makes ASan report a false overflow.
        # LSAN_OPTIONS: the Foundation leaks listed in Fuzz/lsan.supp are not reported.
        SWIFT_BACKTRACE=enable=no LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0" "$binary" "$target" "$CORPUS/$target" -max_total_time="$seconds" \
            -timeout=5 -rss_limit_mb=2048 -max_len="$(max_len "$target")" -print_final_stats=1 \
            -artifact_prefix="$FINDINGS/$target/" >"$log" 2>&1 || true
        secs=$(( $(date +%s) - start ))
        executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
        coverage=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -n 1)
        cov=$(echo "$coverage" | awk '{print $2}'); ft=$(echo "$coverage" | awk '{print $4}')
        findings=$(grep -E '^(==[0-9]+==ERROR|SUMMARY: libFuzzer|.*Test unit written to)' "$log" | sed 's/^.*written to /written to /' | tr '\n' ' ')
        printf '%-11s %10s %8s %8s %6s  %s\n' "$target" "${executions:-?}" "${cov:-?}" "${ft:-?}" "$secs" "${findings:-none}"
        if [ -n "$findings" ] || [ -z "$executions" ]; then status=1; fi
    done
    [ $status = 0 ] || echo "Findings above: the inputs are in $FINDINGS/, the logs in $LOGS/."
    return $status
}

command=${1:-}; [ $# -gt 0 ] && shift
case $command in
    build) build ;;
    run) run "$@" ;;
    *) echo "usage: Fuzz/run.sh build | run TARGET..."; exit 2 ;;
esac
