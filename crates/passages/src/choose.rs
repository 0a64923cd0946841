//! Choosing one passage on a border by weighted random choice.

use crate::{Border, PassagesError, RoomId};
use mcrdun_geom::Point;
use mcrdun_geom::random::{index, weighted_index};
use rand::Rng;

/// How much each border cell weighs in [`choose_passage`], by its count of
/// neighbours across (1 to 4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Weights {
    /// Weight = count: every `(cell, neighbour across)` pair is equally
    /// likely (a flattened choice), so a cell jutting into the
    /// other room with 3 neighbours is three times as likely as a cell on a
    /// straight wall.
    #[default]
    Count,
    /// `table[count - 1]` is the weight of a cell with `count` neighbours
    /// across: weights 1, 10 and 15 for 1, 2 and 3 neighbours (or more) are
    /// `Table([1, 10, 15, 15])`.
    /// A zero weight excludes such cells.
    Table([u32; 4]),
}

impl Weights {
    /// The weight of a cell with `count` neighbours across (`1..=4`).
    #[inline]
    pub fn weight(&self, count: usize) -> u32 {
        match self {
            Weights::Count => count as u32,
            Weights::Table(t) => t[count.clamp(1, 4) - 1],
        }
    }
}

/// A passage: two 4-adjacent cells, one in each room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Passage {
    /// The first room.
    pub a: RoomId,
    /// The second room.
    pub b: RoomId,
    /// The passage's cell in room `a`.
    pub cell_a: Point,
    /// The passage's cell in room `b`, a 4-neighbour of `cell_a`.
    pub cell_b: Point,
}

impl Passage {
    /// The two cells as a pair, `(cell_a, cell_b)`.
    #[inline]
    pub fn cells(&self) -> (Point, Point) {
        (self.cell_a, self.cell_b)
    }
}

/// Picks one passage on `border`: a border cell with probability
/// proportional to its weight (see [`Weights`]), then one of its neighbours
/// across, uniformly. The passage's rooms are in the border's order, with
/// `cell_a` in the border's first room whichever side the cell was drawn on.
///
/// Draws one word for the cell (more only on the rare rejection of the
/// integer range mapping) and one for the neighbour when there are several.
/// Allocates one weight (4 bytes) per border cell, checked against the
/// [memory budget](mcrdun_geom::memory) first.
///
/// ```
/// use mcrdun_geom::{Point, random::seeded_rng};
/// use mcrdun_passages::{choose_passage, Layout, Weights};
/// let mut layout = Layout::new(4, 4)?;
/// let a = layout.add_room(&[Point::new(0, 0), Point::new(1, 0)])?;
/// let b = layout.add_room(&[Point::new(0, 1), Point::new(1, 1)])?;
/// let border = layout.border(a, b)?;
/// let p = choose_passage(&border, &mut seeded_rng(7), &Weights::Count)?;
/// assert_eq!((p.a, p.b), (a, b));
/// assert_eq!(p.cell_a.manhattan(p.cell_b), 1);
/// # Ok::<(), mcrdun_passages::PassagesError>(())
/// ```
///
/// # Errors
/// [`PassagesError::NotAdjacent`] for an empty border;
/// [`PassagesError::NoWeight`] when the table gives every cell weight 0;
/// [`PassagesError::Geom`] with `OverBudget` / `OutOfMemory`.
pub fn choose_passage<R: Rng + ?Sized>(
    border: &Border,
    rng: &mut R,
    weights: &Weights,
) -> Result<Passage, PassagesError> {
    let _budget = mcrdun_geom::memory::Budget::start();
    choose_with(border, rng, weights, &mut Vec::new())
}

/// [`choose_passage`] with a reused weight buffer.
pub(crate) fn choose_with<R: Rng + ?Sized>(
    border: &Border,
    rng: &mut R,
    weights: &Weights,
    scratch: &mut Vec<u32>,
) -> Result<Passage, PassagesError> {
    let (a, b) = border.rooms();
    if border.is_empty() {
        return Err(PassagesError::NotAdjacent { a, b });
    }
    scratch.clear();
    if scratch.capacity() < border.len() {
        reserve_weights(scratch, border)?;
    }
    scratch.extend(border.cells().map(|c| weights.weight(c.across.len())));
    let i = weighted_index(rng, scratch).map_err(|_| PassagesError::NoWeight)?;
    let chosen = border.cell(i).expect("weighted_index stays in range");
    let j = if chosen.across.len() == 1 {
        0
    } else {
        index(rng, chosen.across.len())?
    };
    let (near, far) = (chosen.cell, chosen.across[j]);
    let (cell_a, cell_b) = if chosen.room == a {
        (near, far)
    } else {
        (far, near)
    };
    Ok(Passage {
        a,
        b,
        cell_a,
        cell_b,
    })
}

/// Room for a weight a cell of `border` in the empty `scratch`, checked
/// against the memory budget beside what the border holds.
#[cold]
fn reserve_weights(scratch: &mut Vec<u32>, border: &Border) -> Result<(), PassagesError> {
    let n = border.len();
    mcrdun_geom::memory::check_bytes(
        "choosing a passage",
        crate::border::held(border).saturating_add(n as u64 * 4),
    )?;
    scratch.try_reserve_exact(n).map_err(|_| {
        PassagesError::Geom(mcrdun_geom::GeomError::OutOfMemory {
            what: "choosing a passage",
            needed: n as u64 * 4,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Layout;
    use mcrdun_geom::random::seeded_rng;

    #[test]
    fn empty_border_and_zero_weights_are_errors() {
        let mut l = Layout::new(4, 4).unwrap();
        let a = l.add_room(&[Point::new(0, 0)]).unwrap();
        let b = l.add_room(&[Point::new(2, 2)]).unwrap();
        let c = l.add_room(&[Point::new(1, 0)]).unwrap();
        let mut rng = seeded_rng(1);
        assert_eq!(
            choose_passage(&l.border(a, b).unwrap(), &mut rng, &Weights::Count),
            Err(PassagesError::NotAdjacent { a, b })
        );
        let ac = l.border(a, c).unwrap();
        assert_eq!(
            choose_passage(&ac, &mut rng, &Weights::Table([0, 5, 5, 5])),
            Err(PassagesError::NoWeight)
        );
        let p = choose_passage(&ac, &mut rng, &Weights::Table([1, 0, 0, 0])).unwrap();
        assert_eq!(p.cells(), (Point::new(0, 0), Point::new(1, 0)));
    }

    #[test]
    fn table_can_single_out_a_count() {
        // a a a
        // b a b   (1, 1) is the only cell with 3 neighbours across.
        // b b b
        let mut l = Layout::new(3, 3).unwrap();
        let p = Point::new;
        let a = l.add_room(&[p(0, 0), p(1, 0), p(2, 0), p(1, 1)]).unwrap();
        let b = l
            .add_room(&[p(0, 1), p(2, 1), p(0, 2), p(1, 2), p(2, 2)])
            .unwrap();
        let border = l.border(a, b).unwrap();
        let mut rng = seeded_rng(3);
        for _ in 0..50 {
            let q = choose_passage(&border, &mut rng, &Weights::Table([0, 0, 1, 0])).unwrap();
            assert_eq!(q.cell_a, p(1, 1));
        }
    }
}
