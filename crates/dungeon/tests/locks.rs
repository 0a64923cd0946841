//! Locks and keys, checked by rules independent of how they were placed:
//! over pinned seeds of every generator, at two sizes, with and without
//! the example vaults, for K = 1 up to the most that fit (at most 8):
//!
//! - the level is the level made without locks, but for door (or, in
//!   caves and mazes, chokepoint) tiles turned into locked doors, so every
//!   rule of the level still holds;
//! - the solver walks from the up to the down stairs; for each lock, the
//!   level with that key taken away is not solvable;
//! - every locked door belongs to exactly one lock; no key lies behind its
//!   own lock (nor on a door or the stairs); no locked door stands in the
//!   up stairs' room's wall or on a vault's required entrance;
//! - room intensities lie in [0, 1], and key-levels never fall along the
//!   walkthrough.
//!
//! An `#[ignore]`d deeper run (`deep_run`) prints figures per generator
//! and size: run it in release.

use mcrdun_dungeon::{
    Level, LevelConfig, LevelError, LevelKind, SolveError, Tile, Vault, generate,
    generate_with_vaults,
};
use mcrdun_geom::Point;
use mcrdun_locks::{Key, Lock, Puzzle, solve};

fn vaults() -> Vec<Vault> {
    mcrdun_test_util::example_vault_files()
        .iter()
        .flat_map(|(_, text)| mcrdun_vaults::parse(text, "v").unwrap())
        .collect()
}

fn make(
    kind: LevelKind,
    w: u32,
    h: u32,
    k: u32,
    seed: u64,
    vaults: &[Vault],
) -> Result<Level, LevelError> {
    let mut c = LevelConfig::new(kind, w, h);
    c.set("locks", f64::from(k))?;
    generate_with_vaults(&c, vaults, seed)
}

/// The puzzle of `level` with the keys `keys`.
fn solve_with(level: &Level, keys: &[Key]) -> Result<u64, SolveError> {
    let walkable: Vec<bool> = level
        .tiles()
        .as_slice()
        .iter()
        .map(|t| t.is_walkable())
        .collect();
    let locks: Vec<Lock> = level
        .locks()
        .iter()
        .map(|l| Lock {
            id: l.id,
            doors: l.doors.clone(),
        })
        .collect();
    solve(&Puzzle {
        width: level.width(),
        height: level.height(),
        walkable: &walkable,
        locks: &locks,
        keys,
        start: level.stairs_up(),
        goal: level.stairs_down(),
    })
    .map(|w| w.steps)
}

/// Every rule above for one level made with `k` locks, against the same
/// level made without.
fn check(level: &Level, plain: &Level, k: u32, what: &str) {
    let locks = level.locks();
    assert_eq!(locks.len(), k as usize, "{what}");
    // The same level but for locked doors.
    assert_eq!(level.rooms(), plain.rooms(), "{what}");
    assert_eq!(level.doors(), plain.doors(), "{what}");
    assert_eq!(level.stairs_up(), plain.stairs_up(), "{what}");
    assert_eq!(level.stairs_down(), plain.stairs_down(), "{what}");
    assert_eq!(level.summary(), plain.summary(), "{what}");
    assert_eq!(level.vaults(), plain.vaults(), "{what}");
    let rooms = matches!(
        level.kind(),
        LevelKind::Bsp | LevelKind::Scatter | LevelKind::Passages
    );
    let mut locked = 0;
    for (i, (a, b)) in level
        .tiles()
        .as_slice()
        .iter()
        .zip(plain.tiles().as_slice())
        .enumerate()
    {
        if a != b {
            assert_eq!(*a, Tile::LockedDoor, "{what}: tile {i}");
            if rooms {
                assert_eq!(*b, Tile::Door, "{what}: rooms lock doors only");
            } else {
                assert!(matches!(b, Tile::Floor | Tile::Corridor), "{what}");
            }
            locked += 1;
        }
    }
    // Every locked door is one lock's, once.
    let mut doors: Vec<Point> = locks.iter().flat_map(|l| l.doors.iter().copied()).collect();
    assert_eq!(doors.len(), locked, "{what}");
    doors.sort_by_key(|p| (p.y, p.x));
    doors.dedup();
    assert_eq!(doors.len(), locked, "{what}: a door of two locks");
    for (i, l) in locks.iter().enumerate() {
        assert_eq!(l.id, i as u32 + 1, "{what}");
        assert!(!l.doors.is_empty(), "{what}: lock {} has no door", l.id);
        for d in &l.doors {
            assert_eq!(level.tile(*d), Some(Tile::LockedDoor), "{what}");
            assert_eq!(level.behind(*d), l.id, "{what}");
        }
        // Key i lies before its lock: key-level i - 1, on floor or corridor.
        assert_eq!(
            level.behind(l.key),
            l.id - 1,
            "{what}: key {} behind its lock",
            l.id
        );
        assert!(
            matches!(level.tile(l.key), Some(Tile::Floor | Tile::Corridor)),
            "{what}: key {} on {:?}",
            l.id,
            level.tile(l.key)
        );
        assert!(l.area > 0, "{what}");
        if i > 0 {
            assert!(l.area < locks[i - 1].area, "{what}: areas nest");
        }
    }
    assert_eq!(level.behind(level.stairs_up()), 0, "{what}");
    assert_eq!(level.behind(level.stairs_down()), k, "{what}");
    // No lock on the up stairs' room: no locked door beside its floor
    // (the floor reached from the up stairs without a door or corridor).
    if rooms {
        let (w, h) = (level.width() as i32, level.height() as i32);
        let mut seen = vec![false; (w * h) as usize];
        let mut stack = vec![level.stairs_up()];
        let floor = |p: Point| {
            matches!(
                level.tile(p),
                Some(Tile::Floor | Tile::StairsUp | Tile::StairsDown)
            )
        };
        seen[(level.stairs_up().y * w + level.stairs_up().x) as usize] = true;
        while let Some(p) = stack.pop() {
            for n in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let q = Point::new(p.x + n.0, p.y + n.1);
                if q.x < 0 || q.y < 0 || q.x >= w || q.y >= h {
                    continue;
                }
                assert_ne!(
                    level.tile(q),
                    Some(Tile::LockedDoor),
                    "{what}: locked door {q:?} in the up stairs' room"
                );
                let i = (q.y * w + q.x) as usize;
                if floor(q) && !seen[i] {
                    seen[i] = true;
                    stack.push(q);
                }
            }
        }
    }
    // No lock on a vault's tiles (its required entrances among them).
    for v in level.vaults() {
        for d in &doors {
            assert!(
                !v.bounds.contains(*d),
                "{what}: locked door {d:?} in vault {}",
                v.name
            );
        }
    }
    // Solvable, and each key matters.
    let keys: Vec<Key> = locks
        .iter()
        .map(|l| Key {
            lock: l.id,
            at: l.key,
        })
        .collect();
    let steps = solve_with(level, &keys).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(Some(steps), level.walkthrough().map(|w| w.steps), "{what}");
    assert_eq!(level.solve().unwrap().steps, steps, "{what}");
    assert!(steps >= level.summary().longest_path as u64, "{what}");
    for i in 0..keys.len() {
        let mut fewer = keys.clone();
        fewer.remove(i);
        let e = solve_with(level, &fewer).unwrap_err();
        assert!(
            matches!(e, SolveError::Stuck { .. }),
            "{what}: without key {} {e}",
            i + 1
        );
    }
    // The walkthrough opens the locks in order.
    let order: Vec<u32> = level.walkthrough().unwrap().opened(&keys);
    assert_eq!(order, (1..=k).collect::<Vec<_>>(), "{what}");
    let intensity = level.room_intensity();
    assert_eq!(intensity.len(), level.rooms().len(), "{what}");
    assert!(intensity.iter().all(|v| (0.0..=1.0).contains(v)), "{what}");
    assert!(level.backtracking().unwrap() >= 1.0, "{what}");
}

/// Levels with K = 1, 2, ... locks until they no longer fit (at most
/// `most`); returns the most that fit. The error past that names how many
/// fit, and asking for that many works.
fn climb(kind: LevelKind, w: u32, h: u32, seed: u64, vaults: &[Vault], most: u32) -> u32 {
    let plain = make(kind, w, h, 0, seed, vaults).unwrap();
    assert!(plain.locks().is_empty() && plain.walkthrough().is_none());
    assert!(plain.room_intensity().is_empty());
    for k in 1..=most {
        let what = format!(
            "{} {w}x{h} seed {seed} K {k} vaults {}",
            kind.name(),
            vaults.len()
        );
        match make(kind, w, h, k, seed, vaults) {
            Ok(level) => check(&level, &plain, k, &what),
            Err(LevelError::Locks { asked, fit, reason }) => {
                assert_eq!((asked, fit), (k, k - 1), "{what}: {reason}");
                return k - 1;
            }
            Err(e) => panic!("{what}: {e}"),
        }
    }
    most
}

#[test]
fn every_generator_at_two_sizes() {
    let vaults = vaults();
    for kind in LevelKind::ALL {
        for (w, h, seeds) in [(80, 50, 1..=3u64), (200, 120, 1..=1)] {
            for seed in seeds {
                for v in [&[][..], &vaults[..]] {
                    let fit = climb(kind, w, h, seed, v, 8);
                    assert!(
                        fit >= 1,
                        "{} {w}x{h} seed {seed}: no lock fits",
                        kind.name()
                    );
                }
            }
        }
    }
}

/// A large level holds locks too: at 1000x1000 the room generators' levels
/// have so many loops that no area of a sixteenth of its share is entered
/// through four doors (no lock fitted on bsp and scatter in 10 of 10 seeds,
/// passages in 9 of 10); the bands of a few rooms (`LEAST_BAND` tiles)
/// hold four locks, each a lock that matters with its key before it.
#[test]
fn a_large_level_holds_locks() {
    for kind in [LevelKind::Bsp, LevelKind::Scatter, LevelKind::Passages] {
        let what = format!("{} 1000x1000 seed 1", kind.name());
        let level = make(kind, 1000, 1000, 4, 1, &[]).unwrap_or_else(|e| panic!("{what}: {e}"));
        let plain = make(kind, 1000, 1000, 0, 1, &[]).unwrap();
        check(&level, &plain, 4, &what);
    }
}

#[test]
fn too_many_locks_name_how_many_fit() {
    // 32 locks rarely fit on 40x30: the error says how many do, and that
    // many work.
    let mut refused = 0;
    for kind in LevelKind::ALL {
        let plain = make(kind, 40, 30, 0, 1, &[]).unwrap();
        match make(kind, 40, 30, 32, 1, &[]) {
            Ok(level) => check(&level, &plain, 32, kind.name()),
            Err(e) => {
                let LevelError::Locks { asked, fit, .. } = e.clone() else {
                    panic!("{e}");
                };
                assert!(asked == 32 && fit < 32, "{e}");
                assert!(e.to_string().starts_with("32 locks asked for, but "), "{e}");
                if fit > 0 {
                    let level = make(kind, 40, 30, fit, 1, &[]).unwrap();
                    check(&level, &plain, fit, kind.name());
                }
                refused += 1;
            }
        }
    }
    assert!(refused >= 3, "{refused}");
    let mut c = LevelConfig::new(LevelKind::Bsp, 80, 50);
    assert!(c.set("locks", 33.0).is_err());
}

#[test]
fn locks_zero_is_the_level_without_locks() {
    for kind in LevelKind::ALL {
        let c = LevelConfig::new(kind, 80, 50);
        assert_eq!(c.get("locks").unwrap(), 0.0);
        let a = generate(&c, 9).unwrap();
        assert!(a.locks().is_empty());
        assert!(a.tiles().as_slice().iter().all(|t| *t != Tile::LockedDoor));
        assert_eq!(a.behind(a.stairs_down()), 0);
        assert_eq!(a.backtracking(), None);
        // A level without locks solves by the direct walk.
        assert_eq!(a.solve().unwrap().steps, a.summary().longest_path as u64);
    }
}

#[test]
fn same_seed_same_locks() {
    for kind in LevelKind::ALL {
        let a = make(kind, 80, 50, 2, 4, &[]).unwrap();
        let b = make(kind, 80, 50, 2, 4, &[]).unwrap();
        assert_eq!(a, b);
    }
}

/// Seeds 1..=N (`MCRDUN_LOCKS_SEEDS` at 80x50, `MCRDUN_LOCKS_MID_SEEDS`
/// at 200x120, both 1000 by default; `MCRDUN_LOCKS_BIG_SEEDS` at
/// 1000x1000, default 10) of every generator at 80x50,
/// 200x120 and 1000x1000, with and without the example vaults, K = 1 to
/// the most that fit up to 8: the checks above, and per generator and
/// size the locks placed (the most that fit per level: median and range)
/// and the backtracking factor at that K (median and range), and the
/// solver's time on that level (median and most, wall clock). Release:
/// `cargo test --release -p mcrdun-dungeon --test locks -- --ignored --nocapture`.
#[test]
#[ignore]
fn deep_run() {
    let env = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let (seeds, mid, big) = (
        env("MCRDUN_LOCKS_SEEDS", 1000),
        env("MCRDUN_LOCKS_MID_SEEDS", 1000),
        env("MCRDUN_LOCKS_BIG_SEEDS", 10),
    );
    let vaults = vaults();
    for (w, h, n) in [(80, 50, seeds), (200, 120, mid), (1000, 1000, big)] {
        for kind in LevelKind::ALL {
            for v in [&[][..], &vaults[..]] {
                let (mut fits, mut factors, mut violations) = (Vec::new(), Vec::new(), 0);
                // The solver's time on the level with the most locks (wall
                // clock, printed, never asserted).
                let mut times = Vec::new();
                for seed in 1..=n {
                    let run = std::panic::catch_unwind(|| climb(kind, w, h, seed, v, 8));
                    let Ok(fit) = run else {
                        violations += 1;
                        continue;
                    };
                    fits.push(fit);
                    if fit > 0 {
                        let level = make(kind, w, h, fit, seed, v).unwrap();
                        let t = std::time::Instant::now();
                        let walk = level.solve().unwrap();
                        times.push(t.elapsed().as_secs_f64() * 1000.0);
                        factors
                            .push(walk.steps as f64 / level.summary().longest_path.max(1) as f64);
                    }
                }
                fits.sort_unstable();
                factors.sort_by(f64::total_cmp);
                times.sort_by(f64::total_cmp);
                let med = |f: &[f64]| f.get(f.len() / 2).copied().unwrap_or(f64::NAN);
                println!(
                    "{:8} {w}x{h} vaults {:3} seeds {n}: violations {violations}; locks median {} range {}-{}, none {}; backtracking at that K median {:.2} range {:.2}-{:.2}; solve median {:.2} ms max {:.2} ms",
                    kind.name(),
                    v.len(),
                    fits.get(fits.len() / 2).copied().unwrap_or(0),
                    fits.first().copied().unwrap_or(0),
                    fits.last().copied().unwrap_or(0),
                    fits.iter().filter(|f| **f == 0).count(),
                    med(&factors),
                    factors.first().copied().unwrap_or(f64::NAN),
                    factors.last().copied().unwrap_or(f64::NAN),
                    med(&times),
                    times.last().copied().unwrap_or(f64::NAN),
                );
            }
        }
    }
}

/// A required vault that asks for a lock (`locked yes`), with two ways in.
const HOARD: &str =
    "vault hoard\ncount 1\nlocked yes\nmap\n #####\n #...#\n ?.t.!\n #...#\n #####\nend\n";

/// The rules of a locked vault's lock on `level` (made with `k` chain
/// locks): its doors are every open entrance of the vault, locked; its key
/// lies outside the vault, reachable without it; without its key the
/// vault's floor cannot be reached, with it the level is solved.
fn check_vault_lock(level: &Level, k: u32, what: &str) {
    let locks = level.locks();
    assert_eq!(locks.len(), k as usize + 1, "{what}");
    for (i, l) in locks.iter().enumerate() {
        assert_eq!(l.id, i as u32 + 1, "{what}");
        assert_eq!(l.vault.is_some(), i == k as usize, "{what}");
    }
    let lock = &locks[k as usize];
    let v = &level.vaults()[lock.vault.unwrap() as usize];
    assert!(v.locked, "{what}");
    let b = v.bounds;
    // The doors: the vault's walkable edge tiles with a way out, no other.
    let mut open = Vec::new();
    for y in b.y()..b.y() + b.h() {
        for x in b.x()..b.x() + b.w() {
            let p = Point::new(x, y);
            let edge = x == b.x() || y == b.y() || x + 1 == b.x() + b.w() || y + 1 == b.y() + b.h();
            if edge && level.tile(p).is_some_and(|t| t.is_walkable()) {
                assert_eq!(level.tile(p), Some(Tile::LockedDoor), "{what}: {p:?}");
                open.push(p);
            }
        }
    }
    open.sort_by_key(|p| (p.y, p.x));
    assert_eq!(lock.doors, open, "{what}");
    assert!(!b.contains(lock.key), "{what}: the key in its own vault");
    assert!(
        matches!(level.tile(lock.key), Some(Tile::Floor | Tile::Corridor)),
        "{what}"
    );
    let inside = Point::new(b.x() + 2, b.y() + 2);
    let keys: Vec<Key> = locks
        .iter()
        .map(|l| Key {
            lock: l.id,
            at: l.key,
        })
        .collect();
    let walkable: Vec<bool> = level
        .tiles()
        .as_slice()
        .iter()
        .map(|t| t.is_walkable())
        .collect();
    let lock_list: Vec<Lock> = locks
        .iter()
        .map(|l| Lock {
            id: l.id,
            doors: l.doors.clone(),
        })
        .collect();
    let reach = |keys: &[Key], goal: Point| {
        solve(&Puzzle {
            width: level.width(),
            height: level.height(),
            walkable: &walkable,
            locks: &lock_list,
            keys,
            start: level.stairs_up(),
            goal,
        })
    };
    reach(&keys, inside).unwrap_or_else(|e| panic!("{what}: {e}"));
    reach(&keys, level.stairs_down()).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(
        level.solve().unwrap(),
        reach(&keys, level.stairs_down()).unwrap()
    );
    let without: Vec<Key> = keys[..k as usize].to_vec();
    assert!(
        matches!(reach(&without, inside), Err(SolveError::Stuck { .. })),
        "{what}: the vault is reached without its key"
    );
    // Each chain key still matters.
    for i in 0..k as usize {
        let mut fewer = keys.clone();
        fewer.remove(i);
        assert!(
            reach(&fewer, level.stairs_down()).is_err(),
            "{what}: key {i}"
        );
    }
}

#[test]
fn a_locked_vault_is_one_lock_with_its_key_before_it() {
    let vaults = mcrdun_vaults::parse(HOARD, "hoard.vault").unwrap();
    assert!(vaults[0].is_locked());
    let unlocked = mcrdun_vaults::parse(&HOARD.replace("locked yes\n", ""), "h").unwrap();
    let mut placed = 0;
    for kind in LevelKind::ALL {
        for seed in 1..=6u64 {
            for k in [0, 2] {
                let what = format!("{} seed {seed} K {k}", kind.name());
                let level = match make(kind, 80, 50, k, seed, &vaults) {
                    Ok(level) => level,
                    // Where the vault cannot be placed unlocked either.
                    Err(e @ LevelError::Vault { .. }) => {
                        assert!(
                            make(kind, 80, 50, k, seed, &unlocked).is_err(),
                            "{what}: {e}"
                        );
                        continue;
                    }
                    Err(LevelError::Locks { .. }) => continue,
                    Err(e) => panic!("{what}: {e}"),
                };
                check_vault_lock(&level, k, &what);
                // The same level as with the vault unlocked, but for the
                // vault's locked doors.
                let plain = make(kind, 80, 50, k, seed, &unlocked).unwrap();
                let differ = level
                    .tiles()
                    .as_slice()
                    .iter()
                    .zip(plain.tiles().as_slice())
                    .filter(|(a, b)| a != b)
                    .count();
                assert_eq!(differ, level.locks()[k as usize].doors.len(), "{what}");
                assert_eq!(&level.locks()[..k as usize], plain.locks(), "{what}");
                placed += 1;
            }
        }
    }
    assert!(placed >= 40, "{placed}");
}

/// The example locked vault (`examples/vaults/locked/strongroom.vault`,
/// kept out of the example library of `examples/vaults/`): it reads as
/// locked, and where it is placed its lock keeps the locked vault's rules,
/// naming the vault (`Lock::vault`) after the chain's locks, which name
/// none.
#[test]
fn the_example_locked_vault() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/vaults/locked/strongroom.vault"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let vaults = mcrdun_vaults::parse(&text, "strongroom.vault").unwrap();
    assert!(vaults.len() == 1 && vaults[0].is_locked());
    let mut placed = [0u32; LevelKind::ALL.len()];
    for (g, kind) in LevelKind::ALL.into_iter().enumerate() {
        for seed in 1..=4u64 {
            for k in [0, 2] {
                let what = format!("{} seed {seed} K {k}", kind.name());
                match make(kind, 120, 80, k, seed, &vaults) {
                    Ok(level) => {
                        check_vault_lock(&level, k, &what);
                        placed[g] += 1;
                    }
                    Err(LevelError::Vault { name, .. }) => assert_eq!(name, "strongroom"),
                    Err(LevelError::Locks { .. }) => {}
                    Err(e) => panic!("{what}: {e}"),
                }
            }
        }
    }
    assert!(placed.iter().all(|&p| p >= 4), "{placed:?}");
}

#[test]
fn a_locked_vault_cannot_hold_the_up_stairs() {
    let text = "vault start\nlocked yes\nmap\n#####!#####\n#.........#\n#....<....#\n#.........#\n###########\nend\n";
    let e = mcrdun_vaults::parse(text, "start.vault").unwrap_err();
    assert_eq!(
        e.to_string(),
        "start.vault:2:8: expected `locked no` for a vault holding the up stairs (`<`): the player starts inside it, found `yes`"
    );
    // Unlocked, it reads.
    assert!(mcrdun_vaults::parse(&text.replace("locked yes\n", ""), "s").is_ok());
}

/// A level with locks hashed: its tile bytes, then each lock's id, doors
/// and key (FNV-1a, as `ffi-tests/locks.c` hashes them).
fn locks_hash(level: &Level) -> u64 {
    let mut h = mcrdun_test_util::Fnv1a::new();
    h.bytes(level.tile_bytes());
    for l in level.locks() {
        h.u32(l.id);
        for d in &l.doors {
            h.i32(d.x).i32(d.y);
        }
        h.i32(l.key.x).i32(l.key.y);
    }
    h.finish()
}

/// Goldens of levels with locks: every generator at 80x50, seed 7, 3
/// locks (the same in `ffi-tests/locks.c`). A change here is a change of
/// the levels made with locks (CHANGELOG, "Levels that change").
#[test]
fn goldens() {
    let got: Vec<(&str, usize, u64)> = LevelKind::ALL
        .into_iter()
        .map(|kind| {
            let level = make(kind, 80, 50, 3, 7, &[]).unwrap();
            (kind.name(), level.locks().len(), locks_hash(&level))
        })
        .collect();
    assert_eq!(
        got,
        [
            ("bsp", 3, 6477407083650706334),
            ("scatter", 3, 8152602339710634922),
            ("maze", 3, 11958838101454627479),
            ("cave", 3, 9067696915568488555),
            ("passages", 3, 13281776380476418364),
            ("drunkard", 3, 5139242306713023052)
        ],
        "{got:?}"
    );
}
