#!/usr/bin/env bash
# kblend's one entry point: ./build.sh build | serve | test | bench
# Each command first installs what a fresh Debian machine lacks (as root:
# emscripten and chromium from apt, node_modules from the lock file).
set -euo pipefail
cd "$(dirname "$0")"

# Debian's emscripten runs acorn from the system node path when optimizing.
export NODE_PATH=/usr/share/nodejs
OUT=build
WASM_OUT=web/lib/wasm
CFLAGS_COMMON=(-std=c11 -Wall -Wextra -Wpedantic -Werror -Ic_src -Ic_src/wasm)

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
  if [ "${1:-}" = test ]; then
    command -v chromium >/dev/null || apt_install chromium chromium
    command -v clang-format >/dev/null || apt_install clang-format clang-format
  fi
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    log "npm ci"
    npm ci --no-audit --no-fund
  fi
}

c_sources() { ls c_src/*.c c_src/wasm/*.c; }

# Every function the C API and the binding header declare is exported to
# WebAssembly.
wasm_exports() {
  grep -ohE '\bkb_[a-z0-9_]+\(' c_src/kblend.h c_src/wasm/kblend_wasm.h | tr -d '(' | sort -u |
    sed 's/^/"_/; s/$/"/' | paste -sd, - | sed 's/^/[/; s/$/,"_malloc","_free"]/'
}

build_native() {
  log "native library and tests"
  mkdir -p "$OUT/native" "$OUT/asan"
  local sources
  sources=$(c_sources)
  for t in tests/c/test_*.c; do
    local name
    name=$(basename "$t" .c)
    # shellcheck disable=SC2086
    gcc "${CFLAGS_COMMON[@]}" -O2 $sources "$t" -lm -o "$OUT/native/$name"
    # shellcheck disable=SC2086
    gcc "${CFLAGS_COMMON[@]}" -O1 -g -fno-omit-frame-pointer \
      -fsanitize=address,undefined -fno-sanitize-recover=all \
      $sources "$t" -lm -o "$OUT/asan/$name"
  done
  # shellcheck disable=SC2086
  gcc "${CFLAGS_COMMON[@]}" -O2 $sources tests/c/dump_reference.c -lm -o "$OUT/native/dump_reference"
  # a native bench driver, when present
  if [ -f tests/bench/native_bench.c ]; then
    # shellcheck disable=SC2086
    gcc "${CFLAGS_COMMON[@]}" -O3 $sources tests/bench/native_bench.c -lm -o "$OUT/native/bench"
  fi
}

build_wasm() {
  log "WebAssembly module"
  mkdir -p "$WASM_OUT"
  # shellcheck disable=SC2046
  emcc -std=c11 -O3 -msimd128 -Ic_src -Ic_src/wasm $(c_sources) \
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

build_all() {
  build_native
  build_wasm
  build_web
}

run_native_tests() {
  local failed=0
  for kind in native asan; do
    log "native C tests ($kind)"
    for t in "$OUT/$kind"/test_*; do
      "$t" | tee -a "$OUT/results/native.txt" || failed=1
    done
  done
  return $failed
}

# One closing line over every level: "total: N passed, N failed".
print_totals() {
  node -e '
    const fs = require("fs");
    let passed = 0, failed = 0;
    for (const line of fs.readFileSync(process.argv[1], "utf8").split("\n")) {
      const m = /: (\d+) passed, (\d+) failed/.exec(line);
      if (m) passed += +m[1], failed += +m[2];
    }
    for (const file of process.argv.slice(2)) {
      const r = JSON.parse(fs.readFileSync(file, "utf8"));
      passed += r.numPassedTests;
      failed += r.numFailedTests;
    }
    console.log(`total: ${passed} passed, ${failed} failed`);
  ' "$OUT/results/native.txt" "$OUT/results/unit.json" "$OUT/results/e2e.json"
}

cmd=${1:-build}
case "$cmd" in
  build)
    setup
    build_all
    ;;
  serve)
    setup
    build_all
    log "serving http://127.0.0.1:${PORT:-5173}"
    exec npx vite preview --host 127.0.0.1 --port "${PORT:-5173}" --strictPort
    ;;
  test)
    setup test
    log "formatting (prettier, clang-format)"
    npm run --silent format:check
    build_all
    rm -rf "$OUT/results" && mkdir -p "$OUT/results"
    run_native_tests
    log "unit tests (Vitest: WASM module and JS modules)"
    npx vitest run --config tests/unit/vitest.config.js \
      --reporter=default --reporter=json --outputFile.json="$OUT/results/unit.json"
    log "browser end-to-end tests (Chromium)"
    npx vitest run --config tests/e2e/vitest.config.js \
      --reporter=default --reporter=json --outputFile.json="$OUT/results/e2e.json"
    print_totals
    ;;
  bench)
    setup
    build_all
    npm run --silent bench
    ;;
  *)
    echo "usage: ./build.sh build | serve | test | bench" >&2
    exit 2
    ;;
esac
