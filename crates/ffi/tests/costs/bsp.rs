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

#[test]
fn bsp_calls_keep_to_their_stated_costs() {
    let mut s = Sizes(5);
    let cases = [
        Stated {
            name: "mcrdun_bsp_split_recursive",
            unit: "node",
            per_unit: 36.0,
        },
        Stated {
            name: "mcrdun_bsp_split_recursive_libtcod",
            unit: "node",
            per_unit: 36.0,
        },
        Stated {
            name: "mcrdun_bsp_adjacency (first)",
            unit: "leaf",
            per_unit: 128.0,
        },
    ];
    let mut worst: Vec<Worst> = cases.iter().map(|_| Worst::default()).collect();
    for round in 0..10 {
        let mut len = 0usize;
        // SAFETY: the trees live until freed here; the adjacency call is a
        // NULL size query.
        unsafe {
            let (w, h) = (s.side(8, 5000) as i32, s.side(8, 5000) as i32);
            let depth = s.below(17) as u32;
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
            let leaves = mcrdun_bsp_leaf_count(bsp);
            let (_, pk) = peak(|| mcrdun_bsp_adjacency(bsp, 0, null_mut(), 0, &mut len));
            worst[2].add(&cases[2], leaves as u64, pk);
            mcrdun_bsp_free(bsp);
        }
    }
    report(&cases, &worst);
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
            msg.contains("the BSP nodes") && msg.contains("4831838208"),
            "{msg}"
        );
        mcrdun_bsp_free(bsp);
    }
}
