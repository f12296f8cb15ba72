#!/usr/bin/env bash
# kblend's one entry point:
#   ./build.sh build | serve | bench | fuzz [seconds]
#   ./build.sh test [quick | LEVEL...]
# Levels: format native asan fuzz unit e2e bench breaks; `test` alone runs
# them all, `test quick` runs native and unit (the inner loop).
# Each command first installs what a fresh Debian machine lacks (as root:
# emscripten, make and chromium from apt, node_modules from the lock file),
# then builds only what it needs. C is compiled through a makefile this
# script writes (build/kblend.mk): every object depends on its source and the
# headers it includes (-MMD), so an edit recompiles what it touches, and a
# target being rebuilt is removed first, so a failed step leaves no stale
# output behind for a later step to run.
set -euo pipefail
cd "$(dirname "$0")"

# Debian's emscripten runs acorn from the system node path when optimizing.
export NODE_PATH=/usr/share/nodejs
OUT=build
WASM_OUT=web/lib/wasm
RESULTS=$OUT/results
STAMPS=$OUT/stamps
MAKEFILE=$OUT/kblend.mk
JOBS=${JOBS:-$(nproc)}
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
WASM_CFLAGS="-std=c11 -O3 -msimd128 -mbulk-memory -fno-math-errno -Ic_src -Ic_src/wasm"
WASM_LDFLAGS="-sMODULARIZE=1 -sEXPORT_ES6=1 -sENVIRONMENT=web -sEXPORT_NAME=createKBlendCore \
-sFILESYSTEM=0 -sINITIAL_MEMORY=67108864 -sALLOW_MEMORY_GROWTH=0 -sTOTAL_STACK=1048576 \
-sABORTING_MALLOC=0"

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
  command -v make >/dev/null || apt_install make make
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

# ------------------------------------------------------------------ build

c_sources() { ls c_src/*.c c_src/wasm/*.c; }
# The programs of one kind, by their main sources: programs KIND SOURCE...
programs() {
  local kind=$1
  shift
  basename -s .c "$@" | sed "s|^|$OUT/$kind/|" | paste -sd' ' -
}

# Exported to WebAssembly: the functions the C API and the binding header
# declare that the JS library calls (web/lib, outside the generated glue).
wasm_exports() {
  comm -12 <(grep -ohE '\bkb_[a-z0-9_]+\(' c_src/kblend.h c_src/wasm/kblend_wasm.h | tr -d '(' | sort -u) \
    <(grep -rohE '\b_kb_[a-z0-9_]+' web/lib --include='*.js' --exclude-dir=wasm | cut -c2- | sort -u) |
    sed 's/^/"_/; s/$/"/' | paste -sd, - | sed 's/^/[/; s/$/,"_malloc","_free"]/'
}

# A file the makefile depends on, rewritten only when its content changes
# (so a new flag, source or export rebuilds what it affects, and nothing
# else).
write_if_changed() {
  if [ ! -f "$1" ] || [ "$(cat "$1")" != "$2" ]; then
    mkdir -p "$(dirname "$1")"
    printf '%s\n' "$2" >"$1"
  fi
}

# The rules of one native kind: the core's objects and its static library.
kind_rules() {
  local kind=$1 cc=${KIND_CC[$1]} compile
  compile="$cc ${CFLAGS_COMMON[*]} ${KIND_FLAGS[$1]}"
  write_if_changed "$STAMPS/$kind.flags" "$compile"
  cat <<EOF

${kind}_objects := \$(patsubst %.c,$OUT/obj/$kind/%.o,\$(CORE))
$OUT/obj/$kind/%.o: %.c $STAMPS/$kind.flags
	@mkdir -p \$(@D) && rm -f \$@ && echo "  $kind \$<"
	@$compile -MMD -MP -c \$< -o \$@
$OUT/$kind/libkblend.a: \$(${kind}_objects) $STAMPS/sources
	@mkdir -p \$(@D) && rm -f \$@
	@ar rcs \$@ \$(${kind}_objects)
EOF
}

# A program linked against one kind's library: program_rule KIND TARGET
# MAIN EXTRA_FLAGS (its dependency file records the headers MAIN includes).
program_rule() {
  local kind=$1 target=$2 main=$3 extra=$4
  cat <<EOF
$target: $main $OUT/$kind/libkblend.a $STAMPS/$kind.flags
	@mkdir -p \$(@D) && rm -f \$@ && echo "  $kind \$<"
	@${KIND_CC[$kind]} ${CFLAGS_COMMON[*]} ${KIND_FLAGS[$kind]} $extra -MMD -MP -MF \$@.d -MT \$@ \\
	  \$< $OUT/$kind/libkblend.a -lm -o \$@.tmp && mv \$@.tmp \$@
EOF
}

# The module is linked in $OUT/wasm and moved into place, so web/lib/wasm
# holds either the new module or none; kblend_body.js, the core's body
# figures as data (web/lib/write-body-figures.mjs), is written from it.
wasm_rules() {
  write_if_changed "$STAMPS/wasm.flags" "emcc $WASM_CFLAGS $WASM_LDFLAGS"
  write_if_changed "$STAMPS/exports.json" "$(wasm_exports)"
  cat <<EOF

wasm_objects := \$(patsubst %.c,$OUT/obj/wasm/%.o,\$(CORE))
$OUT/obj/wasm/%.o: %.c $STAMPS/wasm.flags
	@mkdir -p \$(@D) && rm -f \$@ && echo "  wasm \$<"
	@emcc $WASM_CFLAGS -MMD -MP -c \$< -o \$@
$WASM_OUT/kblend_core.js: \$(wasm_objects) $STAMPS/sources $STAMPS/wasm.flags $STAMPS/exports.json
	@rm -f $WASM_OUT/kblend_core.js $WASM_OUT/kblend_core.wasm && rm -rf $OUT/wasm
	@mkdir -p $OUT/wasm $WASM_OUT && echo "  wasm link kblend_core.js"
	@emcc $WASM_CFLAGS \$(wasm_objects) $WASM_LDFLAGS \\
	  -sEXPORTED_FUNCTIONS="\$\$(cat $STAMPS/exports.json)" -o $OUT/wasm/kblend_core.js
	@mv $OUT/wasm/kblend_core.wasm $WASM_OUT/ && mv $OUT/wasm/kblend_core.js $WASM_OUT/
$WASM_OUT/kblend_body.js: $WASM_OUT/kblend_core.js web/lib/write-body-figures.mjs
	@rm -f \$@ && echo "  wasm kblend_body.js (the core's body figures)"
	@node web/lib/write-body-figures.mjs \$@
EOF
}

write_makefile() {
  local kind t
  write_if_changed "$STAMPS/sources" "$(c_sources)"
  {
    echo "# Written by build.sh on every run (edit build.sh, not this file)."
    echo ".DELETE_ON_ERROR:"
    echo ".SUFFIXES:"
    echo "CORE := $(c_sources | paste -sd' ' -)"
    for kind in native asan bench fuzz; do kind_rules "$kind"; done
    for kind in native asan; do
      for t in tests/c/test_*.c; do
        program_rule "$kind" "$OUT/$kind/$(basename "$t" .c)" "$t" "-Itests/c"
      done
    done
    program_rule native "$OUT/native/dump_reference" tests/c/dump_reference.c "-Itests/c"
    program_rule bench "$OUT/native/bench" tests/bench/native_bench.c ""
    for t in tests/fuzz/fuzz_*.c; do
      program_rule fuzz "$OUT/fuzz/$(basename "$t" .c)" "$t" "$FUZZ_LINK -Itests/fuzz"
    done
    wasm_rules
    echo
    echo ".PHONY: native asan fuzz bench wasm"
    for kind in native asan fuzz bench wasm; do echo "$kind: $(step_outputs $kind)"; done
    echo "-include \$(wildcard $OUT/obj/*/c_src/*.d $OUT/obj/*/c_src/wasm/*.d $OUT/*/*.d)"
  } >"$MAKEFILE.tmp"
  mv "$MAKEFILE.tmp" "$MAKEFILE"
}

# What each make step builds.
step_outputs() {
  case $1 in
    native) echo "$OUT/native/libkblend.a $(programs native tests/c/test_*.c tests/c/dump_reference.c)" ;;
    asan) echo "$OUT/asan/libkblend.a $(programs asan tests/c/test_*.c)" ;;
    fuzz) echo "$OUT/fuzz/libkblend.a $(programs fuzz tests/fuzz/fuzz_*.c)" ;;
    bench) echo "$OUT/bench/libkblend.a $OUT/native/bench" ;;
    wasm) echo "$WASM_OUT/kblend_core.js $WASM_OUT/kblend_body.js" ;;
  esac
}

# After a failed step, every output that is still out of date (a test whose
# library did not build, say) is removed, so no later step runs an old one.
remove_stale() {
  local target
  for target in $(step_outputs "$1"); do
    if ! make -f "$MAKEFILE" -q "$target" 2>/dev/null; then
      rm -f "$target"
      [ "$target" != "$WASM_OUT/kblend_core.js" ] || rm -f "$WASM_OUT/kblend_core.wasm"
    fi
  done
}

# One build step: native, asan, bench, fuzz and wasm through the makefile
# (-k: every target that can be built is), web with Vite. dist/ is removed
# first: Vite empties it only once bundling succeeds.
build() {
  case $1 in
    web) rm -rf dist && npx vite build --logLevel warn ;;
    *) make -f "$MAKEFILE" -k -j"$JOBS" --no-print-directory "$1" || {
      remove_stale "$1"
      return 1
    } ;;
  esac
}

build_all() {
  local step
  write_makefile
  for step in "$@"; do
    log "build $step"
    build "$step"
  done
}

# ------------------------------------------------------------------ levels
# Each level appends one "level: N passed, N failed" line (tests, not
# assertions) to $RESULTS/lines.txt and the name of whatever failed to
# $RESULTS/failures.txt, and never stops the run.

record() { echo "$1: $2 passed, $3 failed" | tee -a "$RESULTS/lines.txt"; }
failed_item() { echo "$1" >>"$RESULTS/failures.txt"; }

run_format_check() {
  log "formatting (prettier, clang-format)"
  if npm run --silent format:check; then
    record format 1 0
  else
    record format 0 1
    failed_item format
  fi
}

# One test per suite binary: it passes when it exits 0 and its summary line
# says 0 failed. Its CHECKs are counted apart, as assertions.
run_native_tests() {
  local kind=$1 src name t out code summary counts passed=0 failed=0 held=0 broke=0
  log "native C tests ($kind)"
  for src in tests/c/test_*.c; do
    name=$(basename "$src" .c) t=$OUT/$kind/$(basename "$src" .c)
    if [ ! -x "$t" ]; then
      echo "$name: not built"
      failed=$((failed + 1)) && failed_item "$kind $name (not built)"
      continue
    fi
    code=0
    out=$("$t" 2>&1) || code=$?
    printf '%s\n' "$out"
    summary=$(printf '%s\n' "$out" | grep -E '^[a-z_][a-z_ -]*: [0-9]+ passed, [0-9]+ failed$' | tail -1 || true)
    counts=$(printf '%s' "$summary" | sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed$/\1 \2/')
    if [ -n "$summary" ]; then
      held=$((held + ${counts% *})) broke=$((broke + ${counts#* }))
    fi
    if [ $code -eq 0 ] && [ -n "$summary" ] && [ "${counts#* }" = 0 ]; then
      passed=$((passed + 1))
    else
      failed=$((failed + 1)) && failed_item "$kind $name (exit $code)"
    fi
  done
  record "$kind" $passed $failed
  echo "$kind: $held held, $broke failed" >>"$RESULTS/assertions.txt"
}

# One harness: its corpus once, then a bounded run of new inputs; its exit
# status goes to logs/NAME.status.
fuzz_one() {
  local name=$1 seconds=$2 h=$OUT/fuzz/$1 report=$OUT/fuzz/logs/$1.log code=0
  rm -rf "$OUT/fuzz/new/$name" && mkdir -p "$OUT/fuzz/new/$name"
  if [ -x "$h" ]; then
    "$h" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=1024 -artifact_prefix="$OUT/fuzz/" \
      "$OUT/fuzz/new/$name" "tests/fuzz/corpus/${name#fuzz_}" 2>"$report" || code=$?
  else
    echo "$name: not built" >"$report" && code=127
  fi
  echo "$code" >"$OUT/fuzz/logs/$name.status"
}

# Every harness, $JOBS at a time (each runs on one core for its seconds).
run_fuzz() {
  local seconds=$1 src name names=() running=0 passed=0 failed=0
  mkdir -p "$OUT/fuzz/new" "$OUT/fuzz/logs"
  log "fuzz: each harness ${seconds}s, $JOBS at a time"
  for src in tests/fuzz/fuzz_*.c; do
    name=$(basename "$src" .c) && names+=("$name")
    rm -f "$OUT/fuzz/logs/$name.status"
    fuzz_one "$name" "$seconds" &
    running=$((running + 1))
    if [ $running -ge "$JOBS" ]; then
      wait -n || true
      running=$((running - 1))
    fi
  done
  wait || true
  for name in "${names[@]}"; do
    if [ "$(cat "$OUT/fuzz/logs/$name.status" 2>/dev/null)" = 0 ]; then
      passed=$((passed + 1))
      grep -E '^Done [0-9]+ runs in [0-9]+ second' "$OUT/fuzz/logs/$name.log" | sed "s/^/$name: /" || true
    else
      failed=$((failed + 1)) && failed_item "fuzz $name"
      tail -40 "$OUT/fuzz/logs/$name.log" 2>/dev/null || true
    fi
  done
  record fuzz $passed $failed
}

# Vitest's tests; a file that fails outside any test (import error, crash)
# counts once, and is named with the files whose tests failed.
run_vitest() {
  local level=$1 config=$2 json=$RESULTS/$1.json
  rm -f "$json"
  npx vitest run --config "$config" \
    --reporter=default --reporter=json --outputFile.json="$json" || true
  if [ -f "$json" ]; then
    node -e '
      const { readFileSync, appendFileSync } = require("fs");
      const [file, level, failures] = process.argv.slice(1);
      const r = JSON.parse(readFileSync(file, "utf8"));
      const failedFiles = r.testResults.filter((f) => f.status === "failed");
      const broken = failedFiles.filter((f) => !f.assertionResults.some((a) => a.status === "failed"));
      const names = failedFiles.map((f) => `${level} ${require("path").relative(process.cwd(), f.name)}`);
      if (names.length) appendFileSync(failures, names.join("\n") + "\n");
      if (!r.success && !failedFiles.length) appendFileSync(failures, `${level} (run failed)\n`);
      const failed = r.numFailedTests + broken.length + (!r.success && !failedFiles.length ? 1 : 0);
      console.log(`${level}: ${r.numPassedTests} passed, ${failed} failed`);
    ' "$json" "$level" "$RESULTS/failures.txt" | tee -a "$RESULTS/lines.txt"
  else
    record "$level" 0 1
    failed_item "$level (no report: the run crashed)"
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
    failed_item "bench smoke"
  fi
}

# A C test file, a core source and a JS module broken on purpose in a
# scratch clone: each must fail the real build.sh (tests/breaks/).
run_broken_builds() {
  log "broken builds (a scratch clone, broken three ways)"
  local out code=0 summary
  out=$(bash tests/breaks/broken-builds.sh 2>&1) || code=$?
  printf '%s\n' "$out"
  printf '%s\n' "$out" | sed -n 's/^not caught: /breaks: /p' >>"$RESULTS/failures.txt"
  summary=$(printf '%s\n' "$out" | grep -E '^broken builds: [0-9]+ passed, [0-9]+ failed$' | tail -1 || true)
  if [ -z "$summary" ]; then
    record "broken builds" 0 1
    failed_item "breaks (exit $code, no summary)"
  else
    echo "$summary" >>"$RESULTS/lines.txt"
  fi
}

run_level() {
  case $1 in
    format) run_format_check ;;
    native | asan) run_native_tests "$1" ;;
    fuzz) run_fuzz "${FUZZ_SECONDS:-1}" ;;
    unit)
      log "unit tests (Vitest: WASM module and JS modules)"
      run_vitest unit tests/unit/vitest.config.js
      ;;
    e2e)
      log "browser end-to-end tests (Chromium)"
      run_vitest e2e tests/e2e/vitest.config.js
      ;;
    bench) run_bench_smoke ;;
    breaks) run_broken_builds ;;
  esac
}

LEVELS=(format native asan fuzz unit e2e bench breaks)
QUICK=(native unit)
BUILD_ORDER=(native asan fuzz wasm web)
# The build steps each level needs.
declare -A LEVEL_NEEDS=(
  [format]="" [native]="native" [asan]="asan" [fuzz]="fuzz"
  [unit]="native wasm" [e2e]="wasm web" [bench]="wasm" [breaks]=""
)

# One line per level, the native assertions apart, what failed, the time of
# each part, then the closing line (tests only); the exit status says
# whether all passed.
print_totals() {
  log "summary"
  cat "$RESULTS/lines.txt"
  if [ -s "$RESULTS/assertions.txt" ]; then
    echo "native C assertions (CHECKs; not in the total): $(paste -sd';' "$RESULTS/assertions.txt" | sed 's/;/; /g')"
  fi
  if [ -s "$RESULTS/failures.txt" ]; then
    echo "failed: $(paste -sd';' "$RESULTS/failures.txt" | sed 's/;/; /g')"
  fi
  echo "times: $(paste -sd',' "$RESULTS/times.txt" | sed 's/,/, /g')"
  awk '
    match($0, /: [0-9]+ passed, [0-9]+ failed/) {
      split(substr($0, RSTART + 2), f, /[ ,]+/); passed += f[1]; failed += f[3]
    }
    END { printf "total: %d passed, %d failed\n", passed, failed; exit failed > 0 }
  ' "$RESULTS/lines.txt"
}

timed() {
  local name=$1 start=$SECONDS
  shift
  "$@"
  echo "$name $((SECONDS - start)) s" >>"$RESULTS/times.txt"
}

# A failed build step is one failure, named; the levels still run (a level
# whose outputs are missing fails on its own).
test_build_step() {
  log "build $1"
  if ! build "$1"; then
    record "build $1" 0 1
    failed_item "build $1"
  fi
}

run_tests() {
  local levels=("$@") level step needed=" "
  [ ${#levels[@]} -gt 0 ] || levels=("${LEVELS[@]}")
  [ "${levels[*]}" != quick ] || levels=("${QUICK[@]}")
  for level in "${levels[@]}"; do
    if [ -z "${LEVEL_NEEDS[$level]+set}" ]; then
      echo "build.sh: unknown test level '$level'; the levels are: quick ${LEVELS[*]}" >&2
      exit 2
    fi
    needed+="${LEVEL_NEEDS[$level]} "
  done
  setup test
  rm -rf "$RESULTS" && mkdir -p "$RESULTS"
  : >"$RESULTS/lines.txt" && : >"$RESULTS/failures.txt"
  : >"$RESULTS/assertions.txt" && : >"$RESULTS/times.txt"
  write_makefile
  for step in "${BUILD_ORDER[@]}"; do
    [[ "$needed" != *" $step "* ]] || timed "build $step" test_build_step "$step"
  done
  for level in "${levels[@]}"; do timed "$level" run_level "$level"; done
  print_totals
}

cmd=${1:-build}
case "$cmd" in
  build)
    setup
    build_all native wasm web
    ;;
  serve)
    setup
    build_all wasm web
    log "serving http://127.0.0.1:${PORT:-5173}"
    exec npx vite preview --host 127.0.0.1 --port "${PORT:-5173}" --strictPort
    ;;
  test)
    shift
    run_tests "$@"
    ;;
  fuzz)
    setup fuzz
    rm -rf "$RESULTS" && mkdir -p "$RESULTS"
    : >"$RESULTS/lines.txt" && : >"$RESULTS/failures.txt" && : >"$RESULTS/times.txt"
    build_all fuzz
    timed fuzz run_fuzz "${2:-60}"
    print_totals
    ;;
  bench)
    setup
    build_all bench wasm web
    npm run --silent bench
    ;;
  *)
    echo "usage: ./build.sh build | serve | bench | fuzz [seconds] | test [quick | LEVEL...]" >&2
    echo "test levels: ${LEVELS[*]}" >&2
    exit 2
    ;;
esac
