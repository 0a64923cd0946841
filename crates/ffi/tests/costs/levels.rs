//! Whole levels.

use super::*;
use std::ptr::null_mut;

#[test]
fn levels_keep_to_their_stated_costs_and_accepted_limits() {
    use mcrdun_dungeon::{LevelKind, schema::bytes_per_tile};
    let mut s = Sizes(1);
    let kinds = [
        (MCRDUN_LEVEL_KIND_BSP, LevelKind::Bsp),
        (MCRDUN_LEVEL_KIND_SCATTER, LevelKind::Scatter),
        (MCRDUN_LEVEL_KIND_MAZE, LevelKind::Maze),
        (MCRDUN_LEVEL_KIND_CAVE, LevelKind::Cave),
        (MCRDUN_LEVEL_KIND_PASSAGES, LevelKind::Passages),
    ];
    for (c_kind, kind) in kinds {
        let stated = Stated {
            name: kind.name(),
            unit: "tile",
            per_unit: bytes_per_tile(kind) as f64,
        };
        let mut worst = Worst::default();
        for i in 0..6 {
            let (w, h) = match i {
                0 => (30, s.side(300, 3000) as u32),
                1 => (s.side(300, 3000) as u32, 30),
                _ => (s.side(30, 700) as u32, s.side(30, 700) as u32),
            };
            let mut config = std::mem::MaybeUninit::<McrdunLevelConfig>::uninit();
            let mut tiles = vec![0u8; (w * h) as usize];
            let mut len = 0usize;
            // SAFETY: `config` is initialised by the call; `tiles` holds
            // the level's tiles; the other outputs are skipped (NULL).
            let (st, pk) = peak(|| unsafe {
                assert_eq!(
                    mcrdun_level_config_default(c_kind, w, h, config.as_mut_ptr()),
                    McrdunStatus::Ok
                );
                mcrdun_level_generate(
                    config.as_ptr(),
                    1,
                    tiles.as_mut_ptr(),
                    tiles.len(),
                    &mut len,
                    null_mut(),
                    0,
                    null_mut(),
                    null_mut(),
                    0,
                    null_mut(),
                    null_mut(),
                )
            });
            if st == McrdunStatus::Ok {
                worst.add(&stated, u64::from(w) * u64::from(h), pk);
            }
        }
        assert!(worst.check(&stated), "{} over its stated cost", kind.name());
    }
}
