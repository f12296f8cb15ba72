#!/usr/bin/env bash
# A broken build must fail ./build.sh test, naming what broke. In a scratch
# clone of this tree (its uncommitted edits and new files included), a line
# that does not compile is added in turn to a C test file, a core source and
# a JS module, and the level that builds it must exit non-zero with the
# broken step on its 'failed:' line: no old binary, object or bundle may
# pass in its place. The clone starts from this tree's build outputs, which
# build.sh has just brought up to date, so each run rebuilds only what the
# break touches.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
clone=$scratch/kblend

git clone -q "$repo" "$clone"
git -C "$repo" ls-files -z --modified --others --exclude-standard |
  while IFS= read -r -d '' file; do
    if [ -e "$repo/$file" ]; then
      mkdir -p "$(dirname "$clone/$file")" && cp "$repo/$file" "$clone/$file"
    else
      rm -f "$clone/$file"
    fi
  done
# node_modules hard-linked; its lock stamp copied, so it is newer than the
# clone's package-lock.json and build.sh does not reinstall
cp -al "$repo/node_modules" "$clone/node_modules"
rm "$clone/node_modules/.package-lock.json"
cp "$repo/node_modules/.package-lock.json" "$clone/node_modules/"
for dir in build/obj build/native build/stamps web/lib/wasm; do
  if [ -d "$repo/$dir" ]; then
    mkdir -p "$(dirname "$clone/$dir")" && cp -r "$repo/$dir" "$clone/$dir"
  fi
done
# outputs one moment, newer than every source of the checkout
now=$(date +%s.%N)
find "$clone/build" "$clone/web/lib/wasm" -type f -exec touch -d "@$now" {} + 2>/dev/null || true

passed=0 failed=0

# run NAME LEVEL: ./build.sh test LEVEL in the clone; sets $out and $code
run() {
  code=0
  out=$(cd "$clone" && ./build.sh test "$2" 2>&1) || code=$?
}

# the compiler's or bundler's first error, and the closing lines
report() {
  printf '%s\n' "$out" | grep -m1 -A1 -iE 'error' | sed 's/^/    /' || true
  printf '%s\n' "$out" | grep -E '^(failed|total): ' | sed 's/^/    /' || true
}

# caught NAME FILE LEVEL ITEM...: with FILE broken, the level must fail and
# name every ITEM on its 'failed:' line
caught() {
  local name=$1 file=$2 level=$3 item failed_line ok=1
  shift 3
  cp "$clone/$file" "$scratch/unbroken"
  printf '\nthis line does not compile;\n' >>"$clone/$file"
  run "$name" "$level"
  cp "$scratch/unbroken" "$clone/$file"
  failed_line=$(printf '%s\n' "$out" | grep '^failed: ' | tail -1 || true)
  [ "$code" -ne 0 ] || ok=0
  for item in "$@"; do [[ "$failed_line" == *"$item"* ]] || ok=0; done
  if [ $ok -eq 1 ]; then
    passed=$((passed + 1))
    echo "caught: $name ($file): ./build.sh test $level exited $code"
    report
  else
    failed=$((failed + 1))
    echo "not caught: $name ($file): ./build.sh test $level exited $code, expected a failure naming: $*"
    printf '%s\n' "$out" | tail -40
  fi
}

run unbroken native
if [ "$code" -ne 0 ]; then
  echo "not caught: unbroken clone (./build.sh test native fails before any break)"
  printf '%s\n' "$out" | tail -40
  echo "broken builds: 0 passed, 1 failed"
  exit 1
fi
caught 'a C test file' tests/c/test_quat.c native 'build native' 'native test_quat (not built)'
caught 'a core source' c_src/slerp.c native 'build native' 'native test_slerp (not built)'
caught 'a JS module' web/lib/kblend.js e2e 'build web' 'e2e'
echo "broken builds: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
