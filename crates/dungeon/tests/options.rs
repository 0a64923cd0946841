//! The options schema and the generators agree: every option of every
//! generator, at its least, a middle and its greatest value (every value
//! of a switch or a choice), is accepted by the generator once the other
//! settings agree with it. A generator may refuse a value only for a
//! relation with other settings (the map's size, another option, the
//! memory limit), never for its own sake; so the test sets the others to
//! agree (a larger map, a smaller `min_room`, ...), and where the map such
//! a value needs passes the memory limit, the refusal must be the memory
//! limit's. `locks` is the one option tied to the level itself (how many
//! nested areas its cuts hold): a refusal must name how many fit, and
//! that many must be placed.

use mcrdun_dungeon::schema::{self, OptionSpec, ValueKind};
use mcrdun_dungeon::{LevelConfig, LevelError, LevelKind, generate};

/// The values walked: the least, the one above it, a middle one and the
/// greatest; every value of a switch or a choice.
fn values(o: &OptionSpec) -> Vec<f64> {
    match o.value {
        ValueKind::Switch | ValueKind::Choice(_) => {
            (o.min as u32..=o.max as u32).map(f64::from).collect()
        }
        ValueKind::Integer => {
            let mut v = vec![o.min, o.min + 1.0, ((o.min + o.max) / 2.0).floor(), o.max];
            v.retain(|x| *x <= o.max);
            v.dedup();
            v
        }
        ValueKind::Real => vec![o.min, (o.min + o.max) / 2.0, o.max],
    }
}

/// A side of at least `least` tiles, and at least `default`.
fn side(least: f64, default: u32) -> u32 {
    least.max(f64::from(default)).min(f64::from(u32::MAX)) as u32
}

/// The config of `kind` with `name` = `value` and the other settings made
/// to agree with it: the options it is tied to, and a map large enough.
fn agreeing(kind: LevelKind, name: &str, value: f64) -> LevelConfig {
    let (mut w, mut h) = (80, 50);
    let mut others: Vec<(&str, f64)> = Vec::new();
    match (kind, name) {
        // A leaf holds a room and its margins: min_room + 4 at most the
        // leaf's side, and the map at least one leaf.
        (LevelKind::Bsp, "min_leaf_width") => {
            others.push(("min_room", (value - 4.0).clamp(1.0, 3.0)));
            w = side(value, w);
        }
        (LevelKind::Bsp, "min_leaf_height") => {
            others.push(("min_room", (value - 4.0).clamp(1.0, 3.0)));
            h = side(value, h);
        }
        (LevelKind::Bsp, "min_room") => {
            others.push(("min_leaf_width", (value + 4.0).max(12.0)));
            others.push(("min_leaf_height", (value + 4.0).max(10.0)));
            (w, h) = (side(value + 4.0, w), side(value + 4.0, h));
        }
        // min_room <= max_room, and the map holds the largest room.
        (LevelKind::Scatter, "min_room") => {
            others.push(("max_room", value.max(10.0)));
            (w, h) = (side(value + 2.0, w), side(value + 2.0, h));
        }
        (LevelKind::Scatter, "max_room") => {
            others.push(("min_room", value.min(4.0)));
            (w, h) = (side(value + 2.0, w), side(value + 2.0, h));
        }
        // The rooms fit the map: 80x50 holds 76 scattered rooms and 149
        // passages rooms; a square map of 60 (30) tiles a room holds them.
        (LevelKind::Scatter, "rooms") => {
            let s = (60.0 * value).sqrt().ceil();
            (w, h) = (side(s, w), side(s, h));
        }
        (LevelKind::Passages, "rooms") => {
            let s = (30.0 * value).sqrt().ceil();
            (w, h) = (side(s, w), side(s, h));
        }
        _ => {}
    }
    let mut config = LevelConfig::new(kind, w, h);
    for (other, v) in others {
        config.set(other, v).unwrap();
    }
    config.set(name, value).unwrap();
    config
}

#[test]
fn every_value_of_the_schema_is_accepted_by_its_generator() {
    let mut walked = 0;
    for o in schema::OPTIONS {
        for value in values(o) {
            let config = agreeing(o.kind, o.name, value);
            let what = format!(
                "{} {} = {value} at {}x{}",
                o.kind.name(),
                o.name,
                config.width(),
                config.height()
            );
            assert!(schema::validate(&config).is_ok(), "{what}");
            let need = schema::level_bytes(o.kind, config.width(), config.height());
            if need > schema::DEFAULT_MAX_BYTES {
                // A map this value needs passes the memory limit: that is
                // the relation that refuses it.
                let e = generate(&config, 1).unwrap_err();
                assert!(
                    matches!(
                        e,
                        LevelError::OverBudget { .. } | LevelError::TooLarge { .. }
                    ),
                    "{what}: {e}"
                );
                continue;
            }
            for seed in 1..=3 {
                match generate(&config, seed) {
                    Ok(_) => {}
                    // How many locks fit is a relation with the level
                    // itself (its cuts): a refusal names how many fit,
                    // and that many are placed.
                    Err(LevelError::Locks { asked, fit, .. }) if o.name == "locks" => {
                        assert!(asked as f64 == value && fit < asked, "{what}");
                        let mut fewer = config;
                        fewer.set("locks", f64::from(fit)).unwrap();
                        let level = generate(&fewer, seed).unwrap();
                        assert_eq!(level.locks().len(), fit as usize, "{what}");
                    }
                    Err(e) => panic!("{what}, seed {seed}: refused: {e}"),
                }
            }
            walked += 1;
        }
    }
    assert!(walked > 50, "{walked} values generated");
}

/// The reproducer of issue 33: `loop_factor` 1 is in the schema's range and
/// was refused by every generator that has it ("a shortcut factor of 1 is
/// below 2"); it links every adjacency, as `loops` 1 does.
#[test]
fn a_loop_factor_of_one_links_every_adjacency() {
    for kind in [LevelKind::Bsp, LevelKind::Scatter, LevelKind::Passages] {
        let spec = schema::find(kind, "loop_factor").unwrap();
        assert_eq!((spec.min, spec.max), (0.0, 1000.0));
        let mut one = LevelConfig::new(kind, 80, 50);
        one.set("loop_factor", 1.0).unwrap();
        let mut every = LevelConfig::new(kind, 80, 50);
        every.set("loops", 1.0).unwrap();
        assert_eq!(
            generate(&one, 5).unwrap(),
            generate(&every, 5).unwrap(),
            "{kind:?}"
        );
    }
}
