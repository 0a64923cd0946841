//! The one error type of this crate.

use core::fmt;
use mcrdun_bsp::BspError;
use mcrdun_carve::CarveError;
use mcrdun_geom::GeomError;
use mcrdun_geom::memory::Budget;
use mcrdun_passages::PassagesError;
use mcrdun_regions::RegionsError;
use mcrdun_scatter::ScatterError;

/// Why a level could not be made. A level is either complete (one walkable
/// region, stairs placed) or one of these; never a broken map.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum LevelError {
    /// The map is smaller than the generator needs.
    TooSmall {
        /// The generator.
        generator: &'static str,
        /// The width asked for.
        width: u32,
        /// The height asked for.
        height: u32,
        /// The smallest width it accepts.
        min_width: u32,
        /// The smallest height it accepts.
        min_height: u32,
    },
    /// A map side or the cell count is too large for `i32` coordinates.
    TooLarge {
        /// The width asked for.
        width: u32,
        /// The height asked for.
        height: u32,
    },
    /// The generator has no option of this name
    /// ([`LevelConfig::set`](crate::LevelConfig::set) and `get`); the
    /// message lists the names it has.
    UnknownOption {
        /// The generator asked.
        kind: crate::LevelKind,
        /// The name asked for, quoted and cut short for showing
        /// ([`crate::schema::shown`]).
        name: String,
    },
    /// The level's working memory would pass its ceiling: the process-wide
    /// memory limit (`mcrdun_geom::memory`), lowered by the config's
    /// `max_bytes`. Refused before any work.
    OverBudget {
        /// The width asked for.
        width: u32,
        /// The height asked for.
        height: u32,
        /// The bytes the level would need.
        needed: u64,
        /// Its bytes a tile ([`crate::schema::bytes_per_tile`]).
        per_tile: u64,
        /// The ceiling it was checked against.
        limit: u64,
    },
    /// A generator option is out of its range.
    InvalidOption {
        /// The option's name in the option schema ([`crate::schema`]), as
        /// the C config field spells it (`cave_fill`, `min_room`, ...).
        name: &'static str,
        /// What is wrong and what is accepted.
        reason: String,
    },
    /// The options are valid but no complete level came out of them (for
    /// example a cave so full of rock that fewer than two floor tiles remain).
    Unsatisfiable(String),
    /// A vault could not be placed as its settings ask: a required vault
    /// that the generator may not use or that no place on the map holds,
    /// or a required entrance no corridor reaches.
    Vault {
        /// The vault's name.
        name: String,
        /// Why.
        reason: String,
    },
    /// Fewer locks fit on the level than the `locks` option asks
    /// ([`crate::locks`]).
    Locks {
        /// The locks asked for.
        asked: u32,
        /// How many fit: asking for that many (0: none) succeeds.
        fit: u32,
        /// Why no more fit.
        reason: String,
    },
    /// `mcrdun-geom` refused its input.
    Geom(GeomError),
    /// `mcrdun-bsp` refused its input.
    Bsp(BspError),
    /// `mcrdun-scatter` refused its input.
    Scatter(ScatterError),
    /// `mcrdun-carve` refused its input.
    Carve(CarveError),
    /// `mcrdun-passages` refused its input.
    Passages(PassagesError),
    /// `mcrdun-regions` refused its input.
    Regions(RegionsError),
    /// The things' tables could not be placed (see [`crate::things`]): a
    /// required entry that no place holds, names or glyphs shared by two
    /// tables, the memory ceiling.
    Things(mcrdun_things::PlaceError),
}

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LevelError::TooSmall {
                generator,
                width,
                height,
                min_width,
                min_height,
            } => write!(
                f,
                "a {generator} level of {width}x{height} is too small: it needs at least {min_width}x{min_height}"
            ),
            LevelError::TooLarge { width, height } => write!(
                f,
                "a level of {width}x{height} is too large (each side at most {}, and fewer than 2^31 tiles)",
                i32::MAX,
            ),
            LevelError::OverBudget {
                width,
                height,
                needed,
                per_tile,
                limit,
            } => write!(
                f,
                "a level of {width}x{height} is too large: it needs {needed} bytes of working memory ({per_tile} a tile, plus {fixed}), above its limit of {limit} bytes (raise it with --max-bytes on the command line; from Rust or C raise the process memory limit, which a level's max_bytes can only lower)",
                fixed = crate::schema::LEVEL_FIXED_BYTES
            ),
            LevelError::UnknownOption { kind, name } => {
                let valid: Vec<&str> = ["width", "height"]
                    .into_iter()
                    .chain(crate::schema::options(*kind).map(|o| o.name))
                    .collect();
                write!(
                    f,
                    "{} levels have no option {name}; their options are {}",
                    kind.name(),
                    valid.join(", ")
                )
            }
            LevelError::InvalidOption { name, reason } => {
                write!(
                    f,
                    "invalid {name} (--{}): {reason}",
                    crate::schema::flag_of(name)
                )
            }
            LevelError::Unsatisfiable(why) => write!(f, "no level can be made: {why}"),
            LevelError::Vault { name, reason } => write!(f, "vault {name}: {reason}"),
            LevelError::Locks { asked, fit, reason } => {
                let fit = match fit {
                    0 => "no lock fits".to_string(),
                    1 => "only 1 lock fits".to_string(),
                    n => format!("only {n} locks fit"),
                };
                write!(
                    f,
                    "{asked} locks asked for, but {fit} on this level: {reason}"
                )
            }
            LevelError::Geom(e) => write!(f, "geom: {e}"),
            LevelError::Bsp(e) => write!(f, "bsp: {e}"),
            LevelError::Scatter(e) => write!(f, "scatter: {e}"),
            LevelError::Carve(e) => write!(f, "carve: {e}"),
            LevelError::Passages(e) => write!(f, "passages: {e}"),
            LevelError::Regions(e) => write!(f, "regions: {e}"),
            LevelError::Things(e) => write!(f, "things: {e}"),
        }
    }
}

impl std::error::Error for LevelError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LevelError::Geom(e) => Some(e),
            LevelError::Bsp(e) => Some(e),
            LevelError::Scatter(e) => Some(e),
            LevelError::Carve(e) => Some(e),
            LevelError::Passages(e) => Some(e),
            LevelError::Regions(e) => Some(e),
            LevelError::Things(e) => Some(e),
            _ => None,
        }
    }
}

impl From<mcrdun_things::PlaceError> for LevelError {
    fn from(e: mcrdun_things::PlaceError) -> LevelError {
        LevelError::Things(e)
    }
}

impl From<GeomError> for LevelError {
    fn from(e: GeomError) -> LevelError {
        match e {
            GeomError::GridTooLarge { width, height } => LevelError::TooLarge {
                width: u32::try_from(width).unwrap_or(u32::MAX),
                height: u32::try_from(height).unwrap_or(u32::MAX),
            },
            other => LevelError::Geom(other),
        }
    }
}

/// Checks the map size against a generator's minimum, the grid limits and
/// the working-memory ceiling before anything is allocated, and returns
/// the level's memory budget, to be held for the whole call: the process
/// limit read once, lowered to `max_bytes` when that is smaller (0: not
/// lowered). Every stage of the level checks against that one ceiling.
pub(crate) fn check_size(
    kind: crate::LevelKind,
    width: u32,
    height: u32,
    min_width: u32,
    min_height: u32,
    max_bytes: u64,
) -> Result<Budget, LevelError> {
    let generator = kind.name();
    if width < min_width || height < min_height {
        return Err(LevelError::TooSmall {
            generator,
            width,
            height,
            min_width,
            min_height,
        });
    }
    let cells = mcrdun_geom::checked_cell_count(u64::from(width), u64::from(height))?;
    if cells as u64 >= 1 << 31 {
        return Err(LevelError::TooLarge { width, height });
    }
    let budget = Budget::start_with(if max_bytes == 0 { u64::MAX } else { max_bytes });
    let per_tile = crate::schema::bytes_per_tile(kind);
    let needed = crate::schema::level_bytes(kind, width, height);
    if needed > budget.limit() {
        return Err(LevelError::OverBudget {
            width,
            height,
            needed,
            per_tile,
            limit: budget.limit(),
        });
    }
    Ok(budget)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_problem() {
        use crate::LevelKind::Cave;
        let e = check_size(Cave, 3, 90, 5, 5, 0).unwrap_err();
        assert_eq!(
            e.to_string(),
            "a cave level of 3x90 is too small: it needs at least 5x5"
        );
        let e = check_size(Cave, u32::MAX, 5, 5, 5, 0).unwrap_err();
        assert!(matches!(e, LevelError::TooLarge { .. }), "{e}");
        // 1 GiB at 26 bytes a cave tile: 41.3 million tiles.
        assert!(check_size(Cave, 3000, 4000, 5, 5, 0).is_ok());
        let e = check_size(Cave, 6000, 7000, 5, 5, 0).unwrap_err();
        assert!(matches!(e, LevelError::OverBudget { .. }), "{e}");
        assert!(e.to_string().contains("--max-bytes"), "{e}");
        // max_bytes lowers the ceiling, and never raises it.
        assert!(check_size(Cave, 3000, 4000, 5, 5, 1 << 20).is_err());
        assert!(check_size(Cave, 6000, 7000, 5, 5, u64::MAX).is_err());
        // The budget is the call's while it lives.
        let b = check_size(Cave, 100, 100, 5, 5, 1 << 20).unwrap();
        assert_eq!(mcrdun_geom::memory::call_limit(), 1 << 20);
        drop(b);
    }
}
