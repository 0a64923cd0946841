//! Reading a level (Rust): its text and its metrics.

use super::*;
use mcrdun_dungeon::{LevelConfig, LevelKind, generate};

#[test]
fn reading_a_level_keeps_to_its_stated_costs() {
    let mut s = Sizes(6);
    let cases = [
        Stated::new("Level::to_ascii", "tile", 1.0),
        Stated::new(
            "Level::metrics",
            "tile",
            mcrdun_dungeon::METRICS_BYTES_PER_TILE as f64,
        ),
    ];
    let mut worst = worst_of(&cases);
    let kinds = [
        LevelKind::Bsp,
        LevelKind::Scatter,
        LevelKind::Maze,
        LevelKind::Cave,
        LevelKind::Passages,
    ];
    for round in 0..15 {
        let kind = kinds[round % kinds.len()];
        let (w, h) = match round / kinds.len() {
            0 => (s.side(30, 400) as u32, s.side(30, 400) as u32),
            1 => (30, s.side(300, 2000) as u32),
            _ => (s.side(300, 2000) as u32, 30),
        };
        let Ok(level) = generate(&LevelConfig::new(kind, w, h), round as u64) else {
            continue;
        };
        let tiles = u64::from(w) * u64::from(h);
        // One byte a tile and a newline a row.
        let (_, p) = peak(|| level.to_ascii());
        worst[0].add(&cases[0], tiles + u64::from(h), p);
        let (_, p) = peak(|| level.metrics());
        worst[1].add(&cases[1], tiles, p);
    }
    report(&cases, &worst);
}
