#!/usr/bin/env bash
# The command-line reproducers of the memory ceiling (issue 24), each run
# under an address-space cap, with its exit status, CPU time and peak RSS.
# The C reproducers are the "#24" cases of ffi-tests/hostile.c, which
# prints the same figures for each (run by `cargo test -p mcrdun-ffi`).
#
#   benches/memory/cli_reproducers.sh            # builds the release CLI
#   MCRDUN=path/to/mcrdun benches/memory/cli_reproducers.sh
#
# Prints one Markdown table row a reproducer. Figures, not a test: nothing
# here fails on a slow machine; a row whose status is not the expected one
# is marked UNEXPECTED and the script exits 1.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
if [ -z "${MCRDUN:-}" ]; then
    cargo build --quiet --release -p mcrdun-cli --manifest-path "$root/Cargo.toml" || exit 2
    MCRDUN="$root/target/release/mcrdun"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
unexpected=0

echo "| reproducer | cap | expected | exit | CPU s | peak RSS MB | verdict |"
echo "|---|---|---|---|---|---|---|"

# row NAME CAP_KB EXPECTED_EXIT COMMAND...: runs COMMAND under `ulimit -v
# CAP_KB`, its stdout to a file, and prints the row.
row() {
    local name=$1 cap=$2 want=$3
    shift 3
    local exit_code
    (ulimit -v "$cap"; /usr/bin/time -f '%U %S %M' -o "$work/time" "$@" >"$work/out" 2>"$work/err")
    exit_code=$?
    # /usr/bin/time notes a signal on a line of its own; the figures are
    # on the last.
    read -r user sys rss < <(tail -n 1 "$work/time" 2>/dev/null) || { user=0; sys=0; rss=0; }
    local cpu verdict=ok
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
    if [ "$exit_code" != "$want" ]; then
        verdict="UNEXPECTED: $(head -c 200 "$work/err" | tr '\n' ' ')"
        unexpected=1
    fi
    printf '| `%s` | %s GB | %s | %s | %s | %s | %s |\n' "$name" \
        "$(awk -v k="$cap" 'BEGIN { printf "%.1f", k / 1e6 }')" "$want" "$exit_code" "$cpu" \
        "$(awk -v k="$rss" 'BEGIN { printf "%.0f", k / 1024 }')" "$verdict"
}

max=18446744073709551615
row "bsp --width 20000 --height 20000 --max-bytes $max" 2000000 2 \
    "$MCRDUN" bsp --width 20000 --height 20000 --max-bytes "$max"
row "scatter --width 20000 --height 20000 --max-bytes $max" 2000000 2 \
    "$MCRDUN" scatter --width 20000 --height 20000 --max-bytes "$max"
row "bsp --width 59 --height 9277792 --max-bytes $max" 2000000 2 \
    "$MCRDUN" bsp --width 59 --height 9277792 --max-bytes "$max"
row "cave --width 6000 --height 7000" 4000000 "${CAVE_EXIT:-2}" \
    "$MCRDUN" cave --width 6000 --height 7000 --format json
row "maze --format 42 --cells 20000x20000 --max-bytes $max" 2000000 2 \
    "$MCRDUN" maze --format 42 --cells 20000x20000 --max-bytes "$max"
row "maze --config /dev/zero" 2000000 2 "$MCRDUN" maze --config /dev/zero

# A write that fails half way (file-size limit) keeps the old file.
printf 'the old level\n' >"$work/level.txt"
# (SIGXFSZ ends the command: exit 153; the shell's note of it is hidden.)
sh -c 'ulimit -f 16; "$0" bsp --width 400 --height 400 --output "$1"' "$MCRDUN" "$work/level.txt" 2>/dev/null
code=$?
kept=$(cat "$work/level.txt")
verdict=ok
if [ "$kept" != "the old level" ] || [ "$code" = 0 ]; then verdict=UNEXPECTED; unexpected=1; fi
printf '| `%s` | - | not 0, old file kept | %s | - | - | %s (file holds "%s") |\n' \
    "ulimit -f 16; bsp 400x400 --output level.txt" "$code" "$verdict" "$kept"

# A closed standard output is an error.
sh -c "exec '$MCRDUN' bsp --seed 1 >&-" 2>/dev/null
code=$?
verdict=ok
if [ "$code" != 1 ]; then verdict=UNEXPECTED; unexpected=1; fi
printf '| `%s` | - | 1 | %s | - | - | %s |\n' "bsp >&-" "$code" "$verdict"

# An OUTPUT_FILE that is the config by a hard link is refused.
printf 'WIDTH=5\nHEIGHT=5\nENTRY=0,0\nEXIT=4,4\nOUTPUT_FILE=%s\nPERFECT=True\n' \
    "$work/out.txt" >"$work/maze.cfg"
ln "$work/maze.cfg" "$work/out.txt"
before=$(cat "$work/maze.cfg")
"$MCRDUN" maze --config "$work/maze.cfg" 2>/dev/null
code=$?
verdict=ok
if [ "$code" = 0 ] || [ "$(cat "$work/maze.cfg")" != "$before" ]; then verdict=UNEXPECTED; unexpected=1; fi
printf '| `%s` | - | not 0, config kept | %s | - | - | %s |\n' "maze --config (OUTPUT_FILE a hard link to it)" "$code" "$verdict"
exit $unexpected
