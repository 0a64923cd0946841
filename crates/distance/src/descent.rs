//! Reading a finished distance map: descent paths, the farthest cell,
//! rescaling for flee maps.

use crate::{DistanceError, SATURATED, Steps, UNREACHED};
use mcrdun_geom::{Point, checked_cell_count};

/// The order in which a descent looks at the neighbours of a cell, as
/// `(dx, dy)`: north, south, west, east, then north-west, south-west,
/// north-east, south-east (python-tcod's `hillclimb2d` order for a
/// row-major `[y, x]` array). The first neighbour with the strictly lowest
/// value wins a tie.
pub const DESCENT_ORDER: [(i32, i32); 8] = [
    (0, -1),
    (0, 1),
    (-1, 0),
    (1, 0),
    (-1, -1),
    (-1, 1),
    (1, -1),
    (1, 1),
];

fn check_map(dist: &[i32], width: u32, height: u32) -> Result<usize, DistanceError> {
    let n = checked_cell_count(width.into(), height.into())?;
    if dist.len() != n {
        return Err(DistanceError::SizeMismatch {
            what: "distances",
            expected: n,
            actual: dist.len(),
        });
    }
    Ok(n)
}

/// The path that rolls downhill from `start` over a distance map: an
/// iterator of cells beginning with `start`; each next cell is the
/// neighbour (allowed by `steps`: cardinal moves when `steps.cardinal >
/// 0`, diagonal ones when `steps.diagonal > 0`) with the lowest value,
/// strictly below the current one, ties broken by [`DESCENT_ORDER`]; the
/// path ends at a cell with no lower neighbour (a source, or a local
/// minimum). Without corner cutting a diagonal step needs both cells beside
/// it reached (a value other than [`UNREACHED`]). This is python-tcod's
/// `hillclimb2d`.
///
/// The path is at most `width * height` cells long, because values
/// strictly decrease; each step costs O(1). Nothing is allocated.
///
/// # Errors
/// [`DistanceError::SizeMismatch`], [`DistanceError::OutOfBounds`] for a
/// `start` outside the map.
pub fn descent(
    dist: &[i32],
    width: u32,
    height: u32,
    start: Point,
    steps: Steps,
) -> Result<Descent<'_>, DistanceError> {
    check_map(dist, width, height)?;
    if start.x < 0 || start.y < 0 || start.x as u32 >= width || start.y as u32 >= height {
        return Err(DistanceError::OutOfBounds {
            point: start,
            width,
            height,
        });
    }
    Ok(Descent {
        dist,
        width: width as i32,
        height: height as i32,
        next: Some(start),
        steps,
    })
}

/// The iterator returned by [`descent`].
#[derive(Clone, Debug)]
pub struct Descent<'a> {
    dist: &'a [i32],
    width: i32,
    height: i32,
    next: Option<Point>,
    steps: Steps,
}

impl Descent<'_> {
    fn value(&self, x: i32, y: i32) -> Option<i32> {
        if x < 0 || y < 0 || x >= self.width || y >= self.height {
            return None;
        }
        Some(self.dist[y as usize * self.width as usize + x as usize])
    }

    fn step_from(&self, p: Point) -> Option<Point> {
        let mut best = self.value(p.x, p.y)?;
        let mut found = None;
        for (k, &(dx, dy)) in DESCENT_ORDER.iter().enumerate() {
            let diagonal = k >= 4;
            if (diagonal && self.steps.diagonal == 0) || (!diagonal && self.steps.cardinal == 0) {
                continue;
            }
            let Some(v) = self.value(p.x + dx, p.y + dy) else {
                continue;
            };
            if v < best
                && (!diagonal
                    || self.steps.corner_cutting
                    || (self.value(p.x + dx, p.y).is_some_and(|s| s != UNREACHED)
                        && self.value(p.x, p.y + dy).is_some_and(|s| s != UNREACHED)))
            {
                best = v;
                found = Some(Point::new(p.x + dx, p.y + dy));
            }
        }
        found
    }
}

impl Iterator for Descent<'_> {
    type Item = Point;

    fn next(&mut self) -> Option<Point> {
        let p = self.next?;
        self.next = self.step_from(p);
        Some(p)
    }
}

impl core::iter::FusedIterator for Descent<'_> {}

/// The reached cell with the greatest distance (any value but
/// [`UNREACHED`]) and that distance; the first in raster order on a tie;
/// `None` when no cell is reached. One pass, O(n).
///
/// # Errors
/// [`DistanceError::SizeMismatch`].
pub fn farthest(
    dist: &[i32],
    width: u32,
    height: u32,
) -> Result<Option<(Point, i32)>, DistanceError> {
    check_map(dist, width, height)?;
    let mut best: Option<(usize, i32)> = None;
    for (i, &v) in dist.iter().enumerate() {
        if v != UNREACHED && best.is_none_or(|(_, b)| v > b) {
            best = Some((i, v));
        }
    }
    Ok(best.map(|(i, v)| {
        let w = width as usize;
        (Point::new((i % w) as i32, (i / w) as i32), v)
    }))
}

/// Rescales a distance map in place for the next scan: every reached value
/// `v` becomes `floor(v * numerator / denominator)`, clamped to
/// `i32::MIN ..= SATURATED`; [`UNREACHED`] cells stay unreached. Brogue's
/// flee map is `scale(dist, -6, 5)` (times -1.2) followed by a rescan with
/// the same costs. O(n).
///
/// # Errors
/// [`DistanceError::InvalidArgument`] when `denominator <= 0`.
pub fn scale(dist: &mut [i32], numerator: i32, denominator: i32) -> Result<(), DistanceError> {
    if denominator <= 0 {
        return Err(DistanceError::InvalidArgument {
            reason: "the denominator of a scale must be positive",
        });
    }
    let (num, den) = (i64::from(numerator), i64::from(denominator));
    for v in dist.iter_mut().filter(|v| **v != UNREACHED) {
        let scaled = (i64::from(*v) * num).div_euclid(den);
        *v = scaled.clamp(i64::from(i32::MIN), i64::from(SATURATED)) as i32;
    }
    Ok(())
}
