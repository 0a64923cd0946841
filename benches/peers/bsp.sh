#!/usr/bin/env bash
# Times libtcod's BSP splitter (through python-tcod's compiled library) and
# mcrdun-bsp's criterion benches in one run, then prints medians and ratios.
# Installs python-tcod into benches/peers/.venv (git-ignored) if missing.
#
#   bash benches/peers/bsp.sh            # full criterion settings
#   QUICK=1 bash benches/peers/bsp.sh    # shorter measurement
#
# Load from other processes on the machine moves both sides: run it on a
# quiet machine, and compare the two libtcod medians printed (before and
# after our run) to judge the noise.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
venv="$here/.venv"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import tcod" 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet tcod
fi
args=(--warm-up-time 1 --measurement-time 5)
if [ "${QUICK:-0}" = 1 ]; then args=(--warm-up-time 1 --measurement-time 3); fi
# Build first, so that no compiler competes with either timing; then time
# libtcod, our two splitters, libtcod again (both libtcod runs are pooled,
# so a change of machine load during our run weighs on both sides), and
# last the adjacency benches.
(cd "$root" && cargo bench -p mcrdun-benches --bench bsp --no-run >&2)
libtcod_before="$("$venv/bin/python" "$here/bsp_libtcod.py")"
(cd "$root" && cargo bench -p mcrdun-benches --bench bsp -- "${args[@]}" split_recursive >&2)
libtcod_after="$("$venv/bin/python" "$here/bsp_libtcod.py")"
(cd "$root" && cargo bench -p mcrdun-benches --bench bsp -- "${args[@]}" 'adjacency|brute' >&2)
libtcod_json="$("$venv/bin/python" - "$libtcod_before" "$libtcod_after" <<'PY2'
import json, statistics, sys
a, b = json.loads(sys.argv[1]), json.loads(sys.argv[2])
times = a["times_s"] + b["times_s"]
print(json.dumps({"split_median_s": statistics.median(times), "leaves": a["leaves"],
                  "medians_before_after_s": [a["split_median_s"], b["split_median_s"]]}))
PY2
)"
echo "libtcod: $libtcod_json"
"$venv/bin/python" - "$root/target/criterion" "$libtcod_json" <<'PY'
import json, sys, os
crit, libtcod = sys.argv[1], json.loads(sys.argv[2])
def median(name):
    with open(os.path.join(crit, "bsp", name, "new", "estimates.json")) as f:
        return json.load(f)["median"]["point_estimate"] / 1e9
ours = median("split_recursive_65536_depth20")
ours_tcod = median("split_recursive_libtcod_65536_depth20")
adj_rand = median("adjacency_split20_514595_leaves")
adj_big = median("adjacency_2pow20_leaves")
adj_small = median("adjacency_4096_leaves")
brute = median("brute_force_4096_leaves")
lt = libtcod["split_median_s"]
rows = [
    ("libtcod TCOD_bsp_split_recursive, 65536^2, depth 20, min 8, ratio 1.5 (%d leaves)" % libtcod["leaves"], lt, ""),
    ("mcrdun split_recursive_libtcod, same tree", ours_tcod, "%.2fx libtcod's time" % (ours_tcod / lt)),
    ("mcrdun split_recursive (seeded), same parameters", ours, "%.2fx libtcod's time" % (ours / lt)),
    ("mcrdun adjacency, 514,595 leaves of the seeded split", adj_rand, ""),
    ("mcrdun adjacency, 2^20 leaves (64x64 grid tree)", adj_big, ""),
    ("mcrdun adjacency, 4096 leaves", adj_small, ""),
    ("brute force O(n^2) adjacency, 4096 leaves", brute, "%.1fx the sweep at 4096" % (brute / adj_small)),
    ("brute force extrapolated to 2^20 leaves (x 256^2)", brute * 65536, "%.0fx the sweep at 2^20" % (brute * 65536 / adj_big)),
]
print("| what | median | ratio |\n| --- | --- | --- |")
for what, t, ratio in rows:
    print("| %s | %s | %s |" % (what, ("%.1f ms" % (t * 1e3)) if t < 10 else ("%.0f s" % t), ratio))
PY
