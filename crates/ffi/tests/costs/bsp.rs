//! The BSP calls.

use super::*;
use std::ptr::null_mut;

#[test]
#[ignore = "split_recursive peaks at 67 B/node (its nodes vector doubles) against the 36 stated: being fixed under issue 24"]
fn bsp_calls_keep_to_their_stated_costs() {
    let mut s = Sizes(5);
    let cases = [
        Stated {
            name: "mcrdun_bsp_split_recursive",
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
        // SAFETY: the tree lives until freed here; the adjacency call is a
        // NULL size query.
        unsafe {
            let (w, h) = (s.side(8, 5000) as i32, s.side(8, 5000) as i32);
            let mut bsp = null_mut();
            assert_eq!(mcrdun_bsp_new(0, 0, w, h, &mut bsp), McrdunStatus::Ok);
            let depth = s.below(14) as u32;
            let (st, pk) = peak(|| mcrdun_bsp_split_recursive(bsp, round, depth, 4, 4, 1.5, 1.5));
            assert_eq!(st, McrdunStatus::Ok);
            let leaves = mcrdun_bsp_leaf_count(bsp);
            worst[0].add(&cases[0], 2 * leaves as u64, pk);
            let (_, pk) = peak(|| mcrdun_bsp_adjacency(bsp, 0, null_mut(), 0, &mut len));
            worst[1].add(&cases[1], leaves as u64, pk);
            mcrdun_bsp_free(bsp);
        }
    }
    report(&cases, &worst);
}
