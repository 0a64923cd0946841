//! The three ways to show a level: ASCII for a terminal, PNG, JSON.

use crate::args::Format;
use mcrdun_distance::{Steps, UNREACHED, walk_distances};
use mcrdun_dungeon::{Level, Metrics, Summary, Tile};
use mcrdun_geom::Grid;
use serde_json::{Value, json};

/// The level as terminal text: [`Level::to_ascii`] (rock is blank), each
/// line without its trailing blanks, so that what a terminal shows, a copy
/// of it and the README's sample are the same bytes (the JSON keeps whole
/// rows).
pub fn ascii(level: &Level) -> String {
    let full = level.to_ascii();
    let mut out = String::with_capacity(full.len());
    for line in full.lines() {
        out.push_str(line.trim_end_matches(' '));
        out.push('\n');
    }
    out
}

/// What showing a level costs, in bytes of working memory, beside the
/// level itself (the command's peak heap under valgrind's massif on
/// 1000x1000 levels of each generator, rounded up): the text for ASCII;
/// for PNG the tile colours, the pixels (3 bytes each) and the encoded
/// image, and the walking distances with `--distance`; for JSON and
/// `--stats` the metrics' labelling of the tiles too.
pub fn cost(level: &Level, format: Format, scale: u32, distance: bool, stats: bool) -> u64 {
    let tiles = u64::from(level.width()) * u64::from(level.height());
    let items = (level.rooms().len() + level.doors().len() + level.vaults().len()) as u64
        + level.markers().len() as u64
        + level.things().len() as u64;
    let metrics = if stats { METRICS_PER_TILE * tiles } else { 0 };
    let shown = match format {
        Format::Ascii => 3 * tiles,
        Format::Png => {
            let pixels = tiles.saturating_mul(u64::from(scale).pow(2));
            let walk = if distance { 20 * tiles } else { 0 };
            3u64.saturating_mul(pixels)
                .saturating_add(8 * tiles)
                .saturating_add(walk)
        }
        Format::Json => METRICS_PER_TILE * tiles + 20 * tiles + 512 * items,
        Format::FortyTwo => 0,
    };
    shown.saturating_add(metrics)
}

/// The metrics' working memory a tile: labels, the flood's stack and the
/// pieces found (see `Level::metrics`).
const METRICS_PER_TILE: u64 = mcrdun_dungeon::METRICS_BYTES_PER_TILE;

/// The RGB colour of rock (a wall away from every walkable tile) in PNG
/// output: darker than a wall, so rooms and corridors show their walls.
pub const ROCK_COLOUR: [u8; 3] = [30, 28, 36];

/// The RGB colour of each tile kind in PNG output (rock: [`ROCK_COLOUR`]).
pub fn colour(tile: Tile) -> [u8; 3] {
    match tile {
        Tile::Wall => [96, 92, 116],
        Tile::Floor => [214, 204, 180],
        Tile::Corridor => [150, 140, 122],
        Tile::Door => [176, 104, 40],
        Tile::StairsUp => [64, 170, 80],
        Tile::StairsDown => [200, 60, 60],
        Tile::LockedDoor => [230, 190, 40],
    }
}

/// The floor of vaults, tinted: [`VAULT_FLOOR`] (and markers
/// [`MARKER`]) over the floor colour inside each placed vault's
/// rectangle.
fn tint_vaults(level: &Level, colours: &mut [[u8; 3]]) {
    let w = level.width() as usize;
    for v in level.vaults() {
        for p in v.bounds.points() {
            let i = p.y as usize * w + p.x as usize;
            if level.tile(p) == Some(Tile::Floor) {
                colours[i] = VAULT_FLOOR;
            }
        }
    }
    for m in level.markers() {
        colours[m.at.y as usize * w + m.at.x as usize] = MARKER;
    }
}

/// The colours of locks in a PNG, by lock id (lock 1 the first, then
/// round again after the eighth): its locked doors and its key.
pub const LOCK_COLOURS: [[u8; 3]; 8] = [
    [230, 190, 40],
    [40, 170, 230],
    [220, 70, 200],
    [120, 220, 60],
    [250, 120, 40],
    [150, 110, 250],
    [40, 210, 170],
    [250, 250, 250],
];

/// The colour of lock `id` ([`LOCK_COLOURS`]).
pub fn lock_colour(id: u32) -> [u8; 3] {
    LOCK_COLOURS[(id.max(1) as usize - 1) % LOCK_COLOURS.len()]
}

/// Each lock's doors and key in its colour ([`lock_colour`]).
fn paint_locks(level: &Level, colours: &mut [[u8; 3]]) {
    let w = level.width() as usize;
    for l in level.locks() {
        for p in l.doors.iter().chain([&l.key]) {
            colours[p.y as usize * w + p.x as usize] = lock_colour(l.id);
        }
    }
}

/// The colour of a vault's floor in a PNG.
pub const VAULT_FLOOR: [u8; 3] = [196, 176, 220];

/// The colour of a vault's marker in a PNG.
pub const MARKER: [u8; 3] = [120, 60, 160];

/// The largest PNG we write, in pixels (3 bytes each in memory).
pub const MAX_PIXELS: u64 = 1 << 28;

/// The colour of a walkable tile at walking distance `d` of the up stairs,
/// where the farthest reachable tile is at `max`: warm and light near the
/// stairs, through green, to deep blue at the far end.
pub fn distance_colour(d: i32, max: i32) -> [u8; 3] {
    const STOPS: [[u8; 3]; 4] = [
        [250, 236, 160],
        [230, 140, 60],
        [60, 160, 120],
        [30, 50, 150],
    ];
    let max = i64::from(max.max(1));
    // Position along the three segments in 1/max steps, integer only.
    let t = i64::from(d.clamp(0, max as i32)) * 3;
    let seg = (t / max).min(2) as usize;
    let rem = t - seg as i64 * max;
    let (a, b) = (STOPS[seg], STOPS[seg + 1]);
    let mix = |i: usize| (i64::from(a[i]) + (i64::from(b[i]) - i64::from(a[i])) * rem / max) as u8;
    [mix(0), mix(1), mix(2)]
}

/// Each tile's PNG colour: [`colour`] ([`ROCK_COLOUR`] for rock), or with
/// `distance`, walkable tiles
/// (but the stairs) shaded by [`distance_colour`] of their walking distance
/// from the up stairs (4-connected, by `mcrdun-distance`).
fn tile_colours(level: &Level, distance: bool) -> Result<Vec<[u8; 3]>, String> {
    let tiles = level.tiles();
    // Rock first, then each tile kind's colour.
    let plain = |t: &Tile, shown: u8| {
        if shown == mcrdun_dungeon::ROCK_BYTE {
            ROCK_COLOUR
        } else {
            colour(*t)
        }
    };
    if !distance {
        let mut colours: Vec<[u8; 3]> = tiles
            .as_slice()
            .iter()
            .zip(level.shown_bytes())
            .map(|(t, shown)| plain(t, shown))
            .collect();
        tint_vaults(level, &mut colours);
        paint_locks(level, &mut colours);
        mark_things(level, &mut colours);
        return Ok(colours);
    }
    let walkable = Grid::from_vec(
        tiles.width(),
        tiles.height(),
        tiles.as_slice().iter().map(|t| t.is_walkable()).collect(),
    )
    .map_err(|e| e.to_string())?;
    let dist =
        walk_distances(&walkable, &[level.stairs_up()], Steps::FOUR).map_err(|e| e.to_string())?;
    let max = dist
        .as_slice()
        .iter()
        .copied()
        .filter(|d| *d != UNREACHED)
        .max()
        .unwrap_or(0);
    let mut colours: Vec<[u8; 3]> = tiles
        .as_slice()
        .iter()
        .zip(dist.as_slice())
        .zip(level.shown_bytes())
        .map(|((t, d), shown)| match t {
            Tile::StairsUp | Tile::StairsDown | Tile::Wall => plain(t, shown),
            _ if *d == UNREACHED => plain(t, shown),
            _ => distance_colour(*d, max),
        })
        .collect();
    paint_locks(level, &mut colours);
    mark_things(level, &mut colours);
    Ok(colours)
}

/// The colours of things in a PNG, by entry (the entry's index picks one
/// in turn); a blocking thing is [`BLOCKING_THING`].
pub const THING_COLOURS: [[u8; 3]; 6] = [
    [220, 30, 120],
    [20, 150, 220],
    [250, 120, 0],
    [255, 255, 255],
    [150, 40, 220],
    [240, 220, 0],
];

/// The colour of a thing that blocks movement in a PNG.
pub const BLOCKING_THING: [u8; 3] = [10, 10, 10];

/// Marks each thing's tile with its entry's colour.
fn mark_things(level: &Level, colours: &mut [[u8; 3]]) {
    let w = level.width() as usize;
    for t in level.things() {
        colours[t.at.y as usize * w + t.at.x as usize] = if t.blocks {
            BLOCKING_THING
        } else {
            THING_COLOURS[t.entry as usize % THING_COLOURS.len()]
        };
    }
}

/// The level as a PNG: one `scale` x `scale` square of [`colour`] per tile
/// (or, with `distance`, walkable tiles shaded by walking distance from the
/// up stairs), 8-bit RGB. Errors when the image would exceed [`MAX_PIXELS`].
pub fn png(level: &Level, scale: u32, distance: bool) -> Result<Vec<u8>, String> {
    let too_large = || {
        format!(
            "a {}x{} level at --scale {scale} makes an image over {MAX_PIXELS} pixels",
            level.width(),
            level.height()
        )
    };
    let pw = level.width().checked_mul(scale).ok_or_else(too_large)?;
    let ph = level.height().checked_mul(scale).ok_or_else(too_large)?;
    if u64::from(pw) * u64::from(ph) > MAX_PIXELS {
        return Err(too_large());
    }
    let (pw_us, s) = (pw as usize, scale as usize);
    let colours = tile_colours(level, distance)?;
    let w = level.width() as usize;
    let mut pixels = vec![0u8; pw_us * ph as usize * 3];
    for (y, row) in colours.chunks_exact(w.max(1)).enumerate() {
        // Build one pixel row, then copy it `scale` times.
        let first = y * s * pw_us * 3;
        for (x, c) in row.iter().enumerate() {
            let c = *c;
            for k in 0..s {
                let at = first + (x * s + k) * 3;
                pixels[at..at + 3].copy_from_slice(&c);
            }
        }
        for k in 1..s {
            let (done, rest) = pixels.split_at_mut(first + k * pw_us * 3);
            rest[..pw_us * 3].copy_from_slice(&done[first..first + pw_us * 3]);
        }
    }
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pw, ph);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
    writer
        .write_image_data(&pixels)
        .map_err(|e| e.to_string())?;
    writer.finish().map_err(|e| e.to_string())?;
    Ok(out)
}

/// A thing as JSON: `name`, `glyph`, `x`, `y`, `room` (null outside
/// rooms), `place` (as tables write it: `room`, ..., `marker X`), `group`
/// (null for an entry without groups), `distance` (walking, from the up
/// stairs), `blocks`.
pub fn thing_json(t: &mcrdun_things::Thing) -> Value {
    json!({
        "name": t.name,
        "glyph": t.glyph.to_string(),
        "x": t.at.x,
        "y": t.at.y,
        "room": t.room,
        "place": t.place.to_string(),
        "group": t.group,
        "distance": t.distance,
        "blocks": t.blocks,
    })
}

/// The summary as JSON.
pub fn summary_json(s: &Summary) -> Value {
    json!({
        "rooms": s.rooms,
        "doors": s.doors,
        "walkable": s.walkable,
        "regions": s.regions,
        "dug": s.dug,
        "loops": s.loops,
        "dead_ends": s.dead_ends,
        "longest_path": s.longest_path,
    })
}

/// The metrics as JSON.
pub fn metrics_json(m: &Metrics) -> Value {
    json!({
        "doors": m.doors,
        "doors_in_walls": m.doors_in_walls,
        "rooms": m.rooms,
        "floor_share": m.floor_share,
        "loops": m.loops,
        "dead_ends": m.dead_ends,
        "stairs_distance": m.stairs_distance,
        "fallback_dug": m.fallback_dug,
        "rock_specks": m.rock_specks,
        "floor_pockets": m.floor_pockets,
        "longest_dug_run": m.longest_dug_run,
    })
}

/// The whole level as JSON: size, seed, the tiles as rows of
/// [`Tile::to_char`] characters with their legend (every character the
/// rows hold: each tile's, rock's and each marker label's), the stairs, rooms,
/// doors, summary and metrics.
pub fn json(level: &Level, seed: u64) -> Value {
    let mut legend: serde_json::Map<String, Value> = Tile::ALL
        .iter()
        .map(|t| (t.to_char().to_string(), Value::from(t.name())))
        .collect();
    // Rock: a wall with no walkable tile around it, blank in the rows.
    legend.insert(" ".into(), Value::from("rock"));
    // A vault's marker shows its label (a letter or digit) on its floor.
    for m in level.markers() {
        legend.insert(m.label.to_string(), Value::from("marker"));
    }
    // A key on its floor (the locks list where and whose).
    legend.insert(mcrdun_dungeon::KEY_CHAR.to_string(), Value::from("key"));
    let rows: Vec<String> = level
        .to_ascii_without_things()
        .lines()
        .map(str::to_owned)
        .collect();
    let intensity = level.room_intensity();
    let rooms: Vec<Value> = level
        .rooms()
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let mut room = json!({
                "x": r.bounds.x(), "y": r.bounds.y(), "w": r.bounds.w(), "h": r.bounds.h(),
                "area": r.area,
            });
            // With locks: how far along the progression the room lies.
            if let (Some(v), Value::Object(o)) = (intensity.get(i), &mut room) {
                o.insert("intensity".into(), json!(v));
            }
            room
        })
        .collect();
    let locks: Vec<Value> = level
        .locks()
        .iter()
        .map(|l| {
            json!({
                "id": l.id,
                "doors": l.doors.iter().map(|d| json!({ "x": d.x, "y": d.y })).collect::<Vec<_>>(),
                "key": { "x": l.key.x, "y": l.key.y },
                "area": l.area,
                "vault": l.vault,
            })
        })
        .collect();
    let doors: Vec<Value> = level
        .doors()
        .iter()
        .map(|d| json!({ "x": d.at.x, "y": d.at.y, "rooms": [d.rooms.0, d.rooms.1] }))
        .collect();
    let vaults: Vec<Value> = level
        .vaults()
        .iter()
        .map(|v| {
            json!({
                "name": v.name, "index": v.index,
                "x": v.bounds.x(), "y": v.bounds.y(), "w": v.bounds.w(), "h": v.bounds.h(),
                "rotation": v.orientation.degrees(), "mirror": v.orientation.mirror,
                "room": v.room,
            })
        })
        .collect();
    let markers: Vec<Value> = level
        .markers()
        .iter()
        .map(
            |m| json!({ "label": m.label.to_string(), "x": m.at.x, "y": m.at.y, "vault": m.vault }),
        )
        .collect();
    let things: Vec<Value> = level.things().iter().map(thing_json).collect();
    json!({
        "generator": level.kind().name(),
        "seed": seed,
        "width": level.width(),
        "height": level.height(),
        "legend": legend,
        "tiles": rows,
        "stairs": {
            "up": [level.stairs_up().x, level.stairs_up().y],
            "down": [level.stairs_down().x, level.stairs_down().y],
        },
        "rooms": rooms,
        "doors": doors,
        "vaults": vaults,
        "markers": markers,
        "things": things,
        "locks": locks,
        "walkthrough": walkthrough_json(level),
        "summary": summary_json(level.summary()),
        "metrics": metrics_json(&level.metrics()),
    })
}

/// The walkthrough found when the locks were placed, as JSON: its steps,
/// the backtracking factor and each leg (`null` without locks).
pub fn walkthrough_json(level: &Level) -> Value {
    let Some(walk) = level.walkthrough() else {
        return Value::Null;
    };
    let factor = walk.steps as f64 / level.summary().longest_path.max(1) as f64;
    let legs: Vec<Value> = walk
        .legs
        .iter()
        .map(|l| {
            let to = match l.to {
                mcrdun_dungeon::Stop::Key(k) => json!({ "key": k + 1 }),
                mcrdun_dungeon::Stop::Goal => json!("stairs_down"),
            };
            json!({ "to": to, "x": l.at.x, "y": l.at.y, "steps": l.steps })
        })
        .collect();
    json!({ "steps": walk.steps, "backtracking": factor, "legs": legs })
}

/// The summary as lines of text for `--stats`.
pub fn stats_text(level: &Level, seed: u64) -> String {
    let s = level.summary();
    let m = level.metrics();
    format!(
        "generator     {}\nseed          {seed}\nsize          {}x{}\nrooms         {}\ndoors         {} ({} in room walls)\nfloor         {:.1}%\nwalkable      {}\nregions       {}{}\nloops         {}\ndead ends     {}\nlongest path  {} (stairs up ({}, {}) to down ({}, {}))\n",
        level.kind().name(),
        level.width(),
        level.height(),
        s.rooms,
        s.doors,
        m.doors_in_walls,
        100.0 * m.floor_share,
        s.walkable,
        s.regions,
        if s.dug > 0 {
            format!(
                " (joined by digging {} tile{})",
                s.dug,
                if s.dug == 1 { "" } else { "s" }
            )
        } else {
            String::new()
        },
        s.loops,
        s.dead_ends,
        s.longest_path,
        level.stairs_up().x,
        level.stairs_up().y,
        level.stairs_down().x,
        level.stairs_down().y,
    ) + &locks_text(level)
}

/// The locks' lines of `--stats` (none without locks).
fn locks_text(level: &Level) -> String {
    let Some(walk) = level.walkthrough() else {
        return String::new();
    };
    let factor = walk.steps as f64 / level.summary().longest_path.max(1) as f64;
    format!(
        "locks         {}
walkthrough   {} steps (backtracking factor {factor:.2})
",
        level.locks().len(),
        walk.steps
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use mcrdun_dungeon::{LevelConfig, LevelKind};

    #[test]
    fn each_format_costs_what_its_docs_say() {
        let config = LevelConfig::new(LevelKind::Bsp, 80, 50);
        let level = mcrdun_dungeon::generate(&config, 3).unwrap();
        let t = 80 * 50;
        let items = (level.rooms().len() + level.doors().len()) as u64;
        assert!(items > 0);
        assert_eq!(cost(&level, Format::Ascii, 1, false, false), 3 * t);
        assert_eq!(cost(&level, Format::Ascii, 1, false, true), 23 * t);
        assert_eq!(cost(&level, Format::Png, 4, false, false), (48 + 8) * t);
        assert_eq!(cost(&level, Format::Png, 1, true, false), (3 + 8 + 20) * t);
        assert_eq!(
            cost(&level, Format::Json, 9, true, false),
            40 * t + 512 * items
        );
        assert_eq!(cost(&level, Format::FortyTwo, 1, false, false), 0);
        // No overflow at the largest scale.
        assert_eq!(cost(&level, Format::Png, u32::MAX, false, false), u64::MAX);
    }
}
