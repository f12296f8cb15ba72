#!/usr/bin/env bash
# kblend's one entry point: ./build.sh build | serve | test | bench | fuzz [s]
# Each command first installs what a fresh Debian machine lacks (as root:
# emscripten and chromium from apt, node_modules from the lock file), then
# builds only what it needs.
set -euo pipefail
cd "$(dirname "$0")"

# Debian's emscripten runs acorn from the system node path when optimizing.
export NODE_PATH=/usr/share/nodejs
OUT=build
WASM_OUT=web/lib/wasm
RESULTS=$OUT/results
CFLAGS_COMMON=(-std=c11 -fno-math-errno -Wall -Wextra -Wpedantic -Werror -Ic_src -Ic_src/wasm)
# Compiler and flags of each native build kind.
declare -A KIND_CC=([native]=gcc [asan]=gcc [bench]=gcc [fuzz]=clang)
declare -A KIND_FLAGS=(
  [native]="-O2"
  [asan]="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"
  [bench]="-O3"
  [fuzz]="-O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all"
)
FUZZ_LINK="-fsanitize=fuzzer,address,undefined"

log() { printf '\n== %s\n' "$*"; }

apt_updated=0
apt_install() {
  if [ "$(id -u)" -ne 0 ]; then
    echo "build.sh: '$1' is missing; install the Debian package '$2' (needs root)" >&2
    exit 1
  fi
  if [ $apt_updated -eq 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    apt_updated=1
  fi
  log "installing $2"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
}

setup() {
  command -v emcc >/dev/null || apt_install emcc emscripten
  case "${1:-}" in
    test)
      command -v chromium >/dev/null || apt_install chromium chromium
      command -v clang-format >/dev/null || apt_install clang-format clang-format
      command -v clang >/dev/null || apt_install clang clang
      ;;
    fuzz) command -v clang >/dev/null || apt_install clang clang ;;
  esac
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    log "npm ci"
    npm ci --no-audit --no-fund
  fi
}

c_sources() { ls c_src/*.c c_src/wasm/*.c; }
c_headers() { ls c_src/*.h c_src/wasm/*.h; }

# Exported to WebAssembly: the functions the C API and the binding header
# declare that the JS library calls (web/lib, outside the generated glue).
wasm_exports() {
  comm -12 <(grep -ohE '\bkb_[a-z0-9_]+\(' c_src/kblend.h c_src/wasm/kblend_wasm.h | tr -d '(' | sort -u) \
    <(grep -rohE '\b_kb_[a-z0-9_]+' web/lib --include='*.js' --exclude-dir=wasm | cut -c2- | sort -u) |
    sed 's/^/"_/; s/$/"/' | paste -sd, - | sed 's/^/[/; s/$/,"_malloc","_free"]/'
}

# The core as a static library of one build kind: each source compiled once
# (again only when it or a header changed).
build_lib() {
  local kind=$1 cc=${KIND_CC[$1]} obj_dir=$OUT/obj/$1 src obj
  # shellcheck disable=SC2206
  local flags=(${KIND_FLAGS[$1]})
  mkdir -p "$obj_dir"
  local newest_header objects=()
  newest_header=$(ls -t $(c_headers) | head -1)
  for src in $(c_sources); do
    obj=$obj_dir/$(basename "$src" .c).o
    if [ ! -f "$obj" ] || [ "$src" -nt "$obj" ] || [ "$newest_header" -nt "$obj" ]; then
      "$cc" "${CFLAGS_COMMON[@]}" "${flags[@]}" -c "$src" -o "$obj"
    fi
    objects+=("$obj")
  done
  rm -f "$OUT/$kind/libkblend.a"
  mkdir -p "$OUT/$kind"
  ar rcs "$OUT/$kind/libkblend.a" "${objects[@]}"
}

# A program of one kind linked against that kind's library.
link_program() {
  local kind=$1 main=$2 out=$3 cc=${KIND_CC[$1]}
  # shellcheck disable=SC2206
  local flags=(${KIND_FLAGS[$1]})
  "$cc" "${CFLAGS_COMMON[@]}" "${flags[@]}" -Itests/c "$main" "$OUT/$kind/libkblend.a" -lm -o "$out"
}

build_native() {
  local kinds=("$@") kind t
  for kind in "${kinds[@]}"; do
    log "native library and tests ($kind)"
    build_lib "$kind"
    for t in tests/c/test_*.c; do
      link_program "$kind" "$t" "$OUT/$kind/$(basename "$t" .c)"
    done
  done
  link_program native tests/c/dump_reference.c "$OUT/native/dump_reference"
}

build_bench() {
  log "native bench driver"
  build_lib bench
  mkdir -p "$OUT/native"
  link_program bench tests/bench/native_bench.c "$OUT/native/bench"
}

build_fuzz() {
  log "fuzz harnesses (libFuzzer, ASan, UBSan)"
  build_lib fuzz
  local h
  # shellcheck disable=SC2206
  local flags=(${KIND_FLAGS[fuzz]})
  for h in tests/fuzz/fuzz_*.c; do
    clang "${CFLAGS_COMMON[@]}" "${flags[@]}" $FUZZ_LINK -Itests/fuzz "$h" \
      "$OUT/fuzz/libkblend.a" -lm -o "$OUT/fuzz/$(basename "$h" .c)"
  done
}

build_wasm() {
  log "WebAssembly module"
  mkdir -p "$WASM_OUT"
  # shellcheck disable=SC2046
  emcc -std=c11 -O3 -msimd128 -mbulk-memory -fno-math-errno -Ic_src -Ic_src/wasm $(c_sources) \
    -sMODULARIZE=1 -sEXPORT_ES6=1 -sENVIRONMENT=web \
    -sEXPORT_NAME=createKBlendCore -sFILESYSTEM=0 \
    -sINITIAL_MEMORY=67108864 -sALLOW_MEMORY_GROWTH=0 -sTOTAL_STACK=1048576 -sABORTING_MALLOC=0 \
    -sEXPORTED_FUNCTIONS="$(wasm_exports)" \
    -o "$WASM_OUT/kblend_core.js"
}

build_web() {
  log "web bundle"
  npx vite build --logLevel warn
}

# ------------------------------------------------------------------ levels
# Each level appends "level: N passed, N failed" lines to $RESULTS/lines.txt
# and never stops the run; a level that crashes counts as one failure.

record() { echo "$1: $2 passed, $3 failed" | tee -a "$RESULTS/lines.txt"; }

run_format_check() {
  log "formatting (prettier, clang-format)"
  if npm run --silent format:check; then
    record format 1 0
  else
    record format 0 1
  fi
}

run_native_tests() {
  local kind t out code
  for kind in native asan; do
    log "native C tests ($kind)"
    for t in "$OUT/$kind"/test_*; do
      code=0
      out=$("$t" 2>&1) || code=$?
      printf '%s\n' "$out"
      local summary
      summary=$(printf '%s\n' "$out" | grep -E '^[a-z_][a-z_ -]*: [0-9]+ passed, [0-9]+ failed$' | tail -1 || true)
      if [ -n "$summary" ]; then
        echo "$kind $summary" >>"$RESULTS/lines.txt"
      fi
      if [ $code -ne 0 ] && { [ -z "$summary" ] || [[ "$summary" == *" 0 failed" ]]; }; then
        record "$kind $(basename "$t") crashed (exit $code)" 0 1
      fi
    done
  done
}

# Each harness: its corpus once, then a bounded run of new inputs.
run_fuzz() {
  local seconds=$1 src name h corpus report passed=0 failed=0
  mkdir -p "$OUT/fuzz/new" "$OUT/fuzz/logs"
  for src in tests/fuzz/fuzz_*.c; do
    name=$(basename "$src" .c)
    h=$OUT/fuzz/$name report=$OUT/fuzz/logs/$name.log
    corpus=tests/fuzz/corpus/${name#fuzz_}
    rm -rf "$OUT/fuzz/new/$name" && mkdir -p "$OUT/fuzz/new/$name"
    log "fuzz $name (${seconds}s)"
    if [ -x "$h" ] && "$h" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=1024 \
      -artifact_prefix="$OUT/fuzz/" "$OUT/fuzz/new/$name" "$corpus" 2>"$report"; then
      passed=$((passed + 1))
      grep -E '^Done [0-9]+ runs in [0-9]+ second' "$report" | sed "s/^/$name: /" || true
    else
      failed=$((failed + 1))
      tail -40 "$report" 2>/dev/null || echo "$name: not built"
    fi
  done
  record fuzz $passed $failed
}

run_vitest() {
  local level=$1 config=$2 json=$RESULTS/$1.json
  rm -f "$json"
  npx vitest run --config "$config" \
    --reporter=default --reporter=json --outputFile.json="$json" || true
  if [ -f "$json" ]; then
    # a file that fails outside any test (import error, crash) counts once
    node -e '
      const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
      const broken = r.testResults.filter((f) => f.status === "failed" &&
        !f.assertionResults.some((a) => a.status === "failed")).length;
      const failed = r.numFailedTests + broken;
      console.log(`${process.argv[2]}: ${r.numPassedTests} passed, ${failed} failed`);
    ' "$json" "$level" | tee -a "$RESULTS/lines.txt"
  else
    record "$level (no report: the run crashed)" 0 1
  fi
}

# The benchmark in its smoke mode (one call per round): every part still
# runs and checks that kblend and three.js agree; its times mean nothing.
run_bench_smoke() {
  log "benchmark smoke run (every part once; times not read)"
  if KBLEND_BENCH_SMOKE=1 node tests/bench/run.js >"$RESULTS/bench-smoke.log" 2>&1; then
    record "bench smoke" 1 0
  else
    tail -20 "$RESULTS/bench-smoke.log"
    record "bench smoke" 0 1
  fi
}

# One closing line over every level; the exit status says whether all passed.
print_totals() {
  awk '
    match($0, /: [0-9]+ passed, [0-9]+ failed/) {
      split(substr($0, RSTART + 2), f, /[ ,]+/); passed += f[1]; failed += f[3]
    }
    END { printf "total: %d passed, %d failed\n", passed, failed; exit failed > 0 }
  ' "$RESULTS/lines.txt"
}

cmd=${1:-build}
case "$cmd" in
  build)
    setup
    build_native native
    build_wasm
    build_web
    ;;
  serve)
    setup
    build_wasm
    build_web
    log "serving http://127.0.0.1:${PORT:-5173}"
    exec npx vite preview --host 127.0.0.1 --port "${PORT:-5173}" --strictPort
    ;;
  test)
    setup test
    rm -rf "$RESULTS" && mkdir -p "$RESULTS" && : >"$RESULTS/lines.txt"
    run_format_check
    if ! { build_native native asan && build_fuzz && build_wasm && build_web; }; then
      record "build" 0 1
    fi
    run_native_tests
    run_fuzz "${FUZZ_SECONDS:-3}"
    log "unit tests (Vitest: WASM module and JS modules)"
    run_vitest unit tests/unit/vitest.config.js
    log "browser end-to-end tests (Chromium)"
    run_vitest e2e tests/e2e/vitest.config.js
    run_bench_smoke
    print_totals
    ;;
  fuzz)
    setup fuzz
    rm -rf "$RESULTS" && mkdir -p "$RESULTS" && : >"$RESULTS/lines.txt"
    build_fuzz
    run_fuzz "${2:-60}"
    print_totals
    ;;
  bench)
    setup
    build_bench
    build_wasm
    build_web
    npm run --silent bench
    ;;
  *)
    echo "usage: ./build.sh build | serve | test | bench | fuzz [seconds]" >&2
    exit 2
    ;;
esac
