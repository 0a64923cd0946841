//! Generates `COUNT` levels of `KIND` at `WxH` (seeds 1..=COUNT) and prints
//! the CPU time per level; `ROOMS` sets the room count of scatter and
//! passages (the bench's scaling).
use mcrdun_dungeon::{LevelConfig, LevelKind, generate};
fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let kind = LevelKind::ALL
        .into_iter()
        .find(|k| k.name() == a[0])
        .unwrap();
    let (w, h) = a[1]
        .split_once('x')
        .map(|(w, h)| (w.parse().unwrap(), h.parse().unwrap()))
        .unwrap();
    let count: u64 = a[2].parse().unwrap();
    let rooms: Option<u32> = a.get(3).map(|r| r.parse().unwrap());
    let mut c = LevelConfig::new(kind, w, h);
    if let Some(r) = rooms {
        match &mut c {
            LevelConfig::Scatter(s) => s.rooms = r,
            LevelConfig::Passages(p) => p.rooms = r,
            _ => {}
        }
    }
    let t = std::time::Instant::now();
    let mut walk = 0;
    for seed in 1..=count {
        walk += generate(&c, seed).unwrap().summary().walkable;
    }
    println!(
        "{} {w}x{h}: {:.3} ms/level ({walk})",
        kind.name(),
        t.elapsed().as_secs_f64() * 1000.0 / count as f64
    );
}
