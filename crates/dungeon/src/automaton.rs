//! The cave stage: a cellular automaton over rock and floor with
//! configurable birth and survival rules (rot.js `born` / `survive` style).

use crate::LevelError;
use mcrdun_geom::random::{SeededRng, chance};

/// The most smoothing passes accepted (more change nothing visible).
pub const MAX_CAVE_PASSES: u32 = 64;

/// Birth and survival rules of rock: bit `n` of `born` set means a floor
/// tile with `n` rock tiles among its 8 neighbours turns to rock; bit `n` of
/// `survive` set means a rock tile with `n` rock neighbours stays rock (tiles
/// outside the map count as rock).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Rock neighbour counts (bits 0-8) that turn floor to rock.
    pub born: u16,
    /// Rock neighbour counts (bits 0-8) that keep rock.
    pub survive: u16,
}

impl Rules {
    /// The classic "4-5" rule: rock is born with 5-8 rock neighbours and
    /// survives with 4-8 (a tile becomes rock when at least 5 of the 9
    /// tiles of its 3x3 block are rock).
    pub const FOUR_FIVE: Rules = Rules {
        born: 0b1_1110_0000,
        survive: 0b1_1111_0000,
    };

    /// The rules from rot.js-style lists of neighbour counts.
    ///
    /// # Errors
    /// [`LevelError::InvalidOption`] naming the list, `born` or `survive`,
    /// for a count above 8.
    ///
    /// ```
    /// use mcrdun_dungeon::automaton::Rules;
    /// assert_eq!(Rules::from_counts(&[5, 6, 7, 8], &[4, 5, 6, 7, 8])?, Rules::FOUR_FIVE);
    /// assert!(matches!(
    ///     Rules::from_counts(&[5], &[9]),
    ///     Err(mcrdun_dungeon::LevelError::InvalidOption { name: "survive", .. })
    /// ));
    /// # Ok::<(), mcrdun_dungeon::LevelError>(())
    /// ```
    pub fn from_counts(born: &[u8], survive: &[u8]) -> Result<Rules, LevelError> {
        let mask = |counts: &[u8], name: &'static str| {
            counts.iter().try_fold(0u16, |m, &c| {
                if c > 8 {
                    Err(LevelError::InvalidOption {
                        name,
                        reason: format!("a neighbour count of {c} is more than 8"),
                    })
                } else {
                    Ok(m | 1 << c)
                }
            })
        };
        Ok(Rules {
            born: mask(born, "born")?,
            survive: mask(survive, "survive")?,
        })
    }
}

/// Random rock: each interior tile is rock with probability `fill`; the
/// outer border is always rock (and draws nothing, so the interior's noise
/// does not depend on it). `w`, `h` at least 1.
pub fn noise(w: usize, h: usize, fill: f64, rng: &mut SeededRng) -> Vec<bool> {
    // The border is rock without a draw; the inside draws row by row.
    let mut rock = vec![true; w * h];
    if w > 2 {
        for row in rock.chunks_exact_mut(w).take(h.saturating_sub(1)).skip(1) {
            for r in &mut row[1..w - 1] {
                *r = chance(rng, fill);
            }
        }
    }
    rock
}

/// Runs `passes` generations of `rules` over `rock` (`w` x `h`, row-major);
/// the outer border stays rock.
///
/// Cost: O(w * h * passes), one extra buffer and one row of column sums.
///
/// ```
/// use mcrdun_dungeon::automaton::{smooth, Rules};
/// // A lone rock in a field of floor dies under the 4-5 rule.
/// let mut rock = vec![true; 25];
/// for y in 1..4 { for x in 1..4 { rock[y * 5 + x] = x == 2 && y == 2; } }
/// smooth(&mut rock, 5, 5, Rules::FOUR_FIVE, 1);
/// assert!(!rock[12]);
/// ```
pub fn smooth(rock: &mut Vec<bool>, w: usize, h: usize, rules: Rules, passes: u32) {
    if w < 3 || h < 3 {
        return;
    }
    let mut next = vec![true; w * h];
    // Rock counts of the 3-tall column at each x, for the current row.
    let mut column = vec![0u8; w];
    for _ in 0..passes {
        for y in 1..h - 1 {
            for (x, c) in column.iter_mut().enumerate() {
                *c = u8::from(rock[(y - 1) * w + x])
                    + u8::from(rock[y * w + x])
                    + u8::from(rock[(y + 1) * w + x]);
            }
            for x in 1..w - 1 {
                let i = y * w + x;
                let me = rock[i];
                let around = column[x - 1] + column[x] + column[x + 1] - u8::from(me);
                let mask = if me { rules.survive } else { rules.born };
                next[i] = mask >> around & 1 == 1;
            }
        }
        core::mem::swap(rock, &mut next);
    }
}
