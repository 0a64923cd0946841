//! The rules a vault map must keep so that a level can hold it with every
//! level rule intact.

use crate::{Glyph, Shape};

/// A problem at a tile of the shape: x, y, expected, found.
pub(crate) type ShapeError = (i32, i32, String, String);

const AROUND: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// Checks the rules of a vault map (see the crate's docs, "Rules of a
/// map"): walkable tiles closed in by the vault, entrances and doors in
/// straight walls and apart, stairs amid floor, one walkable region, at
/// least one entrance.
pub(crate) fn check_shape(s: &Shape) -> Result<(), ShapeError> {
    let bad =
        |x: i32, y: i32, expected: &str, found: String| Err((x, y, expected.to_string(), found));
    let mut stairs = [0u32; 2];
    let mut entrances = 0;
    for (p, g) in s.tiles() {
        let (x, y) = (p.x, p.y);
        if g.is_walkable() {
            for (dx, dy) in AROUND {
                if !s.get(x + dx, y + dy).is_part() {
                    return bad(
                        x,
                        y,
                        "wall around every walkable tile (the vault must be closed)",
                        format!("`{}` next to the outside", g.to_char()),
                    );
                }
            }
        }
        match g {
            Glyph::Required | Glyph::Optional => {
                check_entrance(s, x, y)?;
                entrances += 1;
            }
            Glyph::Door => check_door(s, x, y)?,
            Glyph::StairsUp | Glyph::StairsDown => {
                let k = usize::from(g == Glyph::StairsDown);
                stairs[k] += 1;
                if stairs[k] > 1 {
                    return bad(
                        x,
                        y,
                        "at most one of each staircase",
                        format!("a second `{}`", g.to_char()),
                    );
                }
                if AROUND
                    .iter()
                    .any(|(dx, dy)| !s.get(x + dx, y + dy).is_floor())
                {
                    return bad(
                        x,
                        y,
                        "floor, stairs or markers on all 8 sides of a staircase",
                        format!("`{}` by a wall or door", g.to_char()),
                    );
                }
            }
            _ => {}
        }
        if matches!(g, Glyph::Required | Glyph::Optional | Glyph::Door) {
            for (dx, dy) in AROUND {
                let n = s.get(x + dx, y + dy);
                if matches!(n, Glyph::Required | Glyph::Optional | Glyph::Door) {
                    return bad(
                        x,
                        y,
                        "doors and entrances apart (none of the 8 tiles around another)",
                        format!("`{}` beside `{}`", g.to_char(), n.to_char()),
                    );
                }
            }
        }
    }
    if entrances == 0 {
        return bad(0, 0, "at least one entrance (`!` or `?`)", "none".into());
    }
    check_connected(s)
}

/// An entrance: one walkable side, the outside opposite, wall on both
/// flanks. (No walkable tile of the vault is around the outside tile: each
/// has vault tiles on all 8 sides.)
fn check_entrance(s: &Shape, x: i32, y: i32) -> Result<(), ShapeError> {
    let g = s.get(x, y).to_char();
    let inner: Vec<(i32, i32)> = [(0, -1), (1, 0), (0, 1), (-1, 0)]
        .into_iter()
        .filter(|(dx, dy)| s.get(x + dx, y + dy).is_walkable())
        .collect();
    let [(dx, dy)] = inner[..] else {
        return Err((
            x,
            y,
            "an entrance with walkable vault on exactly one side".into(),
            format!("`{g}` with {} walkable sides", inner.len()),
        ));
    };
    let (ox, oy) = (x - dx, y - dy);
    if s.get(ox, oy).is_part() {
        return Err((
            x,
            y,
            "the outside (a space or the map's edge) opposite an entrance's floor".into(),
            format!("`{}` there", s.get(ox, oy).to_char()),
        ));
    }
    if s.get(x + dy, y + dx) != Glyph::Wall || s.get(x - dy, y - dx) != Glyph::Wall {
        return Err((
            x,
            y,
            "`#` on both flanks of an entrance".into(),
            format!("`{g}` without"),
        ));
    }
    Ok(())
}

/// A fixed door: walkable on one axis, `#` on the other.
fn check_door(s: &Shape, x: i32, y: i32) -> Result<(), ShapeError> {
    let walk = |dx: i32, dy: i32| s.get(x + dx, y + dy).is_walkable();
    let wall = |dx: i32, dy: i32| s.get(x + dx, y + dy) == Glyph::Wall;
    let vertical = walk(0, -1) && walk(0, 1) && wall(-1, 0) && wall(1, 0);
    let horizontal = walk(-1, 0) && walk(1, 0) && wall(0, -1) && wall(0, 1);
    if vertical || horizontal {
        Ok(())
    } else {
        Err((
            x,
            y,
            "a door between two walkable tiles with `#` on both flanks".into(),
            "`+` elsewhere".into(),
        ))
    }
}

/// The walkable tiles are one 4-connected region.
fn check_connected(s: &Shape) -> Result<(), ShapeError> {
    let (w, h) = (s.width() as i32, s.height() as i32);
    let mut seen = vec![false; s.glyphs().len()];
    let Some(first) = s.glyphs().iter().position(|g| g.is_walkable()) else {
        return Err((0, 0, "at least one floor tile".into(), "none".into()));
    };
    let mut stack = vec![first];
    seen[first] = true;
    while let Some(i) = stack.pop() {
        let (x, y) = ((i % w as usize) as i32, (i / w as usize) as i32);
        for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
            let (nx, ny) = (x + dx, y + dy);
            if nx < 0 || ny < 0 || nx >= w || ny >= h {
                continue;
            }
            let j = (ny * w + nx) as usize;
            if !seen[j] && s.glyphs()[j].is_walkable() {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    match s
        .tiles()
        .find(|(p, g)| g.is_walkable() && !seen[(p.y * w + p.x) as usize])
    {
        Some((p, g)) => Err((
            p.x,
            p.y,
            "walkable tiles joined into one region (through floor and doors)".into(),
            format!("`{}` cut off from the rest", g.to_char()),
        )),
        None => Ok(()),
    }
}
