//! The solver on small drawn puzzles: walkthroughs, their order and
//! length, the reasons there is none, and malformed puzzles.

use mcrdun_geom::Point;
use mcrdun_locks::{Key, Lock, Place, Puzzle, SOLVE_BYTES_PER_TILE, SolveError, Stop, solve};

/// A puzzle drawn as rows: `#` wall, `S` start, `G` goal, a digit a door
/// of the lock with that id, a lower-case letter a key (`a` opens lock 1,
/// `b` lock 2, ...), anything else floor.
struct Drawn {
    width: u32,
    height: u32,
    walkable: Vec<bool>,
    locks: Vec<Lock>,
    keys: Vec<Key>,
    start: Point,
    goal: Point,
}

fn draw(rows: &[&str]) -> Drawn {
    let (width, height) = (rows[0].len() as u32, rows.len() as u32);
    let mut d = Drawn {
        width,
        height,
        walkable: Vec::new(),
        locks: Vec::new(),
        keys: Vec::new(),
        start: Point::new(0, 0),
        goal: Point::new(0, 0),
    };
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let p = Point::new(x as i32, y as i32);
            d.walkable.push(c != '#');
            match c {
                'S' => d.start = p,
                'G' => d.goal = p,
                '1'..='9' => {
                    let id = c.to_digit(10).unwrap();
                    match d.locks.iter_mut().find(|l| l.id == id) {
                        Some(l) => l.doors.push(p),
                        None => d.locks.push(Lock { id, doors: vec![p] }),
                    }
                }
                'a'..='i' => d.keys.push(Key {
                    lock: c as u32 - 'a' as u32 + 1,
                    at: p,
                }),
                _ => {}
            }
        }
    }
    d.locks.sort_by_key(|l| l.id);
    d
}

impl Drawn {
    fn puzzle(&self) -> Puzzle<'_> {
        Puzzle {
            width: self.width,
            height: self.height,
            walkable: &self.walkable,
            locks: &self.locks,
            keys: &self.keys,
            start: self.start,
            goal: self.goal,
        }
    }
}

#[test]
fn a_chain_opens_in_order() {
    // Key a opens 1, behind which key b opens 2, behind which the goal.
    let d = draw(&[
        "#########",
        "#S..1.b.#",
        "#a###2###",
        "#####G###",
        "#########",
    ]);
    let walk = solve(&d.puzzle()).unwrap();
    assert_eq!(walk.opened(&d.keys), vec![1, 2]);
    // S -> a: 1 (down), a -> b: 6, b -> G: 3.
    let steps: Vec<u64> = walk.legs.iter().map(|l| l.steps).collect();
    assert_eq!(steps, vec![1, 6, 3]);
    assert_eq!(walk.steps, 10);
    assert_eq!(walk.legs.last().unwrap().to, Stop::Goal);
    assert_eq!(walk.legs.last().unwrap().at, d.goal);
    // Each key matters: without either, stuck.
    for missing in 0..2 {
        let mut keys = d.keys.clone();
        keys.remove(missing);
        let e = solve(&Puzzle {
            keys: &keys,
            ..d.puzzle()
        })
        .unwrap_err();
        assert!(matches!(e, SolveError::Stuck { .. }), "{e}");
    }
}

#[test]
fn a_key_behind_its_own_lock_is_unreachable() {
    let d = draw(&["#######", "#S.1aG#", "#######"]);
    // The goal lies behind lock 1 too, and its key with it.
    let e = solve(&d.puzzle()).unwrap_err();
    assert_eq!(
        e,
        SolveError::Stuck {
            held: vec![],
            unreached: vec![0],
            steps: 0
        }
    );
    assert_eq!(
        e.to_string(),
        "the goal cannot be reached with no key; keys [0] cannot be reached"
    );
}

#[test]
fn an_unreachable_key_is_named() {
    // Key a is walled off; key b is reached, then stuck before lock 1.
    // Keys are listed in raster order: b is key 0, a key 1.
    let d = draw(&["##########", "#S.b.2.1G#", "##########", "#a########"]);
    let e = solve(&d.puzzle()).unwrap_err();
    match &e {
        SolveError::Stuck {
            held,
            unreached,
            steps,
        } => {
            assert_eq!(held, &vec![0], "key b picked up");
            assert_eq!(unreached, &vec![1]);
            assert_eq!(*steps, 2);
        }
        other => panic!("{other}"),
    }
    assert!(
        e.to_string().contains("with keys [0]; keys [1] cannot"),
        "{e}"
    );
}

#[test]
fn two_keys_in_either_order() {
    // A tree: the goal needs keys a and b, which lie in two branches;
    // the nearer is taken first.
    let near_a = draw(&[
        "###########",
        "#a.S.....b#",
        "#####1#####",
        "#####2#####",
        "#####G#####",
    ]);
    let walk = solve(&near_a.puzzle()).unwrap();
    assert_eq!(walk.opened(&near_a.keys), vec![1, 2]);
    assert_eq!(walk.steps, 2 + 8 + 4 + 3);
    let near_b = draw(&[
        "###########",
        "#a.....S.b#",
        "#####1#####",
        "#####2#####",
        "#####G#####",
    ]);
    let walk = solve(&near_b.puzzle()).unwrap();
    assert_eq!(walk.opened(&near_b.keys), vec![2, 1]);
    assert_eq!(walk.steps, 2 + 8 + 4 + 3);
}

#[test]
fn the_goal_before_an_unneeded_key() {
    // The goal is nearer than the key: no key is picked up.
    let d = draw(&["#########", "#S.G...a#", "#########"]);
    let d = Drawn {
        locks: vec![Lock {
            id: 1,
            doors: vec![],
        }],
        ..d
    };
    let walk = solve(&d.puzzle()).unwrap();
    assert_eq!((walk.legs.len(), walk.steps), (1, 2));
    // A key of a lock already open is not a target: two keys of lock 1,
    // the first opens it, the second is passed by.
    let d = draw(&["##########", "#S.a.a.1G#", "##########"]);
    let walk = solve(&d.puzzle()).unwrap();
    assert_eq!(walk.keys(), vec![0]);
    assert_eq!(walk.steps, 7);
}

#[test]
fn a_lock_with_several_doors() {
    // Two ways into the goal's area, both doors of lock 1.
    let d = draw(&["#######", "#S...1#", "#.###G#", "#a..1.#", "#######"]);
    let walk = solve(&d.puzzle()).unwrap();
    assert_eq!(walk.keys(), vec![0]);
    // S -> a: 2, a -> G through the lower door: 3 + 1 + 1.
    assert_eq!(walk.steps, 2 + 5);
    let no_key = solve(&Puzzle {
        keys: &[],
        ..d.puzzle()
    });
    assert!(matches!(no_key, Err(SolveError::Stuck { .. })));
    // Start on the goal: no steps.
    let walk = solve(&Puzzle {
        start: d.goal,
        ..d.puzzle()
    })
    .unwrap();
    assert_eq!((walk.steps, walk.legs.len()), (0, 1));
}

#[test]
fn malformed_puzzles_are_refused() {
    let d = draw(&["######", "#S1aG#", "######"]);
    let p = d.puzzle();
    let short = [true; 5];
    assert_eq!(
        solve(&Puzzle {
            walkable: &short,
            ..p
        }),
        Err(SolveError::SizeMismatch {
            expected: 18,
            got: 5
        })
    );
    let e = solve(&Puzzle {
        start: Point::new(6, 1),
        ..p
    })
    .unwrap_err();
    assert_eq!(
        e,
        SolveError::OutOfBounds {
            what: Place::Start,
            at: Point::new(6, 1)
        }
    );
    assert_eq!(e.to_string(), "the start at (6, 1) is outside the grid");
    let e = solve(&Puzzle {
        goal: Point::new(0, 0),
        ..p
    })
    .unwrap_err();
    assert_eq!(e.to_string(), "the goal at (0, 0) is not walkable");
    for bad in [Point::new(-1, 0), Point::new(0, -1), Point::new(0, 3)] {
        let e = solve(&Puzzle { goal: bad, ..p }).unwrap_err();
        assert!(matches!(e, SolveError::OutOfBounds { .. }), "{bad:?}");
    }
    let twice = [d.locks[0].clone(), d.locks[0].clone()];
    assert_eq!(
        solve(&Puzzle { locks: &twice, ..p }),
        Err(SolveError::DuplicateLock { id: 1 })
    );
    let other = [
        d.locks[0].clone(),
        Lock {
            id: 2,
            doors: vec![Point::new(2, 1)],
        },
    ];
    let e = solve(&Puzzle { locks: &other, ..p }).unwrap_err();
    assert_eq!(
        e.to_string(),
        "(2, 1) is both a door of lock 1 and a door of lock 2"
    );
    let on_door = [Key {
        lock: 1,
        at: Point::new(2, 1),
    }];
    let e = solve(&Puzzle {
        keys: &on_door,
        ..p
    })
    .unwrap_err();
    assert_eq!(e.to_string(), "(2, 1) is both a door of lock 1 and key 0");
    // The start on a door: a player who stepped off it could not come
    // back (the fuzzer found the solver stuck where a search from the
    // start through its door reached the goal).
    let e = solve(&Puzzle {
        start: Point::new(2, 1),
        ..p
    })
    .unwrap_err();
    assert_eq!(
        e,
        SolveError::SharedTile {
            at: Point::new(2, 1),
            first: Place::Start,
            second: Place::Door(1)
        }
    );
    assert_eq!(
        e.to_string(),
        "(2, 1) is both the start and a door of lock 1"
    );
    let two = [d.keys[0], d.keys[0]];
    let e = solve(&Puzzle { keys: &two, ..p }).unwrap_err();
    assert_eq!(e.to_string(), "(3, 1) is both key 0 and key 1");
    let stray = [Key {
        lock: 9,
        at: Point::new(3, 1),
    }];
    let e = solve(&Puzzle { keys: &stray, ..p }).unwrap_err();
    assert_eq!(e, SolveError::UnknownLock { key: 0, lock: 9 });
    assert_eq!(
        e.to_string(),
        "key 0 opens lock 9, which the puzzle does not have"
    );
    let walled = [Lock {
        id: 1,
        doors: vec![Point::new(0, 1)],
    }];
    let e = solve(&Puzzle {
        locks: &walled,
        ..p
    })
    .unwrap_err();
    assert_eq!(e.to_string(), "a door of lock 1 at (0, 1) is not walkable");
}

#[test]
fn memory_is_checked_first() {
    let d = draw(&["######", "#Sa1G#", "######"]);
    let _budget = mcrdun_geom::memory::Budget::start_with(18 * SOLVE_BYTES_PER_TILE - 1);
    let e = solve(&d.puzzle()).unwrap_err();
    assert!(matches!(e, SolveError::Memory(_)), "{e}");
    assert!(e.to_string().starts_with("solving: "), "{e}");
    drop(_budget);
    // The tiles' share, then the two legs (32 bytes each) as they grow.
    let _budget = mcrdun_geom::memory::Budget::start_with(18 * SOLVE_BYTES_PER_TILE + 63);
    let e = solve(&d.puzzle()).unwrap_err();
    assert!(e.to_string().contains("legs"), "{e}");
    drop(_budget);
    let _budget = mcrdun_geom::memory::Budget::start_with(18 * SOLVE_BYTES_PER_TILE + 64);
    assert_eq!(solve(&d.puzzle()).unwrap().steps, 3);
}

/// A walk never wraps from a row's end to the next row's start (or back):
/// the start at the end of the top row is 3 steps from the goal at the
/// start of the next row, around through the middle, not 1; and the other
/// way round too.
#[test]
fn rows_do_not_wrap() {
    let d = draw(&["#.S", "G.#"]);
    assert_eq!(solve(&d.puzzle()).unwrap().steps, 3);
    let d = draw(&["#.G", "S.#"]);
    assert_eq!(solve(&d.puzzle()).unwrap().steps, 3);
    // With no way around, the goal is out of reach.
    let d = draw(&["##S", "G##"]);
    assert!(matches!(solve(&d.puzzle()), Err(SolveError::Stuck { .. })));
}
