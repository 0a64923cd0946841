//! The maze calls.

use super::*;
use std::ptr::null_mut;

fn maze(w: u32, h: u32) -> *mut McrdunMaze {
    let mut m = null_mut();
    // SAFETY: `m` is writable.
    assert_eq!(unsafe { mcrdun_maze_new(w, h, &mut m) }, McrdunStatus::Ok);
    m
}

#[test]
fn maze_calls_keep_to_their_stated_costs() {
    let mut s = Sizes(2);
    let cases = [
        Stated {
            name: "mcrdun_maze_new",
            unit: "cell",
            per_unit: 2.0,
        },
        Stated {
            name: "mcrdun_maze_carve (backtracker)",
            unit: "cell",
            per_unit: 25.0,
        },
        Stated {
            name: "mcrdun_maze_carve (kruskal)",
            unit: "cell",
            per_unit: 49.0,
        },
        Stated {
            name: "mcrdun_maze_solve",
            unit: "cell",
            per_unit: 9.0,
        },
        Stated {
            name: "mcrdun_maze_hex",
            unit: "cell",
            per_unit: 9.0,
        },
        Stated {
            name: "mcrdun_maze_braid",
            unit: "cell",
            per_unit: 9.0,
        },
        Stated {
            name: "mcrdun_maze_texture",
            unit: "cell",
            per_unit: 28.0,
        },
        Stated {
            name: "mcrdun_maze_tiles",
            unit: "cell",
            per_unit: 8.0,
        },
    ];
    let mut worst: Vec<Worst> = cases.iter().map(|_| Worst::default()).collect();
    for round in 0..12 {
        let (w, h) = (s.side(2, 600) as u32, s.side(2, 600) as u32);
        let cells = u64::from(w) * u64::from(h);
        let (m, p) = peak(|| maze(w, h));
        worst[0].add(&cases[0], cells, p);
        // SAFETY: `m` is a live maze; buffers are NULL size queries or
        // vectors of the announced length.
        unsafe {
            let (st, p) = peak(|| mcrdun_maze_carve(m, 0, 0, 0, round));
            assert_eq!(st, McrdunStatus::Ok);
            worst[1].add(&cases[1], cells, p);
            let (st, p) = peak(|| mcrdun_maze_carve(m, 2, 0, 0, round));
            assert_eq!(st, McrdunStatus::Ok);
            worst[2].add(&cases[2], cells, p);
            let mut len = 0usize;
            let (_, p) = peak(|| mcrdun_maze_solve(m, 0, 0, w - 1, h - 1, null_mut(), 0, &mut len));
            worst[3].add(&cases[3], cells, p);
            let (_, p) = peak(|| mcrdun_maze_hex(m, 0, 0, w - 1, h - 1, null_mut(), 0, &mut len));
            worst[4].add(&cases[4], cells, p);
            let (st, p) = peak(|| mcrdun_maze_braid(m, 0.5, round));
            assert_eq!(st, McrdunStatus::Ok);
            worst[5].add(&cases[5], cells, p);
            let mut t = std::mem::MaybeUninit::<McrdunMazeTexture>::uninit();
            let (st, p) = peak(|| mcrdun_maze_texture(m, t.as_mut_ptr()));
            assert_eq!(st, McrdunStatus::Ok);
            worst[6].add(&cases[6], cells, p);
            let (_, p) = peak(|| mcrdun_maze_tiles(m, null_mut(), 0, &mut len));
            worst[7].add(&cases[7], cells, p);
            mcrdun_maze_free(m);
        }
    }
    report(&cases, &worst);
}
