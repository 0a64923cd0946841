//! The BSP calls.

use super::*;
use std::ptr::null_mut;

/// The most nodes a split of a `w` x `h` root to `depth` can make: the
/// unit of the splitters' stated cost (`2 * leaves - 1`, leaves bounded by
/// the depth and by the sizes: the minimum's for the seeded splitter, the
/// cells for libtcod's).
fn node_bound(w: i32, h: i32, depth: u32, min: Option<i32>) -> u64 {
    let by_size = match min {
        Some(m) => (w / m).max(1) as u64 * (h / m).max(1) as u64,
        None => w as u64 * h as u64,
    };
    2 * (1u64 << depth).min(by_size) - 1
}

/// A fresh tree over `w` x `h` split by the seeded splitter.
///
/// # Safety
/// The tree returned is freed by the caller.
unsafe fn split_tree(w: i32, h: i32, seed: u64, depth: u32) -> *mut McrdunBsp {
    let mut bsp = null_mut();
    // SAFETY: `bsp` is a valid out-parameter, then a live handle.
    unsafe {
        assert_eq!(mcrdun_bsp_new(0, 0, w, h, &mut bsp), McrdunStatus::Ok);
        assert_eq!(
            mcrdun_bsp_split_recursive(bsp, seed, depth, 4, 4, 1.5, 1.5),
            McrdunStatus::Ok
        );
    }
    bsp
}

#[test]
fn bsp_calls_keep_to_their_stated_costs() {
    let mut s = Sizes(5);
    let stated = Stated::new;
    let cases = [
        stated("mcrdun_bsp_split_recursive", "node", 36.0),
        stated("mcrdun_bsp_split_recursive_libtcod", "node", 36.0),
        stated("mcrdun_bsp_adjacency (first)", "leaf", 128.0),
        stated("mcrdun_bsp_split_leaf", "node", 72.0),
        stated("mcrdun_bsp_resize", "node", 16.0),
        stated("mcrdun_bsp_adjacent_tiles", "node", 12.0),
        stated("mcrdun_bsp_traverse", "node", 10.0),
        stated("mcrdun_bsp_rasterise_leaves", "node", 12.0),
    ];
    let mut worst = worst_of(&cases);
    for round in 0..10 {
        let mut len = 0usize;
        let (w, h) = (s.side(8, 5000) as i32, s.side(8, 5000) as i32);
        let depth = s.below(17) as u32;
        // SAFETY: the trees live until freed here; the two-call outputs
        // are NULL size queries.
        unsafe {
            let mut bsp = null_mut();
            assert_eq!(mcrdun_bsp_new(0, 0, w, h, &mut bsp), McrdunStatus::Ok);
            let (st, pk) = peak(|| mcrdun_bsp_split_recursive(bsp, round, depth, 4, 4, 1.5, 1.5));
            assert_eq!(st, McrdunStatus::Ok);
            worst[0].add(&cases[0], node_bound(w, h, depth, Some(4)), pk);
            let (st, pk) = peak(|| {
                mcrdun_bsp_split_recursive_libtcod(bsp, round as u32, depth, 1, 1, 1.0, 1.0)
            });
            assert_eq!(st, McrdunStatus::Ok);
            worst[1].add(&cases[1], node_bound(w, h, depth, None), pk);
            // The first adjacency after a change, the leaf numbering built
            // already (by the count).
            let leaves = mcrdun_bsp_leaf_count(bsp) as u64;
            let (_, pk) = peak(|| mcrdun_bsp_adjacency(bsp, 0, null_mut(), 0, &mut len));
            worst[2].add(&cases[2], leaves, pk);
            mcrdun_bsp_free(bsp);

            // The calls that may build the leaf numbering, each on a fresh
            // tree whose numbering is not built yet.
            let fresh = || split_tree(w, h, round, depth);
            let bsp = fresh();
            let nodes = mcrdun_bsp_node_count(bsp) as u64;
            let (st, pk) = peak(|| mcrdun_bsp_resize(bsp, 1, 1, w, h));
            assert_eq!(st, McrdunStatus::Ok);
            worst[4].add(&cases[4], nodes, pk);
            let (st, pk) = peak(|| mcrdun_bsp_adjacent_tiles(bsp, 0, 0, null_mut(), 0, &mut len));
            assert_eq!(st, McrdunStatus::NotAdjacent);
            worst[5].add(&cases[5], nodes, pk);
            for order in 0..5 {
                let (st, pk) = peak(|| mcrdun_bsp_traverse(bsp, 0, order, null_mut(), 0, &mut len));
                assert_eq!(st, McrdunStatus::BufferTooSmall);
                worst[6].add(&cases[6], nodes, pk);
            }
            mcrdun_bsp_free(bsp);
            // Leaf by leaf from a bare root: the arena fills and doubles
            // (past 4096 nodes in the first rounds, to read the slope).
            let mut bsp = null_mut();
            assert_eq!(mcrdun_bsp_new(0, 0, 4096, 4096, &mut bsp), McrdunStatus::Ok);
            let splits = if round < 3 {
                s.side(2100, 4000)
            } else {
                s.side(16, 2000)
            };
            for k in 0..splits as usize {
                let n = mcrdun_bsp_node_count(bsp) as u64;
                let k = k % mcrdun_bsp_leaf_count(bsp);
                let mut r = McrdunRect::default();
                assert_eq!(mcrdun_bsp_leaf_rect(bsp, k, &mut r), McrdunStatus::Ok);
                let (st, pk) = if r.w >= 2 {
                    peak(|| mcrdun_bsp_split_leaf(bsp, k, 0, r.x + 1))
                } else if r.h >= 2 {
                    peak(|| mcrdun_bsp_split_leaf(bsp, k, 1, r.y + 1))
                } else {
                    continue;
                };
                assert_eq!(st, McrdunStatus::Ok);
                worst[3].add(&cases[3], n, pk);
            }
            mcrdun_bsp_free(bsp);
            let bsp = fresh();
            let nodes = mcrdun_bsp_node_count(bsp) as u64;
            let mut cells = vec![0u32; 64 * 64];
            let (st, pk) = peak(|| mcrdun_bsp_rasterise_leaves(bsp, 1, cells.as_mut_ptr(), 64, 64));
            assert_eq!(st, McrdunStatus::Ok);
            worst[7].add(&cases[7], nodes, pk);
            mcrdun_bsp_free(bsp);
        }
    }
    report(&cases, &worst);
}

/// A C call on a tree.
type Call<'a> = dyn Fn(*mut McrdunBsp) -> McrdunStatus + 'a;

/// Each call refuses one byte below its stated need, allocating next to
/// nothing, and succeeds with exactly it.
#[test]
fn bsp_calls_refuse_one_byte_short_and_fit_exactly() {
    use mcrdun_geom::memory::Budget;
    // SAFETY: every tree lives until freed here; the two-call outputs are
    // NULL size queries.
    unsafe {
        // 80x50 to depth 4: a one-node arena and at most 31 nodes.
        let mut bsp = null_mut();
        assert_eq!(mcrdun_bsp_new(0, 0, 80, 50, &mut bsp), McrdunStatus::Ok);
        for libtcod in [false, true] {
            let split = |cap| {
                let _b = Budget::start_with(cap);
                peak(|| {
                    if libtcod {
                        mcrdun_bsp_split_recursive_libtcod(bsp, 1, 4, 4, 4, 1.5, 1.5)
                    } else {
                        mcrdun_bsp_split_recursive(bsp, 1, 4, 4, 4, 1.5, 1.5)
                    }
                })
            };
            let (st, pk) = split(32 * 36 - 1);
            assert_eq!(st, McrdunStatus::TooLarge);
            assert!(pk < ALLOWANCE);
            assert_eq!(split(32 * 36).0, McrdunStatus::Ok);
        }
        mcrdun_bsp_free(bsp);

        let tree = || split_tree(300, 200, 3, 8);
        let mut grid = [0u32; 4];
        let cells = grid.as_mut_ptr();
        let mut len = 0usize;
        let len: *mut usize = &mut len;
        let calls: [(&str, &Call<'_>, u64); 5] = [
            ("resize", &|b| mcrdun_bsp_resize(b, 0, 0, 300, 200), 16),
            (
                "traverse",
                &|b| mcrdun_bsp_traverse(b, 0, 0, null_mut(), 0, len),
                10,
            ),
            (
                "rasterise",
                &|b| mcrdun_bsp_rasterise_leaves(b, 0, cells, 2, 2),
                12,
            ),
            (
                "adjacent tiles",
                &|b| mcrdun_bsp_adjacent_tiles(b, 0, 0, null_mut(), 0, len),
                12,
            ),
            // The whole arena with two nodes more: the numbering's 12
            // bytes a node fit inside that.
            ("split leaf", &|b| mcrdun_bsp_split_leaf(b, 0, 1, 1), 36),
        ];
        for (name, call, per_node) in calls {
            let bsp = tree();
            let extra = if name == "split leaf" { 2 } else { 0 };
            let need = (mcrdun_bsp_node_count(bsp) as u64 + extra) * per_node;
            let (st, pk) = {
                let _b = Budget::start_with(need - 1);
                peak(|| call(bsp))
            };
            assert_eq!(st, McrdunStatus::TooLarge, "{name}");
            assert!(pk < ALLOWANCE, "{name}: {pk}");
            let _b = Budget::start_with(need);
            assert_ne!(call(bsp), McrdunStatus::TooLarge, "{name}");
            mcrdun_bsp_free(bsp);
        }
        // The adjacency: the numbering (12 bytes a node), then 128 bytes a
        // leaf.
        let bsp = tree();
        let nodes = mcrdun_bsp_node_count(bsp) as u64;
        {
            let _b = Budget::start_with(nodes * 12 - 1);
            assert_eq!(
                mcrdun_bsp_adjacency(bsp, 0, null_mut(), 0, len),
                McrdunStatus::TooLarge
            );
        }
        let leaves = mcrdun_bsp_leaf_count(bsp) as u64;
        let adjacency = |cap| {
            let _b = Budget::start_with(cap);
            peak(|| mcrdun_bsp_adjacency(bsp, 0, null_mut(), 0, len))
        };
        let (st, pk) = adjacency(leaves * 128 - 1);
        assert!(
            st == McrdunStatus::TooLarge && pk < ALLOWANCE,
            "{st:?} {pk}"
        );
        assert_eq!(adjacency(leaves * 128).0, McrdunStatus::BufferTooSmall);
        mcrdun_bsp_free(bsp);
    }
}

/// The reproducer of a split past the ceiling: a root 2^31 - 1 wide to
/// depth 26 at minimum 1 (2^27 - 1 nodes, 4.8 GB) is refused before any
/// work, by both splitters, allocating next to nothing.
#[test]
fn a_split_past_the_ceiling_is_refused_before_any_work() {
    let _ceiling = mcrdun_geom::memory::Budget::start_with(1 << 30);
    // SAFETY: the tree lives until freed here.
    unsafe {
        let mut bsp = null_mut();
        assert_eq!(
            mcrdun_bsp_new(0, 0, i32::MAX, 1, &mut bsp),
            McrdunStatus::Ok
        );
        let (st, pk) = peak(|| mcrdun_bsp_split_recursive(bsp, 1, 26, 1, 1, 1.5, 1.5));
        assert_eq!(
            (st, mcrdun_bsp_node_count(bsp)),
            (McrdunStatus::TooLarge, 1)
        );
        assert!(pk < ALLOWANCE, "{pk}");
        let (st, pk) = peak(|| mcrdun_bsp_split_recursive_libtcod(bsp, 1, 26, 1, 1, 1.5, 1.5));
        assert_eq!(
            (st, mcrdun_bsp_node_count(bsp)),
            (McrdunStatus::TooLarge, 1)
        );
        assert!(pk < ALLOWANCE, "{pk}");
        let mut buf = [0u8; 512];
        let mut len = 0usize;
        mcrdun_last_error(buf.as_mut_ptr().cast(), buf.len(), &mut len);
        let msg = String::from_utf8_lossy(&buf[..len.min(buf.len())]).into_owned();
        assert!(
            msg.contains("the BSP node arena") && msg.contains("4831838208"),
            "{msg}"
        );
        mcrdun_bsp_free(bsp);
    }
}
