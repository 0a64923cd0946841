//! The tail shared by the room generators (BSP, scatter, passages): stage 3,
//! links, stage 4, doors and corridors (and the corridors of vaults'
//! required entrances), and stage 5, finish.

use crate::corridors::Canvas;
use crate::links::{Edge, loop_rule, spanning_links};
use crate::vaults::{Stamped, link_required};
use crate::{Level, LevelError, LevelKind};
use mcrdun_geom::Rect;
use mcrdun_geom::random::SeededRng;

/// Links the rooms drawn on `canvas` over the room graph `edges`: the
/// links of [`spanning_links`] (`loops` as a share, or Brogue's rule when
/// `loop_factor` is not 0, see [`loop_rule`]), each made by
/// [`Canvas::link_all`] inside the search window `window` gives its edge,
/// after a corridor to each required entrance of the vaults `stamped`
/// ([`link_required`]); then [`Level::finish_canvas`] (with
/// the vaults: [`Level::finish_vaults`]).
///
/// # Errors
/// As [`spanning_links`], [`Canvas::link_all`], [`link_required`] and
/// [`Level::finish_canvas`].
pub(crate) fn link_and_finish(
    kind: LevelKind,
    mut canvas: Canvas,
    edges: &[Edge],
    (loops, loop_factor): (f64, u32),
    window: impl FnMut(&Edge) -> Rect,
    stamped: Stamped,
    rng: &mut SeededRng,
) -> Result<Level, LevelError> {
    let links = spanning_links(
        canvas.rooms().len(),
        edges,
        loop_rule(loops, loop_factor),
        rng,
    )?;
    // Required entrances first, while the rock around vaults is free (a
    // corridor of the links could pass an entrance so close that no
    // corridor could leave it without running beside it).
    link_required(&mut canvas, &stamped, rng)?;
    canvas.link_all(edges, &links, window, rng)?;
    Level::finish_vaults(kind, canvas, rng, stamped)
}
