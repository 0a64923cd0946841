//! Vaults in a maze, before it is carved: where they go (two tiles or more
//! from each other and from the map's edge, off blocked cells, where no
//! entrance they use opens onto a corner between four cells), and the
//! cells under them blocked so the maze is carved around them.

use crate::maze::carve_error;
use crate::stamp::usable_in_maze;
use crate::vaults::{Pick, Places, choose_in};
use crate::{LevelError, LevelKind};
use mcrdun_carve::Maze;
use mcrdun_geom::Point;
use mcrdun_vaults::Vault;

/// Chooses the vaults of a maze (see [`crate::maze_level_with_vaults`]) and
/// blocks the cells under them.
pub(crate) fn place_vaults(
    m: &mut Maze,
    (w, h): (u32, u32),
    vaults: &[Vault],
    rng: &mut mcrdun_geom::random::SeededRng,
) -> Result<Vec<(usize, Pick)>, LevelError> {
    let mut places = MazePlaces {
        cells: (m.width(), m.height()),
        blocked: m.blocked_mask().to_vec(),
        taken: Vec::new(),
    };
    let budget = (w as usize * h as usize / 2000).max(1);
    let picks = choose_in(vaults, LevelKind::Maze, &mut places, budget, rng)?;
    for (_, pick) in &picks {
        let (sw, sh) = (pick.shape.width() as i32, pick.shape.height() as i32);
        // The cells whose tile (2x + 1, 2y + 1) lies under the vault.
        for cy in (pick.at.y - 1) / 2..=(pick.at.y + sh) / 2 {
            for cx in (pick.at.x - 1) / 2..=(pick.at.x + sw) / 2 {
                let (tx, ty) = (2 * cx + 1, 2 * cy + 1);
                let under = tx >= pick.at.x
                    && tx < pick.at.x + sw
                    && ty >= pick.at.y
                    && ty < pick.at.y + sh;
                if under && m.is_blocked(Point::new(cx, cy)) == Some(false) {
                    m.block(Point::new(cx, cy)).map_err(carve_error)?;
                }
            }
        }
    }
    Ok(picks)
}

/// Random places for a vault in a maze, the ring of a tile around it clear
/// of other vaults and of blocked cells, inside the last cells on each
/// side (so the maze goes round every vault).
struct MazePlaces {
    cells: (u32, u32),
    blocked: Vec<bool>,
    taken: Vec<mcrdun_geom::Rect>,
}

impl Places for MazePlaces {
    fn find(
        &mut self,
        shape: &mcrdun_vaults::Shape,
        rng: &mut mcrdun_geom::random::SeededRng,
    ) -> Result<Option<(Point, usize)>, LevelError> {
        let (sw, sh) = (shape.width() as i32, shape.height() as i32);
        // The last cell's tile on each axis: the vault stays left of it.
        let (lx, ly) = (2 * self.cells.0 as i32 - 1, 2 * self.cells.1 as i32 - 1);
        if 2 + sw > lx || 2 + sh > ly {
            return Ok(None);
        }
        for _ in 0..64 {
            let x = mcrdun_geom::random::range_i32(rng, 2, lx - sw)?;
            let y = mcrdun_geom::random::range_i32(rng, 2, ly - sh)?;
            let at = Point::new(x, y);
            let ring = mcrdun_geom::Rect::new(x - 1, y - 1, sw + 2, sh + 2)?;
            let clear = self.taken.iter().all(|t| t.intersection(&ring).is_none())
                && ring.points().all(|p| {
                    let c = Point::new((p.x - 1) / 2, (p.y - 1) / 2);
                    let cell = p.x % 2 == 1 && p.y % 2 == 1;
                    !cell || !self.blocked[(c.y as u32 * self.cells.0 + c.x as u32) as usize]
                })
                && !usable_in_maze(shape, at).is_empty();
            if clear {
                return Ok(Some((at, 0)));
            }
        }
        Ok(None)
    }

    fn take(&mut self, _: usize, at: Point, shape: &mcrdun_vaults::Shape) {
        let (sw, sh) = (shape.width() as i32, shape.height() as i32);
        if let Ok(r) = mcrdun_geom::Rect::new(at.x - 1, at.y - 1, sw + 2, sh + 2) {
            self.taken.push(r);
        }
    }
}
