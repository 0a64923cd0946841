//! Times the things' stage against the level it runs on: for each
//! generator (or `KIND`), `COUNT` levels at `WxH` (seeds 1..=COUNT), the
//! median time to generate a level and the median time to place the
//! example table (`examples/things/dungeon.things`, depth `DEPTH`) on it,
//! and their ratio; then 10,000 things with `apart 4` on a 1000x1000 cave.
//! Each time is this thread's CPU time (Linux `/proc/thread-self/schedstat`,
//! so that a loaded machine's waits do not count; the wall clock where it
//! cannot be read), the least of `REPEAT` runs of the same call (3); the
//! median is over the seeds.
//!
//! `cargo run --release -p mcrdun-dungeon --example time_things -- [KIND|all] [WxH] [COUNT] [DEPTH] [REPEAT]`
use mcrdun_dungeon::{LevelConfig, LevelKind, generate};
use std::time::Instant;

/// This thread's CPU time in nanoseconds, where Linux tells it.
fn cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let which = a.first().map_or("all", String::as_str);
    let (w, h): (u32, u32) = a
        .get(1)
        .and_then(|s| s.split_once('x'))
        .map_or((1000, 1000), |(w, h)| {
            (w.parse().unwrap(), h.parse().unwrap())
        });
    let count: u64 = a.get(2).map_or(5, |c| c.parse().unwrap());
    let depth: u32 = a.get(3).map_or(6, |d| d.parse().unwrap());
    let repeat: usize = a.get(4).map_or(3, |r| r.parse().unwrap());
    let least = |f: &mut dyn FnMut()| {
        (0..repeat)
            .map(|_| {
                let (t, cpu) = (Instant::now(), cpu_ns());
                f();
                match (cpu, cpu_ns()) {
                    (Some(a), Some(b)) => (b - a) as f64 / 1e6,
                    _ => t.elapsed().as_secs_f64() * 1e3,
                }
            })
            .fold(f64::INFINITY, f64::min)
    };
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/things/dungeon.things"
    );
    let table =
        mcrdun_things::parse(&std::fs::read_to_string(path).unwrap(), "dungeon.things").unwrap();
    for kind in LevelKind::ALL {
        if which != "all" && which != kind.name() {
            continue;
        }
        let c = LevelConfig::new(kind, w, h);
        let (mut gen_ms, mut place_ms, mut map_ms, mut things) =
            (Vec::new(), Vec::new(), Vec::new(), 0);
        for seed in 1..=count {
            let mut level = generate(&c, seed).unwrap();
            gen_ms.push(least(&mut || {
                level = generate(&c, seed).unwrap();
            }));
            place_ms.push(least(&mut || {
                level
                    .place_things(&[], std::slice::from_ref(&table), depth, seed)
                    .unwrap();
            }));
            things += level.things().len();
            map_ms.push(least(&mut || {
                drop(mcrdun_dungeon::things::place_map(&level, &[]).unwrap());
            }));
        }
        let (g, p, m) = (median(gen_ms), median(place_ms), median(map_ms));
        println!(
            "{:9} {w}x{h}: level {g:8.2} ms, things {p:7.2} ms ({:4.1}%; of which reading the level {m:.2} ms), {:.0} things a level",
            kind.name(),
            100.0 * p / g,
            things as f64 / count as f64
        );
    }
    let many = mcrdun_things::parse(
        "thing x\nglyph x\ncount 10000\napart 4\nwhere anywhere\n",
        "many",
    )
    .unwrap();
    let c = LevelConfig::new(LevelKind::Cave, 1000, 1000);
    let mut ms = Vec::new();
    for seed in 1..=count {
        let mut level = generate(&c, seed).unwrap();
        ms.push(least(&mut || {
            level
                .place_things(&[], std::slice::from_ref(&many), 1, seed)
                .unwrap();
        }));
        assert_eq!(level.things().len(), 10_000);
    }
    println!(
        "cave 1000x1000: 10,000 things apart 4 in {:.2} ms (median)",
        median(ms)
    );
}
