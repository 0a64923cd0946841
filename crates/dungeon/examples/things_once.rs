//! One level, with or without the example table, for an instruction
//! count (`valgrind --tool=callgrind`): `things_once KIND WxH SEED DEPTH plain|things`.
use mcrdun_dungeon::{LevelConfig, LevelKind, generate, generate_with_things};
fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let kind = LevelKind::ALL
        .into_iter()
        .find(|k| k.name() == a[0])
        .unwrap();
    let (w, h) = a[1].split_once('x').unwrap();
    let seed: u64 = a[2].parse().unwrap();
    let depth: u32 = a[3].parse().unwrap();
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/things/dungeon.things"
    );
    let table = mcrdun_things::parse(&std::fs::read_to_string(path).unwrap(), "t").unwrap();
    let mut c = LevelConfig::new(kind, w.parse().unwrap(), h.parse().unwrap());
    c.set("dungeon_level", f64::from(depth)).unwrap();
    let level = if a[4] == "plain" {
        generate(&c, seed).unwrap()
    } else {
        generate_with_things(&c, &[], std::slice::from_ref(&table), seed).unwrap()
    };
    println!("{} things", level.things().len());
}
