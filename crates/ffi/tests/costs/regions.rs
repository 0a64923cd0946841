//! The region-labelling calls.

use super::*;
use std::ptr::null_mut;

#[test]
fn region_calls_keep_to_their_stated_costs() {
    let mut s = Sizes(3);
    let cases = [
        Stated {
            name: "mcrdun_regions_label (4)",
            unit: "cell",
            per_unit: 8.0,
        },
        Stated {
            name: "mcrdun_regions_label (8)",
            unit: "cell",
            per_unit: 8.0,
        },
        Stated {
            name: "mcrdun_regions_reachable_from",
            unit: "cell",
            per_unit: 13.0,
        },
        Stated {
            name: "mcrdun_regions_connect",
            unit: "cell",
            per_unit: 80.0,
        },
        Stated {
            name: "mcrdun_regions_stats",
            unit: "cell",
            per_unit: 8.0,
        },
    ];
    let mut worst: Vec<Worst> = cases.iter().map(|_| Worst::default()).collect();
    for _ in 0..12 {
        let (w, h) = (s.side(2, 600), s.side(2, 600));
        let open = s.below(1000);
        let mut cells = map(&mut s, w, h, open);
        let n = w * h;
        let mut labels = vec![0u32; n as usize];
        let mut mask = vec![0u8; n as usize];
        let (mut count, mut len) = (0u32, 0usize);
        // SAFETY: every buffer holds `n` values.
        unsafe {
            for (k, conn) in [(0, 4), (1, 8)] {
                let (st, p) = peak(|| {
                    mcrdun_regions_label(
                        cells.as_ptr(),
                        w as u32,
                        h as u32,
                        conn,
                        labels.as_mut_ptr(),
                        labels.len(),
                        &mut count,
                    )
                });
                assert_eq!(st, McrdunStatus::Ok);
                worst[k].add(&cases[k], n, p);
            }
            let (_, p) = peak(|| {
                mcrdun_regions_reachable_from(
                    cells.as_ptr(),
                    w as u32,
                    h as u32,
                    4,
                    McrdunPoint { x: 0, y: 0 },
                    mask.as_mut_ptr(),
                    mask.len(),
                )
            });
            worst[2].add(&cases[2], n, p);
            let (_, p) = peak(|| {
                mcrdun_regions_stats(
                    cells.as_ptr(),
                    w as u32,
                    h as u32,
                    8,
                    null_mut(),
                    0,
                    &mut len,
                )
            });
            worst[4].add(&cases[4], n, p);
            let (_, p) = peak(|| {
                mcrdun_regions_connect(cells.as_mut_ptr(), w as u32, h as u32, 0, &mut len)
            });
            worst[3].add(&cases[3], n, p);
        }
    }
    report(&cases, &worst);
}
