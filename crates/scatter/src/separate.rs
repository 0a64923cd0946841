//! Pushing overlapping rooms apart: summed flocking pushes in fixed point,
//! then snapping and the finishing pass.

use crate::cells::CellGrid;
use crate::finish::finish;
use crate::{MAX_PADDING, MAX_ROOMS, ScatterError};
use mcrdun_geom::Rect;

/// Fixed-point scale of positions during the push phase: 1/256 of a cell.
/// All arithmetic is on integers, so every platform moves rooms alike.
const ONE: i64 = 256;

/// Positions are clamped to this many fixed-point units either side of 0
/// (far outside the `i32` range, far inside `i64`), so no step overflows;
/// a room left out there is reported as [`ScatterError::OutOfRange`].
const LIMIT: i64 = 1 << 48;

/// With `spread`, the sum of squared centre offsets a heap is given at
/// least: `n * area * .1 / .0`. A disc of area `D` has mean squared radius
/// `D / (2 pi)`; 5 is about `2 pi / 1.25`, a disc of 1.25 times the area.
const SPREAD_DENSITY: (i128, i128) = (5, 1);

/// The default cap on push steps.
pub const DEFAULT_MAX_STEPS: u32 = 1000;

/// How [`separate`] works.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeparateOptions {
    /// Empty cells kept between any two rooms, along x or y (at most
    /// [`MAX_PADDING`]). With 0 rooms may touch but never share a cell; with
    /// `p` every pair has `x_gap >= p` or `y_gap >= p`.
    pub padding: u32,
    /// The most push steps before the finishing pass takes over.
    pub max_steps: u32,
    /// Whether to spread a heap that is denser than its rooms allow before
    /// pushing (see [`separate`]): far fewer steps for big dense heaps, at
    /// the price of more gaps between rooms, so fewer neighbours. Off by
    /// default.
    pub spread: bool,
}

impl Default for SeparateOptions {
    /// No padding, [`DEFAULT_MAX_STEPS`] steps, no spreading.
    fn default() -> Self {
        SeparateOptions {
            padding: 0,
            max_steps: DEFAULT_MAX_STEPS,
            spread: false,
        }
    }
}

/// What [`separate`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Separation {
    /// Push steps applied (at most `max_steps`).
    pub steps: u32,
    /// Whether the pushes alone cleared every overlap (in fixed point)
    /// before the cap; false when the cap stopped them.
    pub converged: bool,
    /// Rooms the finishing pass had to move after snapping to integers.
    pub finished: usize,
}

/// Moves `rooms` (keeping every size) until no two overlap and every pair
/// keeps `options.padding` empty cells between them on at least one axis.
///
/// **Push phase.** Positions become fixed-point integers (1/256 cell). Each
/// step finds the pairs whose padded boxes overlap with a bucket grid over
/// the centres (cells as wide as the largest room: O(n + pairs), not all
/// pairs) and moves every room by the sum of its pushes: each overlapping
/// pair pushes each of its two rooms away from the other along the line
/// between their centres, by the smaller of the two overlaps plus 1/16
/// cell (an integer square root normalises the direction; rooms with the
/// same centre use a fixed direction chosen from their indices). It stops
/// when nothing overlaps or after `options.max_steps` steps. (A full-depth
/// push converged several times faster than a half-depth one in our runs,
/// and still leaves rooms touching; larger gains overshoot and leave gaps.)
///
/// A dense heap relaxes from its rim inwards, much like diffusion, so the
/// steps needed grow with the heap's area: about 50 for 100 rooms, 270 for
/// 1000 and over 1000 for 10000 rooms heaped at 1.5 times their area. With
/// `options.spread`, centres first move away from their centroid (integer
/// scaling) until their mean squared distance from it is that of a disc of
/// 1.25 times the rooms' total area, when it is less; the pushes then only
/// settle local overlaps, in a few hundred steps even for 10000 rooms, but
/// the rooms end with more gaps between them.
///
/// **Snap and finish.** Each room is rounded to the nearest cell, which can
/// re-create overlaps of a cell (the seed's problem). The finishing pass
/// then places the rooms one by one, nearest the heap's centre first (ties
/// by index, integer distances), so rooms pushed aside mostly go outwards,
/// where there is room. A room overlapping rooms
/// already placed picks the side (E, W, S, N) needing the shortest move and
/// keeps moving that way past whatever it overlaps. Moving one way only, it
/// never meets a room twice, so it stops after at most as many moves as there
/// are placed rooms: separation always ends, overlap-free, on integers.
///
/// Cost: O(n + overlapping pairs) per step (no allocation per step), plus the finishing pass, which
/// is O(n) when little overlap is left (up to O(n²) if the cap stopped the
/// pushes early on a dense heap).
///
/// ```
/// use mcrdun_geom::Rect;
/// use mcrdun_scatter::{separate, SeparateOptions};
/// let mut rooms = vec![Rect::new(0, 0, 4, 4)?, Rect::new(1, 1, 4, 4)?, Rect::new(2, 0, 3, 3)?];
/// let report = separate(&mut rooms, SeparateOptions { padding: 1, max_steps: 100, spread: true })?;
/// for (i, a) in rooms.iter().enumerate() {
///     for b in &rooms[i + 1..] {
///         assert!(a.x_gap(b) >= 1 || a.y_gap(b) >= 1);
///     }
/// }
/// assert!(report.steps <= 100);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`ScatterError::TooManyRooms`] above [`MAX_ROOMS`](crate::MAX_ROOMS),
/// [`ScatterError::BadPadding`] above [`MAX_PADDING`],
/// [`ScatterError::OutOfRange`] when a room would end outside the `i32`
/// range. On error `rooms` is left unchanged.
pub fn separate(rooms: &mut [Rect], options: SeparateOptions) -> Result<Separation, ScatterError> {
    if rooms.len() > MAX_ROOMS {
        return Err(ScatterError::TooManyRooms { count: rooms.len() });
    }
    if options.padding > MAX_PADDING {
        return Err(ScatterError::BadPadding {
            padding: options.padding,
        });
    }
    let mut pushes = Pushes::new(rooms, options.padding);
    if options.spread {
        pushes.spread();
    }
    let mut steps = 0;
    let converged = loop {
        if !pushes.compute() {
            break true;
        }
        if steps == options.max_steps {
            break false;
        }
        pushes.apply();
        steps += 1;
    };
    let snapped: Vec<(i64, i64)> = pushes
        .x
        .iter()
        .zip(&pushes.y)
        .map(|(&x, &y)| (snap(x), snap(y)))
        .collect();
    let (placed, finished) = finish(rooms, snapped, i64::from(options.padding))?;
    rooms.copy_from_slice(&placed);
    Ok(Separation {
        steps,
        converged,
        finished,
    })
}

/// The nearest whole cell (halves round up), for any sign.
fn snap(v: i64) -> i64 {
    (v + ONE / 2).div_euclid(ONE)
}

/// State of the push phase: fixed-point top-left corners, padded box sizes,
/// this step's summed pushes and the reusable bucket grid.
struct Pushes {
    x: Vec<i64>,
    y: Vec<i64>,
    w: Vec<i64>,
    h: Vec<i64>,
    dx: Vec<i64>,
    dy: Vec<i64>,
    cx: Vec<i64>,
    cy: Vec<i64>,
    cell: i64,
    grid: CellGrid,
    boxes: Vec<Box>,
    acc: Vec<(i64, i64)>,
}

/// A padded box and its centre, fixed point, as the pair checks read it.
#[derive(Clone, Copy)]
struct Box {
    x0: i64,
    y0: i64,
    x1: i64,
    y1: i64,
    cx: i64,
    cy: i64,
}

impl Pushes {
    fn new(rooms: &[Rect], padding: u32) -> Pushes {
        let pad = i64::from(padding) * ONE;
        let n = rooms.len();
        let x: Vec<i64> = rooms.iter().map(|r| i64::from(r.x()) * ONE).collect();
        let y: Vec<i64> = rooms.iter().map(|r| i64::from(r.y()) * ONE).collect();
        let w: Vec<i64> = rooms.iter().map(|r| i64::from(r.w()) * ONE + pad).collect();
        let h: Vec<i64> = rooms.iter().map(|r| i64::from(r.h()) * ONE + pad).collect();
        let cell = w.iter().chain(&h).copied().max().unwrap_or(ONE);
        Pushes {
            x,
            y,
            w,
            h,
            dx: vec![0; n],
            dy: vec![0; n],

            cx: vec![0; n],
            cy: vec![0; n],
            cell,
            grid: CellGrid::default(),
            boxes: Vec::with_capacity(n),
            acc: Vec::with_capacity(n),
        }
    }

    /// Sums this step's pushes; false when no padded boxes overlap.
    fn compute(&mut self) -> bool {
        for i in 0..self.x.len() {
            self.cx[i] = self.x[i] + self.w[i] / 2;
            self.cy[i] = self.y[i] + self.h[i] / 2;
        }
        self.grid.build(&self.cx, &self.cy, self.cell);
        let Pushes {
            x,
            y,
            w,
            h,
            dx,
            dy,
            cx,
            cy,
            grid,
            boxes,
            acc,
            ..
        } = self;
        // The rooms' boxes in bucket order, so the pair checks below read
        // memory mostly in sequence.
        let order = grid.order();
        boxes.clear();
        boxes.extend(order.iter().map(|&i| {
            let i = i as usize;
            Box {
                x0: x[i],
                y0: y[i],
                x1: x[i] + w[i],
                y1: y[i] + h[i],
                cx: cx[i],
                cy: cy[i],
            }
        }));
        acc.clear();
        acc.resize(order.len(), (0, 0));
        let mut any = false;
        grid.for_each_candidate_pair(|k, l| {
            let (a, b) = (&boxes[k], &boxes[l]);
            let ox = a.x1.min(b.x1) - a.x0.max(b.x0);
            if ox <= 0 {
                return;
            }
            let oy = a.y1.min(b.y1) - a.y0.max(b.y0);
            if oy <= 0 {
                return;
            }
            any = true;
            let (i, j) = (order[k] as usize, order[l] as usize);
            let (px, py) = push(a.cx - b.cx, a.cy - b.cy, ox.min(oy), i, j);
            acc[k].0 += px;
            acc[k].1 += py;
            acc[l].0 -= px;
            acc[l].1 -= py;
        });
        for (&i, &(px, py)) in order.iter().zip(acc.iter()) {
            dx[i as usize] = px;
            dy[i as usize] = py;
        }
        any
    }

    /// Scales the centres' offsets from their centroid up, when the heap is
    /// denser than the rooms' total area allows, so that their spread
    /// (mean squared distance from the centroid) is about that of a disc
    /// holding the rooms packed to SPREAD_DENSITY. Integers only.
    fn spread(&mut self) {
        let n = self.x.len() as i128;
        if n < 2 {
            return;
        }
        for i in 0..self.x.len() {
            self.cx[i] = self.x[i] + self.w[i] / 2;
            self.cy[i] = self.y[i] + self.h[i] / 2;
        }
        let c = |i: usize| (i128::from(self.cx[i]), i128::from(self.cy[i]));
        let (mut sx, mut sy) = (0i128, 0i128);
        for i in 0..self.x.len() {
            let (x, y) = c(i);
            sx += x;
            sy += y;
        }
        let (mx, my) = (sx.div_euclid(n), sy.div_euclid(n));
        let mut var = 0i128;
        let mut area = 0i128;
        for i in 0..self.x.len() {
            let (x, y) = c(i);
            var += (x - mx) * (x - mx) + (y - my) * (y - my);
            area += i128::from(self.w[i]) * i128::from(self.h[i]);
        }
        // A uniform disc of area A has mean squared radius A / (2 pi);
        // the rooms need A / density of it.
        // Only absurd inputs (millions of rooms millions of cells wide)
        // overflow here; they are simply not spread.
        let Some(want) = area
            .checked_mul(n * SPREAD_DENSITY.1)
            .map(|v| v / SPREAD_DENSITY.0)
        else {
            return;
        };
        if var == 0 || var >= want {
            return;
        }
        let Some(scaled) = want.checked_mul(1 << 20) else {
            return;
        };
        // The scale factor in 1/1024ths: sqrt(want / var).
        let s = (scaled / var) as u128;
        let s = s.isqrt() as i128;
        for i in 0..self.x.len() {
            let (x, y) = (i128::from(self.cx[i]), i128::from(self.cy[i]));
            let nx = mx + (x - mx) * s / 1024 - i128::from(self.w[i] / 2);
            let ny = my + (y - my) * s / 1024 - i128::from(self.h[i] / 2);
            self.x[i] = nx.clamp(-i128::from(LIMIT), i128::from(LIMIT)) as i64;
            self.y[i] = ny.clamp(-i128::from(LIMIT), i128::from(LIMIT)) as i64;
        }
    }

    fn apply(&mut self) {
        for i in 0..self.x.len() {
            self.x[i] = (self.x[i] + self.dx[i]).clamp(-LIMIT, LIMIT);
            self.y[i] = (self.y[i] + self.dy[i]).clamp(-LIMIT, LIMIT);
        }
    }
}

/// Unit directions (scaled by 1024) for rooms whose centres coincide: 16
/// evenly spread angles, so a heap of rooms on one cell fans out in two
/// dimensions instead of along a line.
const FAN: [(i64, i64); 16] = [
    (1024, 0),
    (946, 392),
    (724, 724),
    (392, 946),
    (0, 1024),
    (-392, 946),
    (-724, 724),
    (-946, 392),
    (-1024, 0),
    (-946, -392),
    (-724, -724),
    (-392, -946),
    (0, -1024),
    (392, -946),
    (724, -724),
    (946, -392),
];

/// The push on room `i` away from room `j` (room `j` gets the opposite):
/// along the centre offset `(dx, dy)`, of length `depth + 1/16` cell.
fn push(dx: i64, dy: i64, depth: i64, i: usize, j: usize) -> (i64, i64) {
    let len = depth + ONE / 16;
    let (ux, uy, norm) = if dx == 0 && dy == 0 {
        let k = (i.wrapping_mul(7) ^ j.wrapping_mul(13)) % FAN.len();
        let (fx, fy) = FAN[k];
        (fx, fy, 1024)
    } else {
        (dx, dy, hypot(dx, dy).max(1))
    };
    // |u| <= norm, so each component is at most `len`. The product fits in
    // an i64 unless the rooms are millions of cells wide; then use i128
    // (same truncating division, same result).
    let scale = |u: i64| match u.checked_mul(len) {
        Some(p) => p / norm,
        None => (i128::from(u) * i128::from(len) / i128::from(norm)) as i64,
    };
    (scale(ux), scale(uy))
}

/// `floor(sqrt(dx² + dy²))`, exactly. The usual case (offsets below 2^31)
/// takes a hardware square root as a first guess and corrects it with
/// integer comparisons, so the result is exact, and thus the same on every
/// platform whatever the float rounding; larger offsets use the (slower)
/// 128-bit integer square root.
fn hypot(dx: i64, dy: i64) -> i64 {
    const SMALL: u64 = 1 << 31;
    let (ax, ay) = (dx.unsigned_abs(), dy.unsigned_abs());
    if ax < SMALL && ay < SMALL {
        let s = ax * ax + ay * ay; // < 2^63
        let mut r = (s as f64).sqrt() as u64;
        while r * r > s {
            r -= 1;
        }
        while (r + 1) * (r + 1) <= s {
            r += 1;
        }
        r as i64
    } else {
        let s = u128::from(ax) * u128::from(ax) + u128::from(ay) * u128::from(ay);
        s.isqrt() as i64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(x: i32, y: i32, w: i32, h: i32) -> Rect {
        Rect::new(x, y, w, h).unwrap()
    }

    fn clear(rooms: &[Rect], pad: i64) -> bool {
        rooms.iter().enumerate().all(|(i, a)| {
            rooms[i + 1..]
                .iter()
                .all(|b| a.x_gap(b) >= pad || a.y_gap(b) >= pad)
        })
    }

    #[test]
    fn snapping_rounds_to_nearest() {
        assert_eq!(snap(0), 0);
        assert_eq!(snap(127), 0);
        assert_eq!(snap(128), 1);
        assert_eq!(snap(-128), 0);
        assert_eq!(snap(-129), -1);
        assert_eq!(snap(-256 * 5 + 3), -5);
    }

    #[test]
    fn pushes_point_away_and_fan_out() {
        let (px, py) = push(10 * ONE, 0, 4 * ONE, 0, 1);
        assert_eq!((px, py), (4 * ONE + ONE / 16, 0));
        let (px, py) = push(0, -3, 2 * ONE, 0, 1);
        assert_eq!((px, py), (0, -(2 * ONE + ONE / 16)));
        // 3-4-5: the length is split along the direction, truncated.
        let (px, py) = push(3, 4, 5 * ONE - ONE / 16, 0, 1);
        assert_eq!((px, py), (3 * ONE, 4 * ONE));
        let (px, py) = push(0, 0, 2 * ONE, 3, 4);
        assert!(px != 0 || py != 0);
    }

    #[test]
    fn hypot_is_the_exact_integer_root() {
        let big = i64::from(i32::MAX) << 8;
        for (dx, dy) in [
            (3, 4),
            (0, 7),
            (1, 1),
            (-5, 12),
            (46340, 46340),
            (big, big),
            (big, 1),
        ] {
            let want = ((dx as i128 * dx as i128 + dy as i128 * dy as i128) as u128).isqrt() as i64;
            assert_eq!(hypot(dx, dy), want, "{dx} {dy}");
        }
        // Around perfect squares, where a float guess is most likely off by one.
        for r in [1i64 << 20, (1 << 31) - 1, 3_037_000_499] {
            for d in -2..=2 {
                let dx = r + d;
                if dx < 1 << 31 {
                    let want = ((dx as i128 * dx as i128 + 1) as u128).isqrt() as i64;
                    assert_eq!(hypot(dx, 1), want);
                }
            }
        }
    }

    #[test]
    fn trivial_inputs() {
        let mut none: [Rect; 0] = [];
        let s = separate(&mut none, SeparateOptions::default()).unwrap();
        assert_eq!((s.steps, s.converged, s.finished), (0, true, 0));
        let mut one = [r(3, 4, 5, 6)];
        separate(&mut one, SeparateOptions::default()).unwrap();
        assert_eq!(one, [r(3, 4, 5, 6)]);
        // Already apart: nothing moves.
        let mut two = [r(0, 0, 5, 5), r(5, 0, 5, 5)];
        let s = separate(&mut two, SeparateOptions::default()).unwrap();
        assert_eq!(two, [r(0, 0, 5, 5), r(5, 0, 5, 5)]);
        assert_eq!(s.steps, 0);
    }

    #[test]
    fn bad_options() {
        let mut two = [r(0, 0, 5, 5), r(1, 0, 5, 5)];
        let opts = SeparateOptions {
            padding: MAX_PADDING + 1,
            max_steps: 5,
            spread: true,
        };
        assert_eq!(
            separate(&mut two, opts),
            Err(ScatterError::BadPadding {
                padding: MAX_PADDING + 1
            })
        );
        assert_eq!(two, [r(0, 0, 5, 5), r(1, 0, 5, 5)]);
    }

    #[test]
    fn one_heap_separates_with_and_without_steps() {
        for max_steps in [0, 1, 5, 1000] {
            for padding in [0, 2] {
                let mut rooms: Vec<Rect> = (0..40).map(|i| r(0, 0, 3 + i % 5, 2 + i % 3)).collect();
                let opts = SeparateOptions {
                    padding,
                    max_steps,
                    spread: max_steps % 2 == 0,
                };
                let s = separate(&mut rooms, opts).unwrap();
                assert!(s.steps <= max_steps);
                assert!(clear(&rooms, i64::from(padding)), "{max_steps} {padding}");
                for (i, room) in rooms.iter().enumerate() {
                    let i = i as i32;
                    assert_eq!((room.w(), room.h()), (3 + i % 5, 2 + i % 3));
                }
            }
        }
    }

    #[test]
    fn huge_rooms_do_not_overflow() {
        for spread in [false, true] {
            let big = 1 << 29;
            let mut rooms: Vec<Rect> = (0..20).map(|i| r(i, -i, big - i, big / 3 + i)).collect();
            rooms.push(r(0, 0, 1, 1));
            let opts = SeparateOptions {
                padding: MAX_PADDING,
                max_steps: 20,
                spread,
            };
            match separate(&mut rooms, opts) {
                Ok(_) => assert!(clear(&rooms, i64::from(MAX_PADDING))),
                Err(e) => assert_eq!(e, ScatterError::OutOfRange),
            }
        }
    }

    #[test]
    fn rooms_at_the_edge_of_i32_are_refused() {
        let m = i32::MAX - 10;
        let mut rooms = vec![r(m, m, 10, 10); 30];
        let before = rooms.clone();
        assert_eq!(
            separate(&mut rooms, SeparateOptions::default()),
            Err(ScatterError::OutOfRange)
        );
        assert_eq!(rooms, before);
    }
}
