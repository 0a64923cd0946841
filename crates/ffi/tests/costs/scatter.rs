//! The scattered-room calls.

use super::*;
use std::ptr::null_mut;

#[test]
fn scatter_calls_keep_to_their_stated_costs() {
    let mut s = Sizes(4);
    let cases = [
        Stated {
            name: "mcrdun_scatter_generate",
            unit: "room",
            per_unit: 320.0,
        },
        Stated {
            name: "mcrdun_scatter_neighbours",
            unit: "pair",
            per_unit: 72.0,
        },
        Stated {
            name: "mcrdun_scatter_links",
            unit: "pair",
            per_unit: 250.0,
        },
    ];
    let mut worst: Vec<Worst> = cases.iter().map(|_| Worst::default()).collect();
    for round in 0..10 {
        let count = s.side(1, 20_000) as u32;
        // SAFETY: the buffers hold what the calls announce; handles live
        // until freed here.
        unsafe {
            let mut p = std::mem::MaybeUninit::<McrdunScatterParams>::uninit();
            assert_eq!(
                mcrdun_scatter_params_default(p.as_mut_ptr()),
                McrdunStatus::Ok
            );
            let mut params = p.assume_init();
            params.count = count;
            let mut rooms = vec![
                McrdunRect {
                    x: 0,
                    y: 0,
                    w: 1,
                    h: 1
                };
                count as usize
            ];
            let (mut len, mut tree) = (0usize, 0usize);
            let mut rep = McrdunSeparation::default();
            let (st, pk) = peak(|| {
                mcrdun_scatter_generate(
                    round,
                    &params,
                    rooms.as_mut_ptr(),
                    rooms.len(),
                    &mut len,
                    &mut rep,
                )
            });
            assert_eq!(st, McrdunStatus::Ok);
            worst[0].add(&cases[0], u64::from(count), pk);
            let gap = 1 + s.below(8) as u32;
            let (_, pk) = peak(|| {
                mcrdun_scatter_neighbours(rooms.as_ptr(), len, gap, 1, null_mut(), 0, &mut len)
            });
            let pairs = len as u64 / 2;
            let n = u64::from(count);
            worst[1].add_stated(&cases[1], 40 * n + 72 * pairs, pairs, pk);
            let (_, pk) = peak(|| {
                mcrdun_scatter_links(
                    rooms.as_ptr(),
                    count as usize,
                    gap,
                    1,
                    0,
                    0.3,
                    1,
                    null_mut(),
                    0,
                    &mut len,
                    &mut tree,
                )
            });
            worst[2].add_stated(&cases[2], 100 * n + 250 * pairs, pairs, pk);
        }
    }
    report(&cases, &worst);
}
