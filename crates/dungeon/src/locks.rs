//! Locks and keys on a finished level: a chain of nested areas, each
//! entered only through the doors of its lock, each key placed before its
//! lock, so that every level is solvable by construction; the public
//! solver of `mcrdun-locks` then proves it.
//!
//! With the `locks` option at `K` (every generator has it, see
//! [`crate::schema`]; 0, the default, leaves the level untouched), the
//! stage runs after [`Level::finish`]:
//!
//! 1. **Gates**: the tiles a lock may close. For the room generators (BSP,
//!    scatter, passages) the doors ([`crate::Tile::Door`]); for caves and
//!    mazes the chokepoints: a straight cross-section of a passage, from
//!    a wall to a wall, of one tile in a maze (a corridor tile between
//!    walls) and of at most [`MAX_SEGMENT`] tiles in a cave (a narrow
//!    neck), drawn as locked doors when locked; no two gates touch (in
//!    raster order, a cross-section next to one already taken is not
//!    one), and a maze has at most one in each block of [`GATE_BLOCK`]
//!    tiles square. Never the stairs, a tile of a vault or a vault's required
//!    entrance, and never a gate into the up stairs' piece (no lock on
//!    the up stairs' room).
//! 2. **Pieces**: the walkable tiles that are not gates, in 4-connected
//!    pieces (a room, a corridor between doors, a stretch of cave); gates
//!    that may not be locked join their two pieces into one node. The
//!    nodes and the gates between them are the graph the locks are cut
//!    in.
//! 3. **Areas**: grown from the down stairs' node, one node at a time,
//!    the node that leaves the fewest gates on the area's boundary first
//!    (a dead end joins at once), never the up stairs' node. Each prefix
//!    of this growth whose boundary holds at most [`MAX_DOORS`] gates is a
//!    candidate; a candidate's area is closed (everything the up stairs
//!    cannot reach without entering it belongs to it, which only shrinks
//!    the boundary). A chain `A_1 ⊃ A_2 ⊃ ... ⊃ A_K` is picked from the
//!    innermost out, each area about `(K + 1 - i) / (K + 1)` of the
//!    walkable tiles (so the bands between the locks are about equal),
//!    every gate on `A_i`'s boundary leading into `A_{i-1} \ A_i` (so no
//!    door belongs to two locks), every band holding a tile for a key and
//!    at least a quarter of its share of the tiles (else a sixteenth).
//!    When the spread chain cannot be had, the chain of the smallest
//!    areas is taken, every band still at least a sixteenth of its share:
//!    a thinner band (on a small cave, the strip between two chokepoints
//!    a tile apart) would hold its key beside the lock it opens. A large
//!    level, where a sixteenth is more than `LEAST_BAND` tiles (a few
//!    rooms), tries last with bands of that size: its loops leave no area
//!    of a sixteenth entered through [`MAX_DOORS`] doors (at 1000x1000 no
//!    BSP level held one lock before). When not even that holds `K`
//!    locks, the error says how many fit ([`LevelError::Locks`]).
//! 4. **Locks**: the boundary gates of `A_i` become lock `i`'s locked
//!    doors ([`crate::Tile::LockedDoor`]); lock 1 is the outermost, the
//!    first a player meets.
//! 5. **Keys** (`Graph::key_spots`): key `i` lies in the band
//!    `A_{i-1} \ A_i` (`A_0` the whole level, so key 1 lies before lock
//!    1), in the band's node farthest, counted in nodes walking inside the
//!    band, from both its ends (the up stairs' node or the nodes behind
//!    lock `i - 1`'s doors, and the nodes before lock `i`'s doors): the
//!    larger of the two distances' minimum wins, so keys go into dead ends
//!    and rooms off the way between one lock and the next, then the node
//!    with room for a key (its tiles, counted up to `KEY_ROOM`); in that
//!    node, on the tile farthest by walking from its gates (the walk
//!    crossing the gates that join its pieces), floor before corridor,
//!    then the first tile in raster order. No randomness: the
//!    stage draws nothing from the level's generator.
//! 6. **Proof**: [`Level::solve`] runs [`mcrdun_locks::solve`] from the
//!    up to the down stairs ([`Level::walkthrough`], with the
//!    backtracking factor [`Level::backtracking`]); the tests run it on
//!    every level they make, and check that each key taken away leaves
//!    the level unsolvable. It is not run while generating (it would add
//!    one search per lock to every level).
//!
//! 7. **Locked vaults** (`lock_vaults`): a vault that asked for a lock
//!    (`locked yes`, see `mcrdun-vaults`) gets one more lock, numbered
//!    after the chain's (with `locks 0` too): every open entrance of the
//!    vault is one of its doors, and its key is placed where a player
//!    walking from the up stairs, opening every lock whose key they reach,
//!    stands when the walk first stops at the vault's doors: on the
//!    reached tile farthest from those doors (in the vault's own band
//!    first, outside every vault). So its key is never behind its own
//!    lock, a vault on the way to a key or to the down stairs is opened
//!    before what lies past it, and without its key the vault's tiles
//!    cannot be reached. The chain is cut as if the vault were open (a
//!    vault's tiles and entrances are never the chain's gates, so no
//!    required entrance of a vault that did not ask is locked).
//!    [`Level::behind`] counts the chain's locks only. A locked vault
//!    that cannot be gated (no open entrance, the up stairs inside, no
//!    tile for its key) fails the level with [`LevelError::Vault`].
//!
//! # Why a chain
//!
//! A chain (key 1, lock 1, key 2, lock 2, ...) makes every lock matter by
//! construction: the down stairs lie in every area, so each lock stands
//! between the player and the goal, and key `i + 1` lies behind lock `i`.
//! A tree (two keys in either order) needs two disjoint areas each gating
//! part of the way, which the room graphs of these generators (a spanning
//! tree plus a few loops) rarely offer without long detours; the solver
//! handles trees, and a game may build them on its own.
//!
//! # Cost
//!
//! Linear in the tiles: one scan, row by row, for the gates and the
//! pieces (the tiles that may start a gate found by tests on whole rows,
//! each then checked; the runs of walkable tiles between walls and gates
//! found on the row's bits, 64 tiles a word, each labelled from the runs
//! of the row above it touches, met in order, labels that meet joined by
//! union-find, each label's tiles counted a run at a time). The labels
//! are kept as those runs, not a label a tile (a maze's row holds a run
//! for every two or three tiles), so what follows costs the runs: a
//! tile's label, asked beside the gates (once each), at the stairs and
//! rooms and in the keys' nodes, is found by counting the run starts
//! before it (bits, a sum a word). Then the growth
//! (a bucket queue over the nodes, a few bytes a node), the closed areas
//! of every prefix at once (a widest path search from the up stairs, see
//! `Cuts`, which also finds each area's reach), a scan of the areas per
//! lock, one pass for the key-levels (a run at a time), a pass over the
//! gates, two breadth-first walks over the nodes
//! (keys and intensity) and one over
//! each key's node. Locked vaults add one flood from the up stairs and a
//! walk per locked vault. Working memory: [`LOCKS_BYTES_PER_TILE`] bytes a tile
//! (measured), checked against the level's ceiling, and within every
//! generator's own count (the earlier stages' memory is free by then).

use crate::{Level, LevelError, LevelKind, Tile};
use mcrdun_geom::memory::{self, Budget};
use mcrdun_geom::{GeomError, Point};

const _: () = {
    // Within every generator's count: admitted levels are never refused
    // by the locks stage.
    let mut i = 0;
    while i < LevelKind::ALL.len() {
        assert!(LOCKS_BYTES_PER_TILE <= crate::schema::bytes_per_tile(LevelKind::ALL[i]));
        i += 1;
    }
};

/// One lock of a level: its door tiles, all opened by one key.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lock {
    /// The lock's number: 1 for the first lock met from the up stairs, 2
    /// for the next, ...
    pub id: u32,
    /// Its locked door tiles ([`crate::Tile::LockedDoor`]), in raster order:
    /// every entrance into the area it gates.
    pub doors: Vec<Point>,
    /// Where its key lies: a walkable tile reachable with the keys of the
    /// locks before it, never behind this lock.
    pub key: Point,
    /// The walkable tiles of the area it gates, its own doors left out:
    /// the tiles a player cannot reach without its key
    /// ([`Level::behind`] at least `id`); for a vault's lock, the vault's
    /// walkable tiles.
    pub area: usize,
    /// The vault whose entrances it locks (an index into
    /// [`Level::vaults`]), for a vault that asked for a lock (`locked
    /// yes`); `None` for the locks of the `locks` option.
    pub vault: Option<u32>,
}

/// The most gates on the boundary of an area: the most door tiles of one
/// lock.
pub const MAX_DOORS: u32 = 4;

/// The stage's working memory in bytes a tile, the level it works on
/// included: a measured fact (`examples/locks_peak.rs`, a counting
/// allocator, six seeds at 300x200 and 120x900, 8 locks or the most that
/// fit): the whole generation with locks peaks at 11.8 bytes a tile for
/// bsp, 13.7 scatter, 15.4 maze, 16.2 cave and 16.9 passages, what it
/// peaks at without them (the generators' own stages peak higher), within
/// 22: the tiles as bytes (1 a tile), the runs of labels (12 a run, at
/// most one for 2 tiles; a maze has one for 4 or 5), each provisional
/// label's parent and counts (12 a label, at most one a run), bits a tile
/// for the gates and the runs' starts, the nodes and gates, then the
/// key-levels (1 a tile) and the keys' walks over the nodes. It is at
/// most every generator's own count
/// ([`crate::schema::bytes_per_tile`], 22 for bsp and more for the
/// others), so a level admitted by its ceiling is never refused here.
pub const LOCKS_BYTES_PER_TILE: u64 = 22;

/// No piece (a wall).
const NONE: u32 = u32::MAX;
/// A gate tile, in the labels.
const GATE: u32 = u32::MAX - 1;

fn memory_error(level: &Level) -> impl Fn(GeomError) -> LevelError + '_ {
    move |e| match e {
        GeomError::OverBudget { needed, limit, .. } => LevelError::OverBudget {
            width: level.width(),
            height: level.height(),
            needed,
            per_tile: LOCKS_BYTES_PER_TILE,
            limit,
        },
        _ => LevelError::TooLarge {
            width: level.width(),
            height: level.height(),
        },
    }
}

/// The stage: `k` locks on `level` (nothing for 0). See the module docs.
///
/// # Errors
/// [`LevelError::Locks`] when fewer than `k` locks fit (naming how many
/// do); [`LevelError::OverBudget`] past the memory limit.
pub(crate) fn add_locks(level: &mut Level, k: u32) -> Result<(), LevelError> {
    let vault_locks = level.vaults.iter().any(|v| v.locked);
    if k == 0 && !vault_locks {
        return Ok(());
    }
    let _budget = Budget::start();
    let n = level.tiles.len();
    memory::check_budget("the locks stage", n as u64, LOCKS_BYTES_PER_TILE)
        .map_err(memory_error(level))?;
    if k > 0 {
        add_chain(level, k)?;
    }
    if vault_locks {
        lock_vaults(level)?;
    }
    Ok(())
}

/// The chain of `k` locks (`k > 0`) of [`add_locks`].
fn add_chain(level: &mut Level, k: u32) -> Result<(), LevelError> {
    let n = level.tiles.len();
    let graph = Graph::new(level).map_err(memory_error(level))?;
    let cuts = graph.cuts().map_err(memory_error(level))?;
    let Some(chain) = graph.chain(&cuts, k) else {
        // How many fit: the most locks a chain holds when asked for.
        let fit = (1..k)
            .rev()
            .find(|&fewer| graph.chain(&cuts, fewer).is_some())
            .unwrap_or(0);
        return Err(LevelError::Locks {
            asked: k,
            fit,
            reason: graph.why(),
        });
    };
    // Key-levels: each node's count of areas holding it. The chain's
    // thresholds grow outwards (each area's past the reach of the one
    // inside it), so those holding a node are the outermost few.
    debug_assert!(chain.windows(2).all(|p| p[0].c < p[1].c));
    let mut depth =
        memory::try_vec("the nodes' key-levels", graph.nodes, 0u8).map_err(memory_error(level))?;
    for (d, b) in depth.iter_mut().zip(&cuts.bottleneck) {
        *d = chain.iter().rev().take_while(|a| *b <= a.c).count() as u8;
    }
    drop(cuts);
    // The chain runs innermost first; lock 1 is the outermost.
    let kk = chain.len();
    let mut doors: Vec<Vec<Point>> = vec![Vec::new(); kk];
    let mut behind = memory::try_vec("the key-levels", n, 0u8).map_err(memory_error(level))?;
    if kk > 0 {
        // Each label's key-level, then each run's (walls stay 0).
        let mut of_label = memory::try_with_capacity("the key-levels", graph.node_of.len())
            .map_err(memory_error(level))?;
        of_label.extend(graph.node_of.iter().map(|&v| depth[v as usize]));
        // The runs in raster order, a stretch of one key-level at a time
        // (a maze's runs are a tile or two, its bands long stretches of
        // them): each stretch past key-level 0 filled at once, its walls
        // (between its runs) left 0. The gates' tiles among them are
        // written again below.
        let cells = level.tiles.as_slice();
        let fill = |behind: &mut [u8], (from, to): (usize, usize), d: u8| {
            if d > 0 {
                for (k, &t) in behind[from..to].iter_mut().zip(&cells[from..to]) {
                    *k = if t.is_walkable() { d } else { 0 };
                }
            }
        };
        let (mut stretch, mut d) = ((0, 0), 0u8);
        for &(a, b, l) in &graph.labels.runs {
            let here = of_label[l as usize];
            if here != d {
                fill(&mut behind, stretch, d);
                (stretch.0, d) = (a as usize, here);
            }
            stretch.1 = b as usize;
        }
        fill(&mut behind, stretch, d);
    }
    // Every gate's tiles: the key-level of the side behind more locks;
    // a gate between two key-levels is a door of the lock between them.
    let w = level.tiles.width() as usize;
    for (si, seg) in graph.segments.iter().enumerate() {
        let (mut lo, mut hi) = (u8::MAX, 0u8);
        for &l in graph.beside.of(si) {
            if l < GATE {
                let d = depth[graph.node_of[l as usize] as usize];
                lo = lo.min(d);
                hi = hi.max(d);
            }
        }
        for t in seg.tiles(w) {
            behind[t] = hi;
            if lo < hi {
                debug_assert!(hi - lo == 1, "a gate spans two bands");
                doors[hi as usize - 1].push(level.tiles.point_of(t));
                level.tiles.as_mut_slice()[t] = Tile::LockedDoor;
            }
        }
    }
    for d in &mut doors {
        d.sort_unstable_by_key(|p| (p.y, p.x));
    }
    let spots = graph
        .key_spots(level, &depth, kk)
        .map_err(memory_error(level))?;
    // Each band's walkable tiles, locked doors left out: its nodes' tiles
    // and the tiles of the gates inside it.
    let mut area = vec![0usize; kk + 1];
    for (v, &t) in graph.tiles.iter().enumerate() {
        area[depth[v] as usize] += t as usize;
    }
    for seg in &graph.segments {
        for t in seg.tiles(w) {
            if level.tiles.as_slice()[t] != Tile::LockedDoor
                && level.tiles.as_slice()[t].is_walkable()
            {
                area[behind[t] as usize] += 1;
            }
        }
    }
    let mut locks = Vec::with_capacity(kk);
    for i in 0..kk {
        locks.push(Lock {
            id: i as u32 + 1,
            doors: core::mem::take(&mut doors[i]),
            key: spots.spots[i],
            area: area[i + 1..].iter().sum(),
            vault: None,
        });
    }
    level.intensity = intensity(level, &graph, &depth, &spots.entry, kk);
    drop(graph);
    level.locks = locks;
    level.behind = behind;
    Ok(())
}

/// A vault tile, in [`lock_vaults`]'s marks (a locked vault's walkable
/// tiles carry its number among the locked vaults instead).
const IN_VAULT: u32 = u32::MAX - 1;

/// The locks of the vaults that asked for one (`locked yes`), after the
/// chain, numbered on from it in the order the vaults were placed: each
/// vault's walkable tiles with a walkable neighbour outside it (its open
/// entrances) become its lock's doors. Keys: a player is walked from the
/// up stairs (one flood, grown as keys are picked up: linear in the
/// tiles); whenever the flood stops short of a locked vault's doors with
/// no key of a closed lock left to take, that vault's key is placed on the
/// tile the flood has reached that is farthest, walking inside the
/// reached part, from the vault's doors (the vault's own key-level first,
/// outside every vault, floor before corridor, then raster order), so it
/// is reachable without its lock (and without the locks not yet opened)
/// by construction, and the walk goes on. A vault that is a passage
/// (the way to a key or to the down stairs runs through it) is thus
/// opened before what lies beyond it.
///
/// # Errors
/// [`LevelError::Vault`] when a locked vault cannot be gated: it holds the
/// up stairs, none of its entrances is open, or no tile for its key is
/// reachable before it.
fn lock_vaults(level: &mut Level) -> Result<(), LevelError> {
    let n = level.tiles.len();
    let (w, h) = (level.tiles.width(), level.tiles.height());
    let wu = w as usize;
    let memory = |e: GeomError| too_large_geom(e, w, h);
    let cells = level.tiles.as_slice();
    let around = Around::new(cells, wu);
    // Every vault's rectangle, then each locked vault's walkable tiles.
    let mut mark = memory::try_vec("the vaults' tiles", n, NONE).map_err(memory)?;
    let locked: Vec<usize> = (0..level.vaults.len())
        .filter(|&v| level.vaults[v].locked)
        .collect();
    for v in &level.vaults {
        let b = v.bounds;
        for y in b.y().max(0)..(b.y() + b.h()).min(h as i32) {
            for x in b.x().max(0)..(b.x() + b.w()).min(w as i32) {
                mark[y as usize * wu + x as usize] = IN_VAULT;
            }
        }
    }
    for (j, &v) in locked.iter().enumerate() {
        for p in &level.vaults[v].interior {
            if let Some(i) = level.tiles.index_of(*p) {
                mark[i] = j as u32;
            }
        }
    }
    let cant = |v: usize, why: &str| LevelError::Vault {
        name: level.vaults[v].name.clone(),
        reason: format!("it is locked, but {why}"),
    };
    let up = level.tiles.index_of(level.stairs_up).unwrap_or(0);
    // The doors.
    let mut doors: Vec<Vec<usize>> = vec![Vec::new(); locked.len()];
    for (j, &v) in locked.iter().enumerate() {
        for p in &level.vaults[v].interior {
            let Some(i) = level.tiles.index_of(*p) else {
                continue;
            };
            if i == up {
                return Err(cant(v, "it holds the up stairs"));
            }
            let out = around
                .of(i)
                .iter()
                .any(|&u| u != OFF && cells[u].is_walkable() && mark[u] != j as u32);
            if out && cells[i].is_walkable() {
                doors[j].push(i);
            }
        }
        if doors[j].is_empty() {
            return Err(cant(v, "none of its entrances is open"));
        }
        doors[j].sort_unstable();
    }
    let chain = level.locks.len();
    let all = chain + locked.len();
    // Each locked door's lock, and each chain key's, by tile.
    let mut door_of: Vec<(u32, u32)> = Vec::new();
    for (li, l) in level.locks.iter().enumerate() {
        door_of.extend(
            l.doors
                .iter()
                .filter_map(|d| level.tiles.index_of(*d))
                .map(|i| (i as u32, li as u32)),
        );
    }
    for (j, d) in doors.iter().enumerate() {
        door_of.extend(d.iter().map(|&i| (i as u32, (chain + j) as u32)));
    }
    door_of.sort_unstable();
    let mut key_of: Vec<(u32, u32)> = level
        .locks
        .iter()
        .enumerate()
        .filter_map(|(li, l)| level.tiles.index_of(l.key).map(|i| (i as u32, li as u32)))
        .collect();
    key_of.sort_unstable();
    let find = |list: &[(u32, u32)], i: usize| {
        list.binary_search_by_key(&(i as u32), |e| e.0)
            .ok()
            .map(|at| list[at].1 as usize)
    };
    let is_door = |i: usize| cells[i] == Tile::LockedDoor || find(&door_of, i).is_some();
    // The walk.
    let mut open = vec![false; all];
    let mut pending: Vec<Vec<u32>> = vec![Vec::new(); all];
    let mut seen = memory::try_vec("the vaults' walk", n, false).map_err(memory)?;
    let mut queue: Vec<u32> = memory::try_with_capacity("the vaults' walk", n).map_err(memory)?;
    let mut dist = memory::try_vec("the vaults' keys", n, u32::MAX).map_err(memory)?;
    let mut near: Vec<u32> = Vec::new();
    let mut vault_keys: Vec<usize> = vec![usize::MAX; locked.len()];
    seen[up] = true;
    queue.push(up as u32);
    let mut head = 0usize;
    loop {
        while head < queue.len() {
            let i = queue[head] as usize;
            head += 1;
            let key = find(&key_of, i)
                .or_else(|| vault_keys.iter().position(|&k| k == i).map(|j| chain + j));
            if let Some(l) = key
                && !open[l]
            {
                open[l] = true;
                for d in core::mem::take(&mut pending[l]) {
                    if !seen[d as usize] {
                        seen[d as usize] = true;
                        queue.push(d);
                    }
                }
            }
            for u in around.of(i) {
                if u == OFF || seen[u] || !cells[u].is_walkable() {
                    continue;
                }
                if is_door(u)
                    && let Some(l) = find(&door_of, u)
                    && !open[l]
                {
                    pending[l].push(u as u32);
                    continue;
                }
                seen[u] = true;
                queue.push(u as u32);
            }
        }
        // Stopped: the first locked vault it stopped at gets its key.
        let Some(j) =
            (0..locked.len()).find(|&j| !open[chain + j] && !pending[chain + j].is_empty())
        else {
            break;
        };
        let v = locked[j];
        let band = level.behind.get(doors[j][0]).copied().unwrap_or(0);
        // Walking distances from its doors, inside the reached part.
        near.clear();
        for &d in &doors[j] {
            for u in around.of(d) {
                if u != OFF && seen[u] && dist[u] == u32::MAX {
                    dist[u] = 1;
                    near.push(u as u32);
                }
            }
        }
        let mut k = 0;
        type Rank = (bool, u32, bool);
        let mut best: Option<(Rank, usize)> = None;
        while k < near.len() {
            let i = near[k] as usize;
            k += 1;
            let free = matches!(cells[i], Tile::Floor | Tile::Corridor)
                && mark[i] == NONE
                && find(&key_of, i).is_none()
                && !vault_keys.contains(&i);
            if free {
                let b = level.behind.get(i).copied().unwrap_or(0);
                let rank = (b == band, dist[i], cells[i] == Tile::Floor);
                if best.is_none_or(|(r, at)| rank > r || (rank == r && i < at)) {
                    best = Some((rank, i));
                }
            }
            for u in around.of(i) {
                if u != OFF && seen[u] && dist[u] == u32::MAX {
                    dist[u] = dist[i] + 1;
                    memory::grow("the vaults' keys", &mut near, 0).map_err(memory)?;
                    near.push(u as u32);
                }
            }
        }
        for &i in &near {
            dist[i as usize] = u32::MAX;
        }
        let Some((_, spot)) = best else {
            return Err(cant(v, "no tile for its key can be reached before it"));
        };
        vault_keys[j] = spot;
        // Its key is where the walk has been: pick it up now.
        open[chain + j] = true;
        for d in core::mem::take(&mut pending[chain + j]) {
            if !seen[d as usize] {
                seen[d as usize] = true;
                queue.push(d);
            }
        }
    }
    if let Some(j) = (0..locked.len()).find(|&j| vault_keys[j] == usize::MAX) {
        return Err(cant(
            locked[j],
            "the walk from the up stairs never reaches its doors",
        ));
    }
    drop((seen, queue, dist, mark));
    for (j, &v) in locked.iter().enumerate() {
        for &d in &doors[j] {
            level.tiles.as_mut_slice()[d] = Tile::LockedDoor;
        }
        let lock = Lock {
            id: (chain + j) as u32 + 1,
            doors: doors[j].iter().map(|&d| level.tiles.point_of(d)).collect(),
            key: level.tiles.point_of(vault_keys[j]),
            area: level.vaults[v]
                .interior
                .iter()
                .filter(|p| level.tile(**p).is_some_and(|t| t.is_walkable()))
                .count()
                - doors[j].len(),
            vault: Some(v as u32),
        };
        level.locks.push(lock);
    }
    Ok(())
}

/// A refusal of the memory module as the level's error.
fn too_large_geom(e: GeomError, width: u32, height: u32) -> LevelError {
    match e {
        GeomError::OverBudget { needed, limit, .. } => LevelError::OverBudget {
            width,
            height,
            needed,
            per_tile: LOCKS_BYTES_PER_TILE,
            limit,
        },
        _ => LevelError::TooLarge { width, height },
    }
}

/// The 4-neighbours of a walkable tile. On a map whose border holds no
/// walkable tile (every generated level) they are `i - 1`, `i + 1`,
/// `i - w`, `i + w`, found without a division; else each is checked.
#[derive(Clone, Copy)]
struct Around {
    w: usize,
    n: usize,
    walled: bool,
}

/// No neighbour there.
const OFF: usize = usize::MAX;

impl Around {
    fn new(cells: &[Tile], w: usize) -> Around {
        let n = cells.len();
        let h = n.checked_div(w).unwrap_or(0);
        let walled = w >= 3
            && h >= 3
            && !cells[..w]
                .iter()
                .chain(&cells[n - w..])
                .any(|t| t.is_walkable())
            && (1..h - 1)
                .all(|y| !cells[y * w].is_walkable() && !cells[y * w + w - 1].is_walkable());
        Around { w, n, walled }
    }

    /// Left, right, up, down of walkable tile `i` ([`OFF`] past the map).
    #[inline]
    fn of(self, i: usize) -> [usize; 4] {
        let w = self.w;
        if self.walled {
            return [i - 1, i + 1, i - w, i + w];
        }
        let x = i % w;
        [
            if x > 0 { i - 1 } else { OFF },
            if x + 1 < w { i + 1 } else { OFF },
            if i >= w { i - w } else { OFF },
            if i + w < self.n { i + w } else { OFF },
        ]
    }
}

/// Each room's intensity in millionths: `(key-level + f) / (locks + 1)`,
/// `f` the distance of the room's node (counted in nodes: rooms,
/// corridors, stretches of cave) from its band's entrance over the
/// farthest in that band.
fn intensity(level: &Level, graph: &Graph, depth: &[u8], entry: &[u32], k: usize) -> Vec<u32> {
    let mut far = vec![0u32; k + 1];
    for (v, d) in entry.iter().enumerate() {
        if *d != u32::MAX {
            let b = depth[v] as usize;
            far[b] = far[b].max(*d);
        }
    }
    (0..level.rooms.len())
        .map(|r| {
            let Some(i) = level.room_tile(r) else {
                return 0;
            };
            let l = graph.labels.label(i);
            if l >= GATE {
                return 0;
            }
            let v = graph.node_of[l as usize] as usize;
            let (b, d) = (u64::from(depth[v]), entry[v]);
            let f = if d == u32::MAX || far[b as usize] == 0 {
                0
            } else {
                u64::from(d) * 1_000_000 / u64::from(far[b as usize])
            };
            ((b * 1_000_000 + f) / (k as u64 + 1)) as u32
        })
        .collect()
}

/// Where the keys go, and each node's distance (in nodes) from its band's
/// entrance (for the intensity).
struct KeySpots {
    /// Key `i + 1`'s tile.
    spots: Vec<Point>,
    /// Each node's distance from its band's entrance (`u32::MAX`: none).
    entry: Vec<u32>,
}

/// The least a band must hold when a sixteenth of its share is more: on a
/// large level (a sixteenth of half of a 1000x1000 BSP level's floor is
/// about 12,000 tiles, dozens of rooms) no area that large is entered
/// through [`MAX_DOORS`] doors once the level has loops, and a level with
/// no lock at all is worse than a band of a few rooms. Four times
/// [`KEY_ROOM`]: room for a key away from the lock it opens. Only tried
/// after the bands of a sixteenth fail, so a level that held its locks
/// with those keeps them.
const LEAST_BAND: u64 = 4 * KEY_ROOM;

/// A node's tiles count up to this many when a key's node is chosen: among
/// the band's nodes equally far (in nodes) from both its ends, the one with
/// room for a key away from its gates (a node this large) first, so that a
/// key does not land on a strip between two chokepoints beside its lock.
const KEY_ROOM: u64 = 64;

/// Mazes: the side of the blocks of tiles that hold at most one gate
/// each.
pub const GATE_BLOCK: usize = 6;
// (A block's columns are cleared as one word's bits, see `clear_bits`.)
const _: () = assert!(GATE_BLOCK <= 64);

/// The longest cross-section of a cave's passage that a lock closes.
pub const MAX_SEGMENT: u32 = 3;

/// A gate's tiles: `len` tiles from `start`, in a column when `across`
/// (the passage runs left to right through it), else in a row.
#[derive(Clone, Copy, Debug)]
struct Segment {
    start: u32,
    len: u8,
    across: bool,
}

impl Segment {
    fn tiles(self, w: usize) -> impl Iterator<Item = usize> {
        let step = if self.across { w } else { 1 };
        (0..self.len as usize).map(move |k| self.start as usize + k * step)
    }

    /// Whether one of its tiles past the first (at `(x, y)`) or a
    /// 4-neighbour of one is a gate already.
    fn near_gate_past_first(self, labels: &Labels, w: usize, h: usize, x: usize, y: usize) -> bool {
        let (step, dx, dy) = if self.across { (w, 0, 1) } else { (1, 1, 0) };
        (1..self.len as usize).any(|k| {
            let t = self.start as usize + k * step;
            near_gate(labels, w, h, (t, x + k * dx, y + k * dy))
        })
    }

    /// The tiles on both sides, along the passage (some may be walls).
    fn beside(self, w: usize) -> impl Iterator<Item = usize> {
        let side = if self.across { 1 } else { w };
        self.tiles(w)
            .flat_map(move |t| [t.wrapping_sub(side), t + side])
    }
}

/// The piece on each side of a gate when each side is one piece (else a
/// side is [`NONE`] or the two are [`GATE`], which no lock uses), from the
/// labels beside it (in the order of [`Segment::beside`]: a side, then
/// the other, a tile at a time; [`NONE`] for a wall) and each label's
/// piece.
fn sides(beside: &[u32], piece: impl Fn(u32) -> u32) -> (u32, u32) {
    // Both sides at once, a tile of the gate at a time: a side's piece,
    // NONE while it has none, GATE once it has two or a gate.
    let (mut a, mut b) = (NONE, NONE);
    let add = |side: &mut u32, l: u32| {
        if l == NONE || *side == GATE {
            return;
        }
        let p = if l == GATE { GATE } else { piece(l) };
        *side = if *side == NONE || *side == p { p } else { GATE };
    };
    for pair in beside.chunks_exact(2) {
        add(&mut a, pair[0]);
        add(&mut b, pair[1]);
    }
    if a == NONE || b == NONE {
        (GATE, GATE)
    } else {
        (a, b)
    }
}

/// The segment through walkable tile `i` that starts there, `across` or
/// not: `free` tiles (at most `most`) from a wall to a wall, across a
/// passage (one of them with walkable tiles on both sides along it), away
/// from the map's edge. `(i, x, y)` is the tile and its coordinates; on a
/// map with a wall border any inner coordinates do (no walkable tile is
/// on the edge then).
fn segment(
    cells: &[Tile],
    w: usize,
    h: usize,
    (i, x, y): (usize, usize, usize),
    across: bool,
    most: u32,
    free: &impl Fn(usize) -> bool,
) -> Option<Segment> {
    if x == 0 || y == 0 || x + 1 >= w || y + 1 >= h {
        return None;
    }
    let (step, side) = if across { (w, 1) } else { (1, w) };
    if cells[i - step].is_walkable() {
        return None;
    }
    let (mut len, mut t, mut passage) = (0usize, i, false);
    loop {
        // Along a column the segment may reach the bottom row, along a row
        // the right column: both are off limits.
        let at_edge = if across {
            y + len + 1 >= h
        } else {
            x + len + 1 >= w
        };
        if at_edge || !free(t) {
            return None;
        }
        passage |= cells[t - side].is_walkable() && cells[t + side].is_walkable();
        len += 1;
        t += step;
        if !cells[t].is_walkable() {
            break;
        }
        if len as u32 >= most {
            return None;
        }
    }
    passage.then_some(Segment {
        start: i as u32,
        len: len as u8,
        across,
    })
}

/// The gate that starts at tile `i` (at `(x, y)`), if one does: a
/// [`segment`] across a passage there (a column first, then a row) none of
/// whose tiles is a gate or beside one (both start at `i`: none when it
/// is).
fn gate_at(
    cells: &[Tile],
    labels: &Labels,
    (w, h): (usize, usize),
    (i, x, y): (usize, usize, usize),
    most: u32,
    free: &impl Fn(usize) -> bool,
) -> Option<Segment> {
    if near_gate(labels, w, h, (i, x, y)) {
        return None;
    }
    for across in [true, false] {
        if let Some(seg) = segment(cells, w, h, (i, x, y), across, most, free)
            && !seg.near_gate_past_first(labels, w, h, x, y)
        {
            return Some(seg);
        }
    }
    None
}

/// Whether tile `t` at `(x, y)` or a 4-neighbour is a gate already.
fn near_gate(labels: &Labels, w: usize, h: usize, (t, x, y): (usize, usize, usize)) -> bool {
    labels.is_gate(t)
        || (x > 0 && labels.is_gate(t - 1))
        || (x + 1 < w && labels.is_gate(t + 1))
        || (y > 0 && labels.is_gate(t - w))
        || (y + 1 < h && labels.is_gate(t + w))
}

/// The root of label `x`'s set (halving the path on the way).
fn find(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        let g = parent[parent[x as usize] as usize];
        parent[x as usize] = g;
        x = g;
    }
    x
}

/// Joins the sets of `a` and `b` under the smaller root (so that a piece's
/// root is the label of its first tile in raster order).
fn join(parent: &mut [u32], a: u32, b: u32) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        parent[ra.max(rb) as usize] = ra.min(rb);
    }
}

/// A row's tiles (`Tile` bytes) as bits, 64 columns a word (none past
/// the row's end): the walkable ones into `walk`, those past Corridor
/// (no key on them: doors, stairs) into `nokey`; 8 tiles a few word
/// operations, not a branch a tile. A tile's byte is at most
/// `LockedDoor` (7), so adding `0x7f - p` to each byte sets its high bit,
/// without a carry into the next, exactly when it is past `p` (a zero
/// byte, past the row's end, sets none); a multiply then gathers the 8
/// high bits (for `nokey` only where one is set: few tiles are doors or
/// stairs).
fn row_bits(row: &[u8], walk: &mut [u64], nokey: &mut [u64]) {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const PAST_WALL: u64 = LOW * 0x7f;
    const PAST_CORRIDOR: u64 = LOW * (0x7f - Tile::Corridor as u64);
    // Byte j's low bit lands on bit 56 + j.
    let gather = |v: u64| ((v >> 7) & LOW).wrapping_mul(0x0102_0408_1020_4080) >> 56;
    let eight = |v: u64, j: usize| {
        let past = (v + PAST_CORRIDOR) & (LOW << 7);
        (
            gather(v + PAST_WALL) << (8 * j),
            if past == 0 {
                0
            } else {
                gather(past) << (8 * j)
            },
        )
    };
    walk.fill(0);
    nokey.fill(0);
    let mut chunks = row.chunks_exact(64);
    for ((w, k), c) in walk.iter_mut().zip(nokey.iter_mut()).zip(&mut chunks) {
        for (j, e) in c.chunks_exact(8).enumerate() {
            let (a, b) = eight(u64::from_le_bytes(e.try_into().expect("8 bytes")), j);
            *w |= a;
            *k |= b;
        }
    }
    let (i, rest) = (row.len() / 64, chunks.remainder());
    for (j, e) in rest.chunks(8).enumerate() {
        let mut bytes = [0u8; 8];
        bytes[..e.len()].copy_from_slice(e);
        let (a, b) = eight(u64::from_le_bytes(bytes), j);
        walk[i] |= a;
        nokey[i] |= b;
    }
}

/// A label's count of tiles (the low 32 bits) and of key tiles (the high
/// 32): both added in one sum.
const KEY_TILE: u64 = 1 << 32;

/// Labels a row's runs into `out`, returning how many: the runs of its
/// open tiles `bits` (64 columns a word, none past its end), each found from
/// the columns where the openness changes. A run overlapping runs of the
/// row above (`prev`, in order) takes the first one's provisional label
/// (the others' are joined to it), else a new one; each label's tiles and
/// key tiles are counted in `count` (see [`KEY_TILE`]; `keys` gives a
/// run's key tiles from its first and past-last tiles). `corner`: the
/// tile of the row's first column and of the one above it. `parent` and
/// `count` must have room for a label a run, `out` for the runs (no
/// reallocation here). A function of its own, kept out of the scan, so
/// that its few variables stay in registers.
#[inline(never)]
fn label_row(
    prev: &[(u32, u32, u32)],
    bits: &[u64],
    (off, up): (u32, u32),
    (parent, count): (&mut Vec<u32>, &mut Vec<u64>),
    out: &mut [(u32, u32, u32)],
    keys: impl Fn(u32, u32) -> u32,
) -> usize {
    let mut m = 0;
    // `j`: the first run above that may reach under the next run here
    // (the runs of a row are apart, so a run above reaches under two runs
    // here only when it is the last to touch the first).
    let mut j = 0;
    // The first column of the run met but not yet ended (NONE: none).
    let (mut first, mut carry) = (NONE, 0u64);
    for (i, &o) in bits.iter().enumerate() {
        let before = (o << 1) | carry;
        carry = o >> 63;
        let (mut starts, mut ends) = (o & !before, !o & before);
        let column = |bit: &mut u64| {
            let c = (i * 64) as u32 + bit.trailing_zeros();
            *bit &= *bit - 1;
            c
        };
        loop {
            if first == NONE {
                if starts == 0 {
                    break;
                }
                first = column(&mut starts);
            }
            if ends == 0 {
                // The run goes on into the next word.
                break;
            }
            let past = column(&mut ends);
            // The run, and its columns in the row above.
            let (a, b) = (off + first, off + past);
            let (ua, ub) = (up.wrapping_add(first), up.wrapping_add(past));
            first = NONE;
            while prev.get(j).is_some_and(|r| r.1 <= ua) {
                j += 1;
            }
            let l = match prev.get(j) {
                Some(&(s, _, u)) if s < ub => {
                    // The first run above it gives its label; the others
                    // touching it join theirs to it.
                    let mut i = j + 1;
                    while let Some(&(s, _, v)) = prev.get(i)
                        && s < ub
                    {
                        if v != u {
                            join(parent, u, v);
                        }
                        i += 1;
                    }
                    j = i - 1;
                    u
                }
                _ => {
                    let l = parent.len() as u32;
                    debug_assert!(parent.len() < parent.capacity());
                    parent.push(l);
                    count.push(0);
                    l
                }
            };
            out[m] = (a, b, l);
            m += 1;
            count[l as usize] += u64::from(b - a) + u64::from(keys(a, b)) * KEY_TILE;
        }
    }
    m
}

/// The pieces' labels, kept as runs, not a label a tile: the runs of
/// open tiles (walkable, no gate; first tile, past the last, label, in
/// raster order), the tiles where runs start and the gate tiles as bits.
/// A maze's row holds a run for every two or three tiles, a room level's
/// a few long ones, so the work done a run at a time (labelling,
/// counting, key-levels) follows the runs; a tile's label, asked only
/// beside the gates, at the stairs and rooms and in the keys' nodes, is
/// its run's: the run starts up to it counted (a sum kept a word of bits,
/// and the word's bits up to it), no search.
struct Labels {
    /// Every run of open tiles: first tile, past the last, its label.
    runs: Vec<(u32, u32, u32)>,
    /// Bit `t` (of word `t / 64`) set for a tile where a run starts, and
    /// each word's count of the starts in the words before it.
    starts: Vec<u64>,
    before: Vec<u32>,
    /// Bit `t` set for a gate tile.
    gate: Vec<u64>,
}

impl Labels {
    /// Room for the bits of `n` tiles (the runs come with the scan).
    fn new(n: usize) -> Result<Labels, GeomError> {
        Ok(Labels {
            runs: Vec::new(),
            starts: memory::try_vec("the locks' runs", n / 64 + 2, 0u64)?,
            before: Vec::new(),
            // (Words past the last: a row's gates are read two words at
            // a time.)
            gate: memory::try_vec("the locks' gates", n / 64 + 3, 0u64)?,
        })
    }

    fn is_gate(&self, t: usize) -> bool {
        self.gate[t / 64] >> (t % 64) & 1 != 0
    }

    fn set_gate(&mut self, t: usize) {
        self.gate[t / 64] |= 1 << (t % 64);
    }

    /// Takes the gates of the row starting at tile `at` out of its open
    /// tiles `bits` (64 columns a word; gates past the row's end are the
    /// next row's, where `bits` has none).
    fn clear_gates(&self, at: usize, bits: &mut [u64]) {
        let (k, s) = (at / 64, (at % 64) as u32);
        let gate = &self.gate[k..k + bits.len() + 1];
        for (o, g) in bits.iter_mut().zip(gate.windows(2)) {
            // (A shift by 64, where the row starts a word, adds nothing.)
            *o &= !((g[0] >> s) | g[1].checked_shl(64 - s).unwrap_or(0));
        }
    }

    /// The starts of the runs of the row from tile `at`, whose open
    /// tiles are `bits` (64 columns a word, none past its end): a word
    /// at a time, not a run at a time.
    fn mark_starts(&mut self, at: usize, bits: &[u64]) {
        let mut carry = 0;
        for (i, &o) in bits.iter().enumerate() {
            let start = o & !((o << 1) | carry);
            carry = o >> 63;
            if start != 0 {
                let (k, s) = ((at + 64 * i) / 64, (at + 64 * i) % 64);
                self.starts[k] |= start << s;
                if s > 0 {
                    self.starts[k + 1] |= start >> (64 - s);
                }
            }
        }
    }

    /// The sums of the starts, once every run is in.
    fn count_starts(&mut self) -> Result<(), GeomError> {
        self.before = memory::try_with_capacity("the locks' runs", self.starts.len())?;
        let mut sum = 0u32;
        for &s in &self.starts {
            self.before.push(sum);
            sum += s.count_ones();
        }
        Ok(())
    }

    /// Tile `t`'s label: its piece's provisional label, [`GATE`], or
    /// [`NONE`] (a wall).
    fn label(&self, t: usize) -> u32 {
        let (k, bit) = (t / 64, t % 64);
        if self.gate[k] >> bit & 1 != 0 {
            return GATE;
        }
        // The runs starting at or before `t`: the last of them holds it,
        // if any does.
        let upto = self.before[k] + (self.starts[k] << (63 - bit)).count_ones();
        match upto.checked_sub(1).map(|r| self.runs[r as usize]) {
            Some((_, end, l)) if t < end as usize => l,
            _ => NONE,
        }
    }
}

/// The labels of the tiles beside each gate (segment `s`'s in the order
/// of [`Segment::beside`], [`NONE`] for a wall): `labels[at[s]..at[s + 1]]`.
#[derive(Default)]
struct Beside {
    labels: Vec<u32>,
    at: Vec<u32>,
}

impl Beside {
    fn of(&self, s: usize) -> &[u32] {
        &self.labels[self.at[s] as usize..self.at[s + 1] as usize]
    }
}

/// Clears bits `from..to` of `bits` (64 a word), at most 64 of them: in
/// the word of `from` and, past its end, the next.
fn clear_bits(bits: &mut [u64], from: usize, to: usize) {
    debug_assert!(from <= to && to - from <= 64);
    let (k, s) = (from / 64, from % 64);
    let mask = ((1u128 << (to - from)) - 1) << s;
    bits[k] &= !(mask as u64);
    if s + (to - from) > 64 {
        bits[k + 1] &= !((mask >> 64) as u64);
    }
}

/// The first column from `from` whose bit is set in `bits` (64 columns a
/// word), if any.
fn first_set(bits: &[u64], from: usize) -> Option<usize> {
    let mut i = from / 64;
    let mut word = bits.get(i)? & (!0u64 << (from % 64));
    while word == 0 {
        i += 1;
        word = *bits.get(i)?;
    }
    Some(i * 64 + word.trailing_zeros() as usize)
}

/// A gate between two nodes.
struct Gate {
    a: u32,
    b: u32,
    /// Its tiles: an index into [`Graph::segments`].
    seg: u32,
}

/// The graph the locks are cut in: nodes (pieces joined by gates that may
/// not be locked) and the gates between them.
struct Graph {
    /// Each tile's piece, [`GATE`] or [`NONE`].
    labels: Labels,
    /// The labels beside each gate.
    beside: Beside,
    /// Each piece's node.
    node_of: Vec<u32>,
    nodes: usize,
    /// The gates' tiles: every segment found, lockable or not.
    segments: Vec<Segment>,
    /// Each node's walkable tiles (gates not counted) and tiles a key may
    /// lie on.
    tiles: Vec<u64>,
    keyable: Vec<u64>,
    gates: Vec<Gate>,
    /// The gates of each node: `adj[start[v]..start[v + 1]]`, and the
    /// nodes across them: `nbr[start[v]..start[v + 1]]`.
    start: Vec<u32>,
    adj: Vec<u32>,
    nbr: Vec<u32>,
    up: u32,
    down: u32,
}

/// Every closed area the growth offers, at once. The growth's first
/// `c + 1` nodes close into the area of the nodes whose bottleneck is at
/// most `c`: a node's bottleneck is the most, over the walks from the up
/// stairs to it, of the least growth position on the walk (the up stairs
/// and nodes never grown count as past every position), so a node is cut
/// off from the up stairs by the first `c + 1` nodes exactly when its
/// bottleneck is at most `c`.
struct Cuts {
    /// Each node's bottleneck ([`NEVER`]: in no area).
    bottleneck: Vec<u32>,
    /// For each `c`: the area's walkable tiles, key tiles and gates on its
    /// boundary.
    tiles: Vec<u64>,
    keyable: Vec<u64>,
    bound: Vec<u32>,
    /// For each `c`: the least threshold of an area holding both ends of
    /// every gate on the boundary of area `c` ([`NEVER`] when one end is
    /// in no area), at least `c + 1`.
    reach: Vec<u32>,
}

/// Past every growth position.
const NEVER: u32 = u32::MAX;

/// One area of a chain: its threshold `c` (see [`Cuts`]), its key tiles,
/// and the least threshold an area around it must have (so that every
/// gate on its boundary leads into that area).
#[derive(Clone, Copy, Debug)]
struct Area {
    c: u32,
    tiles: u64,
    keyable: u64,
    reach: u32,
}

impl Graph {
    fn new(level: &Level) -> Result<Graph, GeomError> {
        let tiles = &level.tiles;
        let (w, h) = (tiles.width() as usize, tiles.height() as usize);
        let cells = tiles.as_slice();
        let n = cells.len();
        let rooms = matches!(
            level.kind,
            LevelKind::Bsp | LevelKind::Scatter | LevelKind::Passages
        );
        let walk = |i: usize| cells[i].is_walkable();
        let vaults = !level.vaults.is_empty();
        let in_vault = |i: usize| {
            vaults && {
                let p = tiles.point_of(i);
                level.vaults.iter().any(|v| v.bounds.contains(p))
            }
        };
        let mut labels = Labels::new(n)?;
        // 1. Gates: segments across a passage, walls at both ends.
        let most = if rooms || level.kind == LevelKind::Maze {
            1
        } else {
            MAX_SEGMENT
        };
        let free = |i: usize| matches!(cells[i], Tile::Floor | Tile::Corridor) && !in_vault(i);
        let mut segments: Vec<Segment> = Vec::new();
        // Mazes: at most one gate a block of GATE_BLOCK x GATE_BLOCK
        // tiles, so that the graph stays small (a maze's corridors are
        // chokepoints almost everywhere; a cave's are few). Caves have a
        // block a tile: no block is asked twice, none is kept.
        let side = if level.kind == LevelKind::Maze {
            GATE_BLOCK
        } else {
            1
        };
        // The blocks of the current row of blocks that hold no gate yet,
        // a bit a column (set: free; 64 columns a word).
        let words = w / 64 + 2;
        let mut unblocked = memory::try_vec("the locks' gate blocks", words, !0u64)?;
        // 2. Pieces, in the same pass, row by row: a tile's gate is
        // settled once the scan has passed it (a segment's tiles lie at or
        // after its first), so once a row's gates are placed its runs of
        // walkable tiles that are no gates are labelled: a run overlapping
        // runs of the row above takes the first one's provisional label
        // (the labels of the others are joined to it), else a new one.
        // Labels are joined by union-find under the smaller root, so a
        // piece's root is the label of its first tile in raster order.
        // `count` holds each label's tiles and key tiles.
        let mut parent: Vec<u32> = Vec::new();
        let mut count: Vec<u64> = Vec::new();
        // The tiles as bytes (`Tile` is a `repr(u8)` enum: Wall 0, Floor 1,
        // Corridor 2, Door 3), so that a row's bits come a word at a time.
        let mut all: Vec<u8> = memory::try_with_capacity("the locks' rows", n)?;
        all.extend(cells.iter().map(|&t| t as u8));
        let zero = memory::try_vec("the locks' rows", w, 0u8)?;
        let row = |y: usize| -> &[u8] {
            if y < h {
                &all[y * w..y * w + w]
            } else {
                &zero[..w]
            }
        };
        // Each row's walkable tiles and those of them that hold no key, as
        // bits (a word for 64 columns, a zero word past the row's end), for
        // the five rows a segment's tests look at (the row above it to
        // three below: row `r` in slot `r % 5`), each made once; and this
        // row's open tiles (walkable, no gate: its gates taken out once
        // placed).
        let mut walk_rows = memory::try_vec("the locks' rows", 5 * words, 0u64)?;
        let mut nokey_rows = memory::try_vec("the locks' rows", 5 * words, 0u64)?;
        let slot = |r: usize| (r % 5) * words..(r % 5) * words + words;
        for r in 0..3 {
            row_bits(row(r), &mut walk_rows[slot(r)], &mut nokey_rows[slot(r)]);
        }
        let mut bits = memory::try_vec("the locks' rows", words, 0u64)?;
        // Masks of the segments' longer ends (all ones when they may be
        // that long).
        let (m2, m3) = (
            if most >= 2 { !0u64 } else { 0 },
            if most >= 3 { !0u64 } else { 0 },
        );
        // The first of the row above's runs, and this row's (at most one
        // for two columns).
        let mut above = 0usize;
        let mut row_runs = memory::try_vec("the locks' rows", w / 2 + 1, (0u32, 0u32, 0u32))?;
        for y in 0..h {
            if side > 1 && y % side == 0 {
                unblocked.fill(!0);
            }
            row_bits(
                row(y + 3),
                &mut walk_rows[slot(y + 3)],
                &mut nokey_rows[slot(y + 3)],
            );
            let (walk_at, nokey) = (&walk_rows[slot(y)], &nokey_rows[slot(y)]);
            bits.copy_from_slice(walk_at);
            // Each candidate in order, as the tile scan did: for rooms the
            // doors (among the tiles that hold no key, a word of bits at a
            // time), each a gate when it stands between two walls.
            let mut at = 0;
            while let Some(x) = first_set(nokey, at).filter(|_| rooms) {
                at = x + 1;
                let i = y * w + x;
                if x >= w || cells[i] != Tile::Door || labels.is_gate(i) {
                    continue;
                }
                let lr = x > 0 && x + 1 < w && walk(i - 1) && walk(i + 1);
                let ud = y > 0 && y + 1 < h && walk(i - w) && walk(i + w);
                let lr_wall = (x == 0 || !walk(i - 1)) && (x + 1 == w || !walk(i + 1));
                let ud_wall = (y == 0 || !walk(i - w)) && (y + 1 == h || !walk(i + w));
                if !in_vault(i) && ((lr && ud_wall) || (ud && lr_wall)) {
                    labels.set_gate(i);
                    memory::grow("the locks' gates", &mut segments, 0)?;
                    segments.push(Segment {
                        start: i as u32,
                        len: 1,
                        across: lr,
                    });
                }
            }
            // Else the tiles that may start a segment (a superset, each
            // checked by `segment`), a word of 64 columns at a time, found
            // by tests on the bits of the rows around: a floor or
            // corridor tile, away from the map's edge, with a wall above
            // and one at most `most` tiles below, or one to its left and
            // one at most `most` tiles to its right; in a block with no
            // gate yet (the blocks are asked again for each, as gates
            // placed before it in the row close theirs).
            let scan = !rooms && y > 0 && y + 1 < h && w >= 3;
            for k in 0..if scan { w.div_ceil(64) } else { 0 } {
                let ring = |r: usize| walk_rows[slot(r)][k];
                let (up, d1, d2, d3) = (ring(y - 1), ring(y + 1), ring(y + 2), ring(y + 3));
                let (o, next) = (walk_at[k], walk_at[k + 1]);
                let left = (o << 1) | if k > 0 { walk_at[k - 1] >> 63 } else { 0 };
                let right = |by: u32| (o >> by) | (next << (64 - by));
                let floor = o & !nokey[k];
                let endv = !d1 | (m2 & !d2) | (m3 & !d3);
                let endh = !right(1) | (m2 & !right(2)) | (m3 & !right(3));
                // Columns 1 to w - 2 (none past the row's end is free).
                let mut inner = !0u64;
                if k == 0 {
                    inner &= !1;
                }
                if k == (w - 1) / 64 {
                    inner &= !(1 << ((w - 1) % 64));
                }
                let mut word = floor & ((!up & endv) | (!left & endh)) & inner & unblocked[k];
                while word != 0 {
                    let x = k * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    let i = y * w + x;
                    if labels.is_gate(i) {
                        continue;
                    }
                    if unblocked[x / 64] >> (x % 64) & 1 == 0 {
                        continue;
                    }
                    if let Some(seg) = gate_at(cells, &labels, (w, h), (i, x, y), most, &free) {
                        for t in seg.tiles(w) {
                            labels.set_gate(t);
                        }
                        memory::grow("the locks' gates", &mut segments, 0)?;
                        segments.push(seg);
                        if side > 1 {
                            let bx = x / side * side;
                            clear_bits(&mut unblocked, bx, (bx + side).min(w));
                        }
                    }
                }
            }
            // The row's runs, on its bits: the open tiles (walkable, no
            // gate: the row's gates are all placed by now).
            labels.clear_gates(y * w, &mut bits[..w.div_ceil(64)]);
            if parent.capacity() - parent.len() < w / 2 + 1 {
                // Room for this row's new labels (at most one a run, a run
                // for two columns) and as many a row as so far (a
                // projection, as for the runs below).
                let more = parent.len() * (h - y) / (y + 1) + w;
                memory::try_reserve("the locks' pieces", &mut parent, more)?;
                memory::try_reserve("the locks' pieces", &mut count, more)?;
            }
            // (On the first row there are no runs above: `up` is never
            // used.)
            let corner = ((y * w) as u32, (y * w).wrapping_sub(w) as u32);
            let prev = &labels.runs[above..];
            let labels_of = (&mut parent, &mut count);
            let k = if vaults {
                // A run's tiles are key tiles but those in vaults and the
                // few others (doors, stairs).
                let keys = |a: u32, b: u32| (a as usize..b as usize).filter(|&i| free(i)).count();
                label_row(prev, &bits, corner, labels_of, &mut row_runs, |a, b| {
                    keys(a, b) as u32
                })
            } else {
                // Its tiles are key tiles but the few that are not (doors,
                // stairs), taken off below.
                label_row(prev, &bits, corner, labels_of, &mut row_runs, |a, b| b - a)
            };
            let here = labels.runs.len();
            if labels.runs.capacity() - here < k {
                // Room for this row's runs and, for each row left, as many
                // as a row has had so far or this one has, whichever is
                // more (a projection: a reallocation or two, not the
                // dozen copies of a doubling from empty).
                let more = ((here + k) / (y + 1)).max(k) * (h - y) + k;
                memory::try_reserve("the locks' runs", &mut labels.runs, more)?;
            }
            above = here;
            labels.runs.extend_from_slice(&row_runs[..k]);
            labels.mark_starts(y * w, &bits[..w.div_ceil(64)]);
            if !vaults {
                // The open tiles that hold no key (few: doors and stairs),
                // each in the first of the row's runs that ends past it.
                let mut r = here;
                for (i, (m, &o)) in nokey.iter().zip(&bits).enumerate() {
                    let mut word = *m & o;
                    while word != 0 {
                        let t = y * w + i * 64 + word.trailing_zeros() as usize;
                        word &= word - 1;
                        while labels.runs[r].1 as usize <= t {
                            r += 1;
                        }
                        count[labels.runs[r].2 as usize] -= KEY_TILE;
                    }
                }
            }
        }
        labels.count_starts()?;
        // Each label's piece: its root (every parent is at most its
        // child, so one pass in order finds them).
        let provisional = parent.len();
        for l in 0..provisional {
            parent[l] = parent[parent[l] as usize];
        }
        let piece = |parent: &[u32], t: usize| {
            let l = labels.label(t);
            if l < GATE { parent[l as usize] } else { l }
        };
        let up_tile = tiles.index_of(level.stairs_up).unwrap_or(0);
        let down_tile = tiles.index_of(level.stairs_down).unwrap_or(0);
        let (up, down) = (piece(&parent, up_tile), piece(&parent, down_tile));
        // The labels beside each gate, looked up once: for its sides here,
        // the joins below, the locks' doors and the keys' walks.
        let mut beside = Beside::default();
        let all: usize = segments.iter().map(|s| 2 * s.len as usize).sum();
        memory::try_reserve("the locks' gates", &mut beside.labels, all)?;
        memory::try_reserve("the locks' gates", &mut beside.at, segments.len() + 1)?;
        beside.at.push(0);
        // (A gate lies off the map's edge: its sides lie on the map.)
        let label_of = |t: usize| if walk(t) { labels.label(t) } else { NONE };
        for seg in &segments {
            let side = if seg.across { 1 } else { w };
            for t in seg.tiles(w) {
                beside.labels.push(label_of(t - side));
                beside.labels.push(label_of(t + side));
            }
            beside.at.push(beside.labels.len() as u32);
        }
        // Gates that may not be locked join their pieces (under the
        // smaller root again: a node's root is the label of its first tile).
        let mut candidates: Vec<(u32, u32, u32)> = Vec::new();
        for (si, seg) in segments.iter().enumerate() {
            let (a, b) = sides(beside.of(si), |l| parent[l as usize]);
            let lockable = a != b
                && a < GATE
                && b < GATE
                && a != up
                && b != up
                && !seg
                    .tiles(w)
                    .any(|t| level.required.contains(&tiles.point_of(t)));
            if lockable {
                memory::grow("the locks' gates", &mut candidates, 0)?;
                candidates.push((si as u32, a, b));
            }
        }
        // Then (the pieces of every gate found first) every gate that may
        // not be locked joins the pieces beside it.
        let mut next = candidates.iter().map(|c| c.0 as usize).peekable();
        for si in 0..segments.len() {
            if next.next_if_eq(&si).is_some() {
                continue;
            }
            let mut first = NONE;
            for &l in beside.of(si) {
                if l >= GATE {
                    continue;
                }
                if first == NONE {
                    first = l;
                } else {
                    join(&mut parent, first, l);
                }
            }
        }
        // Nodes: the joined pieces, numbered in the order of their roots
        // (of their first tiles), each label's node: in place, in order
        // (a label's parent is smaller, numbered before it).
        let mut node_of = parent;
        let mut nodes = 0u32;
        for l in 0..provisional {
            let p = node_of[l] as usize;
            if p == l {
                node_of[l] = nodes;
                nodes += 1;
            } else {
                node_of[l] = node_of[p];
            }
        }
        let nn = nodes as usize;
        let mut node_tiles = memory::try_vec("the locks' node sizes", nn, 0u64)?;
        let mut keyable = memory::try_vec("the locks' node sizes", nn, 0u64)?;
        for (l, &c) in count.iter().enumerate() {
            let v = node_of[l] as usize;
            node_tiles[v] += c % KEY_TILE;
            keyable[v] += c / KEY_TILE;
        }
        drop(count);
        let mut gates = Vec::new();
        memory::try_reserve("the locks' gates", &mut gates, candidates.len())?;
        for (si, a, b) in candidates {
            let (a, b) = (node_of[a as usize], node_of[b as usize]);
            if a != b {
                gates.push(Gate { a, b, seg: si });
            }
        }
        // The gates of each node, in one array.
        let mut start = memory::try_vec("the locks' adjacency", nn + 1, 0u32)?;
        for g in &gates {
            start[g.a as usize + 1] += 1;
            start[g.b as usize + 1] += 1;
        }
        for v in 0..nn {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut adj = memory::try_vec("the locks' adjacency", 2 * gates.len(), 0u32)?;
        let mut nbr = memory::try_vec("the locks' adjacency", 2 * gates.len(), 0u32)?;
        for (gi, g) in gates.iter().enumerate() {
            for (v, u) in [(g.a, g.b), (g.b, g.a)] {
                adj[fill[v as usize] as usize] = gi as u32;
                nbr[fill[v as usize] as usize] = u;
                fill[v as usize] += 1;
            }
        }
        let (up, down) = (node_of[up as usize], node_of[down as usize]);
        Ok(Graph {
            labels,
            beside,
            node_of,
            nodes: nn,
            segments,
            tiles: node_tiles,
            keyable,
            gates,
            start,
            adj,
            nbr,
            up,
            down,
        })
    }

    /// The key rule, given each node's key-level `depth` and the chain's
    /// `kk` locks: key `i + 1` in band `i` (the nodes of key-level `i`),
    /// in the node farthest from both ends of the band, counted in nodes
    /// walking inside the band (from the up stairs' node or the nodes
    /// behind lock `i`'s doors, and from the nodes before lock `i + 1`'s
    /// doors): the largest minimum of the two, then the larger (its tiles
    /// counted up to [`KEY_ROOM`]), then the farther from the entrance,
    /// then the first node. In that node, the tile farthest by walking
    /// inside it from its gates (through the gate tiles that join its
    /// pieces, never onto one), floor before corridor, then the
    /// first in raster order. Keys lie on floor or corridor, never on a
    /// door, the stairs, or inside a vault's rectangle. Cost: two
    /// breadth-first walks over the nodes, and one over the tiles of each
    /// key's node.
    fn key_spots(&self, level: &Level, depth: &[u8], kk: usize) -> Result<KeySpots, GeomError> {
        let nn = self.nodes;
        // Each node's ends: whether a gate leads from it to the key-level
        // before its own (ENTRY, it lies behind a lock's door) or after
        // it (EXIT, before the next lock's door); the up stairs' node is
        // an entry too.
        const ENTRY: u8 = 1;
        const EXIT: u8 = 2;
        let mut ends = memory::try_vec("the keys' node walk", nn, 0u8)?;
        for g in &self.gates {
            let (da, db) = (depth[g.a as usize], depth[g.b as usize]);
            if u16::from(db) == u16::from(da) + 1 {
                ends[g.a as usize] |= EXIT;
                ends[g.b as usize] |= ENTRY;
            } else if u16::from(da) == u16::from(db) + 1 {
                ends[g.b as usize] |= EXIT;
                ends[g.a as usize] |= ENTRY;
            }
        }
        ends[self.up as usize] |= ENTRY;
        let walk = |end: u8| -> Result<Vec<u32>, GeomError> {
            let mut dist = memory::try_vec("the keys' node distances", nn, u32::MAX)?;
            let mut queue: Vec<u32> = memory::try_with_capacity("the keys' node walk", nn)?;
            for v in 0..nn {
                if ends[v] & end != 0 {
                    dist[v] = 0;
                    queue.push(v as u32);
                }
            }
            let mut head = 0;
            while head < queue.len() {
                let v = queue[head];
                head += 1;
                let (dv, next) = (depth[v as usize], dist[v as usize] + 1);
                for &u in self.neighbours(v) {
                    if depth[u as usize] == dv && dist[u as usize] == u32::MAX {
                        dist[u as usize] = next;
                        queue.push(u);
                    }
                }
            }
            Ok(dist)
        };
        let entry = walk(ENTRY)?;
        let exit = walk(EXIT)?;
        // The best node of each band.
        // A node's rank: its least distance from the band's ends, its room
        // for a key, its distance from the entrance.
        type Rank = (u32, u64, u32);
        let mut best: Vec<Option<(Rank, u32)>> = vec![None; kk];
        for v in 0..nn {
            let b = depth[v] as usize;
            if b >= kk || self.keyable[v] == 0 || entry[v] == u32::MAX {
                continue;
            }
            let rank = (entry[v].min(exit[v]), self.tiles[v].min(KEY_ROOM), entry[v]);
            if best[b].is_none_or(|(r, _)| rank > r) {
                best[b] = Some((rank, v as u32));
            }
        }
        drop(exit);
        let mut spots = Vec::with_capacity(kk);
        let mut scratch = Vec::new();
        let mut seen = memory::try_vec("the keys' walk", level.tiles.len() / 64 + 1, 0u64)?;
        for node in best {
            // Every band holds a key tile (the chain's rule).
            let v = node.map_or(self.up, |(_, v)| v);
            spots.push(
                level
                    .tiles
                    .point_of(self.tile_in(level, v, &mut scratch, &mut seen)?),
            );
        }
        Ok(KeySpots { spots, entry })
    }

    /// The key's tile in node `v`: the tile farthest, walking inside the
    /// node, from the tiles beside its gates (floor before corridor, then
    /// raster order), outside every vault and never on a gate. The walk
    /// crosses the gate tiles that join the node's pieces (gates that may
    /// not be locked), so every piece of the node is reached: a node of
    /// several pieces whose only lockable gate is its lock's door gets its
    /// key in the piece farthest from that door, not beside it. It marks
    /// the tiles it reaches in `seen` (a bit a tile, clear before and
    /// after), so it costs the node's tiles only (a label looked up for
    /// each of their neighbours); `walk` is its scratch (each tile
    /// reached, whether a gate, and its distance).
    fn tile_in(
        &self,
        level: &Level,
        v: u32,
        walk: &mut Vec<(u32, bool, u32)>,
        seen: &mut [u64],
    ) -> Result<usize, GeomError> {
        let cells = level.tiles.as_slice();
        let w = level.tiles.width() as usize;
        let around = Around::new(cells, w);
        let vaults = !level.vaults.is_empty();
        let free = |t: usize| {
            matches!(cells[t], Tile::Floor | Tile::Corridor)
                && !(vaults && {
                    let p = level.tiles.point_of(t);
                    level.vaults.iter().any(|x| x.bounds.contains(p))
                })
        };
        walk.clear();
        let (labels, node_of) = (&self.labels, &self.node_of);
        let mine = |t: usize| {
            let l = labels.label(t);
            l < GATE && node_of[l as usize] == v
        };
        // Its runs, in raster order (for a node that the walk cannot
        // start from a gate).
        let runs = || {
            labels
                .runs
                .iter()
                .filter(|r| node_of[r.2 as usize] == v)
                .flat_map(|r| r.0 as usize..r.1 as usize)
        };
        // Marks tile `t`, saying whether it was not yet.
        let mark = |seen: &mut [u64], t: usize| {
            let (word, bit) = (&mut seen[t / 64], 1u64 << (t % 64));
            let new = *word & bit == 0;
            *word |= bit;
            new
        };
        let gates = &self.adj[self.start[v as usize] as usize..self.start[v as usize + 1] as usize];
        for &g in gates {
            let si = self.gates[g as usize].seg as usize;
            for (t, &l) in self.segments[si].beside(w).zip(self.beside.of(si)) {
                if l < GATE && node_of[l as usize] == v && mark(seen, t) {
                    memory::grow("the keys' walk", walk, 0)?;
                    walk.push((t as u32, false, 0));
                }
            }
        }
        if walk.is_empty() {
            // A node with no gate (the whole level is one node): from its
            // first tile.
            if let Some(t) = runs().next() {
                mark(seen, t);
                walk.push((t as u32, false, 0));
            }
        }
        let mut best: Option<((u32, bool), usize)> = None;
        let mut head = 0;
        while head < walk.len() {
            let (t, gate, d) = walk[head];
            let t = t as usize;
            head += 1;
            if !gate && free(t) {
                let rank = (d, cells[t] == Tile::Floor);
                if best.is_none_or(|(r, at)| rank > r || (rank == r && t < at)) {
                    best = Some((rank, t));
                }
            }
            for u in around.of(t) {
                // The walk goes on through gate tiles (the gates that may
                // not be locked join the node's pieces), never onto
                // another node's tile.
                if u == OFF || !cells[u].is_walkable() || seen[u / 64] >> (u % 64) & 1 != 0 {
                    continue;
                }
                let gate = labels.is_gate(u);
                if (gate || mine(u)) && mark(seen, u) {
                    memory::grow("the keys' walk", walk, 0)?;
                    walk.push((u as u32, gate, d + 1));
                }
            }
        }
        for &(t, _, _) in walk.iter() {
            seen[t as usize / 64] = 0;
        }
        Ok(match best {
            Some((_, t)) => t,
            // Its key tiles lie in pieces joined to it by gates that may
            // not be locked: the first of them.
            None => runs()
                .find(|&t| free(t))
                .unwrap_or_else(|| level.tiles.index_of(level.stairs_up).unwrap_or(0)),
        })
    }

    /// The nodes across `v`'s gates, in the order of its gates in `adj`.
    fn neighbours(&self, v: u32) -> &[u32] {
        &self.nbr[self.start[v as usize] as usize..self.start[v as usize + 1] as usize]
    }

    /// Why no more locks fit, in words.
    fn why(&self) -> String {
        if self.up == self.down {
            "the up and down stairs are in one piece that no lockable door or chokepoint divides"
                .into()
        } else {
            format!(
                "no further area around the down stairs is entered through at most {MAX_DOORS} lockable doors or chokepoints, with room for a key before it"
            )
        }
    }

    /// The growth from the down stairs' node: the nodes in the order they
    /// join. The next node is the one of least score (its gates less twice
    /// those into the area: the gates it adds to the boundary less those it
    /// removes), first pushed first among equal scores: a bucket queue of
    /// scores, a FIFO list each (linear in the gates).
    fn grow(&self) -> Result<Vec<u32>, GeomError> {
        let nn = self.nodes;
        let mut order: Vec<u32> = memory::try_with_capacity("the locks' growth", nn)?;
        if self.up == self.down {
            return Ok(order);
        }
        let mut taken = memory::try_vec("the locks' growth", nn, false)?;
        let deg = |v: usize| self.start[v + 1] - self.start[v];
        // Scores lie in -most..=most: each node's bucket is its score (its
        // gates less twice those into the area) plus `most`, kept as the
        // area grows.
        let most = (0..nn).map(deg).max().unwrap_or(0);
        let mut bucket: Vec<u32> = memory::try_with_capacity("the locks' growth", nn)?;
        bucket.extend((0..nn).map(|v| deg(v) + most));
        let mut buckets: Vec<(usize, Vec<u32>)> =
            memory::try_vec("the locks' growth", 2 * most as usize + 1, (0, Vec::new()))?;
        let mut low = bucket[self.down as usize] as usize;
        buckets[low].1.push(self.down);
        loop {
            // The least non-empty bucket from `low` up.
            while low < buckets.len() && buckets[low].0 == buckets[low].1.len() {
                low += 1;
            }
            if low == buckets.len() {
                break;
            }
            let (head, list) = &mut buckets[low];
            let v = list[*head];
            *head += 1;
            if taken[v as usize] || low != bucket[v as usize] as usize {
                continue;
            }
            taken[v as usize] = true;
            order.push(v);
            for &u in self.neighbours(v) {
                if u == self.up || taken[u as usize] {
                    continue;
                }
                bucket[u as usize] -= 2;
                let b = bucket[u as usize] as usize;
                memory::grow("the locks' growth", &mut buckets[b].1, 0)?;
                buckets[b].1.push(u);
                low = low.min(b);
            }
        }
        Ok(order)
    }

    /// Every closed area of the growth at once ([`Cuts`]).
    fn cuts(&self) -> Result<Cuts, GeomError> {
        let order = self.grow()?;
        let nn = self.nodes;
        let m = order.len();
        let mut position = memory::try_vec("the locks' cuts", nn, NEVER)?;
        for (i, &v) in order.iter().enumerate() {
            position[v as usize] = i as u32;
        }
        drop(order);
        // The widest walks from the up stairs: the largest least position,
        // the widest first (a bucket queue of widths: a walk only narrows,
        // so the buckets are taken from the widest down; bucket `m` holds
        // NEVER).
        // Each bucket is a stack, linked through one arena (`entries`:
        // a node and the entry below it).
        let mut bottleneck = memory::try_vec("the locks' cuts", nn, 0u32)?;
        let mut done = memory::try_vec("the locks' cuts", nn, false)?;
        let mut top = memory::try_vec("the locks' cuts", m + 1, NEVER)?;
        let mut entries: Vec<(u32, u32)> = Vec::new();
        let slot = |b: u32| if b == NEVER { m } else { b as usize };
        bottleneck[self.up as usize] = NEVER;
        entries.push((self.up, NEVER));
        top[m] = 0;
        let mut at = m;
        loop {
            let e = top[at];
            if e == NEVER {
                if at == 0 {
                    break;
                }
                at -= 1;
                continue;
            }
            let (v, below) = entries[e as usize];
            top[at] = below;
            let b = bottleneck[v as usize];
            if done[v as usize] || slot(b) != at {
                continue;
            }
            done[v as usize] = true;
            for &u in self.neighbours(v) {
                let u = u as usize;
                let through = b.min(position[u]);
                if !done[u] && through > bottleneck[u] {
                    bottleneck[u] = through;
                    let s = slot(through);
                    memory::grow("the locks' cuts", &mut entries, 0)?;
                    entries.push((u as u32, top[s]));
                    top[s] = (entries.len() - 1) as u32;
                }
            }
        }
        drop((top, entries, done, position));
        // Per threshold: tiles and key tiles (nodes of that bottleneck,
        // summed), and boundary gates (a gate is on the boundary from the
        // smaller bottleneck of its ends to below the larger).
        let mut tiles = memory::try_vec("the locks' cuts", m, 0u64)?;
        let mut keyable = memory::try_vec("the locks' cuts", m, 0u64)?;
        for (v, &b) in bottleneck.iter().enumerate() {
            if b != NEVER {
                tiles[b as usize] += self.tiles[v];
                keyable[b as usize] += self.keyable[v];
            }
        }
        for c in 1..m {
            tiles[c] += tiles[c - 1];
            keyable[c] += keyable[c - 1];
        }
        // And the reach of each threshold `c` (see `Area::reach`): the
        // larger end of the gates on its boundary, at least `c + 1`; the
        // largest larger end of the gates whose smaller end is at most
        // `c` is on the boundary exactly when it is past `c`.
        let mut diff = memory::try_vec("the locks' cuts", m + 1, 0i64)?;
        let mut reach = memory::try_vec("the locks' cuts", m, 0u32)?;
        for g in &self.gates {
            let (x, y) = (bottleneck[g.a as usize], bottleneck[g.b as usize]);
            let (lo, hi) = (x.min(y), x.max(y));
            if lo != hi {
                diff[lo as usize] += 1;
                reach[lo as usize] = reach[lo as usize].max(hi);
                if hi != NEVER {
                    diff[hi as usize] -= 1;
                }
            }
        }
        let mut bound = memory::try_vec("the locks' cuts", m, 0u32)?;
        let (mut run, mut far) = (0i64, 0u32);
        for c in 0..m {
            run += diff[c];
            bound[c] = run.max(0) as u32;
            far = far.max(reach[c]);
            reach[c] = if far > c as u32 { far } else { c as u32 + 1 };
        }
        Ok(Cuts {
            bottleneck,
            tiles,
            keyable,
            bound,
            reach,
        })
    }

    /// A chain of `k > 0` nested areas, innermost first, or `None` when
    /// no chain of `k` fits. A spread chain first: each area about
    /// `(k + 1 - i) / (k + 1)` of the tiles for lock `i` (the first
    /// fitting area at least that large, else the first fitting one),
    /// every band at least a quarter of its share if that can be had,
    /// else a sixteenth; else the chain of the smallest areas, each the
    /// smallest next one, every band still at least a sixteenth of its
    /// share, and last the same with every band at least [`LEAST_BAND`]
    /// tiles where a sixteenth is more (a large level: see there). The
    /// sixteenth is the floor of a small level: a band thinner than that
    /// (on a small cave, a strip between two chokepoints a tile apart)
    /// would put a key beside the lock it opens, a lock that asks nothing
    /// of the player; such a level gets the error naming how many fit.
    fn chain(&self, cuts: &Cuts, k: u32) -> Option<Vec<Area>> {
        let total: u64 = self.tiles.iter().sum();
        let share = total / (u64::from(k) + 1);
        let sixteenth = share / 16;
        // A large level's last try, with bands of LEAST_BAND tiles (on a
        // small level a sixteenth is no more, and was tried).
        let large = (sixteenth > LEAST_BAND).then_some((false, LEAST_BAND));
        [(true, share / 4), (true, sixteenth), (false, sixteenth)]
            .into_iter()
            .chain(large)
            .map(|(spread, least)| self.chain_with(cuts, k, spread, least))
            .find(|chain| chain.len() == k as usize)
    }

    /// [`Graph::chain`]'s search: up to `k` nested areas (fewer when no
    /// more fit), every band (and the area outside the outermost) holding
    /// at least `least` tiles; `spread`: each area aimed at its share.
    fn chain_with(&self, cuts: &Cuts, k: u32, spread: bool, least: u64) -> Vec<Area> {
        let m = cuts.bound.len();
        let total: u64 = self.tiles.iter().sum();
        let total_keyable: u64 = self.keyable.iter().sum();
        let want = k as usize;
        let mut chain: Vec<Area> = Vec::new();
        while chain.len() < want {
            let inner = chain.last().copied();
            let from = inner.map_or(0, |a| a.reach) as usize;
            let fits = |c: usize| {
                (1..=MAX_DOORS).contains(&cuts.bound[c])
                    && cuts.keyable[c] < total_keyable
                    && inner.is_none_or(|a| cuts.keyable[c] > a.keyable)
                    && cuts.tiles[c] >= inner.map_or(0, |a| a.tiles) + least
                    && total - cuts.tiles[c].min(total) >= least
            };
            let target = if spread {
                let i = u64::from(k) - chain.len() as u64;
                total * (u64::from(k) + 1 - i) / (u64::from(k) + 1)
            } else {
                0
            };
            let found = (from..m)
                .find(|&c| fits(c) && cuts.tiles[c] >= target)
                .or_else(|| (from..m).find(|&c| fits(c)));
            let Some(c) = found else {
                break;
            };
            chain.push(Area {
                c: c as u32,
                tiles: cuts.tiles[c],
                keyable: cuts.keyable[c],
                reach: cuts.reach[c],
            });
        }
        chain
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fixed sequence of pseudo-random words (a 64-bit LCG's high bits).
    fn words(seed: u64) -> impl FnMut() -> u64 {
        let mut s = seed;
        move || {
            s = s
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            s ^ (s >> 29)
        }
    }

    #[test]
    fn clear_bits_clears_exactly_the_range() {
        for (from, to) in [
            (0, 0),
            (0, 6),
            (3, 9),
            (60, 66),
            (58, 64),
            (64, 70),
            (0, 64),
            (1, 65),
            (100, 128),
        ] {
            let mut bits = vec![!0u64; 3];
            clear_bits(&mut bits, from, to);
            for b in 0..192 {
                let set = bits[b / 64] >> (b % 64) & 1 == 1;
                assert_eq!(
                    set,
                    !(from..to).contains(&b),
                    "bit {b} after clearing {from}..{to}"
                );
            }
        }
    }

    /// Labels rows of open tiles as the scan does, then checks the runs
    /// (maximal, in order), the pieces (two runs share a root exactly when
    /// their tiles are 4-connected, by a flood over the tiles), the counts
    /// and the labels (each run the first label of the runs above it that
    /// it touches, new labels in order).
    fn check_rows(w: usize, rows: &[Vec<u64>]) {
        let h = rows.len();
        let open = |x: usize, y: usize| rows[y][x / 64] >> (x % 64) & 1 == 1;
        let (mut parent, mut count) = (Vec::new(), Vec::new());
        let mut runs: Vec<(u32, u32, u32)> = Vec::new();
        let mut out = vec![(0, 0, 0); w / 2 + 1];
        let mut above = 0;
        for (y, bits) in rows.iter().enumerate() {
            parent.reserve(w);
            count.reserve(w);
            let corner = ((y * w) as u32, (y * w).wrapping_sub(w) as u32);
            let prev = runs[above..].to_vec();
            let labelled = parent.len() as u32;
            let k = label_row(
                &prev,
                bits,
                corner,
                (&mut parent, &mut count),
                &mut out,
                |a, b| (b - a) / 2,
            );
            // The runs: maximal stretches of open tiles, in order.
            let mut want = Vec::new();
            let mut x = 0;
            while x < w {
                if open(x, y) {
                    let s = x;
                    while x < w && open(x, y) {
                        x += 1;
                    }
                    want.push(((y * w + s) as u32, (y * w + x) as u32));
                }
                x += 1;
            }
            let got: Vec<_> = out[..k].iter().map(|r| (r.0, r.1)).collect();
            assert_eq!(got, want, "row {y}");
            // Each run's label: the first run above it touches, else the
            // next new one.
            let mut next = labelled;
            for &(a, b, l) in &out[..k] {
                let first = prev
                    .iter()
                    .find(|p| y > 0 && p.0 < b - w as u32 && p.1 > a - w as u32)
                    .map(|p| p.2);
                match first {
                    Some(u) => assert_eq!(l, u, "row {y}, run at {a}"),
                    None => {
                        assert_eq!(l, next, "row {y}, run at {a}");
                        next += 1;
                    }
                }
            }
            assert_eq!(parent.len() as u32, next);
            above = runs.len();
            runs.extend_from_slice(&out[..k]);
        }
        // Pieces by a flood over the tiles.
        let mut piece = vec![usize::MAX; w * h];
        let mut pieces = 0;
        for t in 0..w * h {
            if piece[t] != usize::MAX || !open(t % w, t / w) {
                continue;
            }
            let mut stack = vec![t];
            piece[t] = pieces;
            while let Some(u) = stack.pop() {
                let (x, y) = (u % w, u / w);
                let near = [
                    (x > 0).then(|| u - 1),
                    (x + 1 < w).then(|| u + 1),
                    (y > 0).then(|| u - w),
                    (y + 1 < h).then(|| u + w),
                ];
                for v in near.into_iter().flatten() {
                    if piece[v] == usize::MAX && open(v % w, v / w) {
                        piece[v] = pieces;
                        stack.push(v);
                    }
                }
            }
            pieces += 1;
        }
        let mut tiles = vec![0u64; parent.len()];
        let mut keys = vec![0u64; parent.len()];
        for (l, &c) in count.iter().enumerate() {
            let r = find(&mut parent, l as u32) as usize;
            tiles[r] += c % KEY_TILE;
            keys[r] += c / KEY_TILE;
        }
        let mut sizes = vec![(0u64, 0u64); pieces];
        for &(a, b, _) in &runs {
            let p = &mut sizes[piece[a as usize]];
            p.0 += u64::from(b - a);
            p.1 += u64::from((b - a) / 2);
        }
        for &(a, _, l) in &runs {
            for &(c, _, m) in &runs {
                let same = find(&mut parent, l) == find(&mut parent, m);
                assert_eq!(
                    same,
                    piece[a as usize] == piece[c as usize],
                    "runs at {a} and {c}"
                );
            }
        }
        for &(a, _, l) in &runs {
            let r = find(&mut parent, l) as usize;
            assert_eq!(
                (tiles[r], keys[r]),
                sizes[piece[a as usize]],
                "the piece at {a}"
            );
        }
    }

    #[test]
    fn label_row_labels_the_pieces_of_any_rows() {
        // Widths across a word's end and over two words, sparse and dense
        // rows, pinned seeds.
        for (seed, w, h) in [(1, 7, 6), (2, 64, 8), (3, 65, 9), (4, 130, 7), (5, 100, 12)] {
            let mut next = words(seed);
            for density in 0..3 {
                let rows: Vec<Vec<u64>> = (0..h)
                    .map(|_| {
                        let mut row = vec![0u64; w / 64 + 2];
                        for (k, word) in row.iter_mut().enumerate().take(w.div_ceil(64)) {
                            let mut v = next();
                            for _ in 0..density {
                                v |= next();
                            }
                            if density == 0 {
                                v &= next();
                            }
                            // None past the row's end.
                            let valid = (w - 64 * k).min(64);
                            *word = if valid == 64 {
                                v
                            } else {
                                v & ((1 << valid) - 1)
                            };
                        }
                        row
                    })
                    .collect();
                check_rows(w, &rows);
            }
        }
        // A run of the whole row under one, and over two words.
        check_rows(130, &[vec![!0, !0, 0b11, 0], vec![!0, !0, 0b11, 0]]);
    }
}
