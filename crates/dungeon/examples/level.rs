//! A whole level from a seed, printed as ASCII with its summary:
//!
//! ```sh
//! cargo run -p mcrdun-dungeon --example level -- [bsp|scatter|maze|cave|passages|drunkard] [seed] [width] [height]
//! ```
//!
//! `#` wall, `.` floor, `,` corridor, `+` door, `<` and `>` the stairs.
//! `cargo test -p mcrdun-dungeon --example level` runs every kind.

use mcrdun_dungeon::{LevelConfig, LevelKind, generate};
use std::fmt::Write as _;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "bsp".to_owned());
    let kind = LevelKind::ALL
        .into_iter()
        .find(|k| k.name() == name)
        .ok_or_else(|| {
            format!("unknown level kind {name:?} (bsp, scatter, maze, cave, passages, drunkard)")
        })?;
    let seed: u64 = args.next().map_or(Ok(7), |a| a.parse())?;
    let width: u32 = args.next().map_or(Ok(80), |a| a.parse())?;
    let height: u32 = args.next().map_or(Ok(50), |a| a.parse())?;
    print!("{}", level(kind, seed, width, height)?);
    Ok(())
}

/// The level in ASCII, its summary and its first doors.
fn level(
    kind: LevelKind,
    seed: u64,
    width: u32,
    height: u32,
) -> Result<String, Box<dyn std::error::Error>> {
    let mut out = String::new();
    // The defaults of this kind at this size; change any field before generating.
    let config = LevelConfig::new(kind, width, height);
    let level = generate(&config, seed)?;

    out.push_str(&level.to_ascii());
    let s = level.summary();
    writeln!(
        out,
        "{} {width}x{height}, seed {seed}: {} rooms, {} doors, {} walkable tiles, {} loops, {} dead ends, {} steps between the stairs",
        kind.name(),
        s.rooms,
        s.doors,
        s.walkable,
        s.loops,
        s.dead_ends,
        s.longest_path
    )?;
    for door in level.doors().iter().take(5) {
        writeln!(
            out,
            "door at {:?} joins rooms {} and {}",
            door.at, door.rooms.0, door.rooms.1
        )?;
    }
    Ok(out)
}

#[test]
fn every_kind_prints_a_level_with_two_stairs() {
    for kind in LevelKind::ALL {
        let out = level(kind, 7, 60, 40).unwrap();
        assert_eq!(out.matches('<').count(), 1, "{out}");
        assert_eq!(out.matches('>').count(), 1, "{out}");
        assert_eq!(
            out.lines().take_while(|l| l.len() == 60).count(),
            40,
            "{out}"
        );
        assert!(
            out.contains(&format!("{} 60x40, seed 7", kind.name())),
            "{out}"
        );
    }
}
