#!/usr/bin/env bash
# The deeper run of the property tests: every test file of the workspace
# that holds a `proptest!` block, run RUNS times (default 200), each time
# with a fresh seed, in release with debug assertions and overflow checks.
# `cargo test` itself always runs the pinned seed
# (mcrdun_test_util::proptest_config), so that CI is reproducible; this is
# the run that looks for new failing cases.
#
#   scripts/fresh-seeds.sh [RUNS]
#
# On a failure it prints the seed and the command that replays it, and
# stops; proptest has then written the shrunk case into the test's
# `<test>.proptest-regressions` file, which `cargo test` replays from then
# on: commit it with the fix.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-200}
# Release speed, with the checks that `cargo test` has in debug: an
# overflow or a debug assertion fails here as it would there.
export CARGO_PROFILE_RELEASE_DEBUG_ASSERTIONS=true
export CARGO_PROFILE_RELEASE_OVERFLOW_CHECKS=true

# The property test files, as cargo's package and test names.
args=()
files=()
for f in $(grep -l 'proptest!' crates/*/tests/*.rs | sort); do
  crate_dir=${f%/tests/*}
  pkg=$(sed -n 's/^name = "\(.*\)"$/\1/p' "$crate_dir/Cargo.toml" | head -n 1)
  args+=(-p "$pkg" --test "$(basename "$f" .rs)")
  files+=("$PWD/$f")
done

# Build once; read the test executables off cargo's messages.
mapfile -t bins < <(
  cargo test --release "${args[@]}" --no-run --message-format=json 2>/dev/null |
    python3 -c '
import json, sys
files = set(sys.argv[1:])
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") \
            and m["target"]["src_path"] in files:
        print(m["executable"])
' "${files[@]}"
)
if [ "${#bins[@]}" -ne "${#files[@]}" ]; then
  echo "expected ${#files[@]} property test binaries, built ${#bins[@]}" >&2
  exit 1
fi
echo "${#bins[@]} property test files, $runs fresh seeds each"

for ((run = 1; run <= runs; run++)); do
  for bin in "${bins[@]}"; do
    seed=$(od -An -N8 -tu8 /dev/urandom | tr -d ' ')
    if ! MCRDUN_PROPTEST_SEED=$seed "$bin" -q >"${TMPDIR:-/tmp}/fresh-seeds.out" 2>&1; then
      cat "${TMPDIR:-/tmp}/fresh-seeds.out"
      echo "FAILED: run $run, $(basename "$bin"), seed $seed" >&2
      echo "replay: MCRDUN_PROPTEST_SEED=$seed $bin" >&2
      exit 1
    fi
  done
  if (( run % 20 == 0 )); then echo "  $run runs passed"; fi
done
echo "$runs passed, 0 failed: every property test with $runs fresh seeds"
