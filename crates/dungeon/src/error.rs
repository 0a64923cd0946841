//! The one error type of this crate.

use core::fmt;
use mcrdun_bsp::BspError;
use mcrdun_carve::CarveError;
use mcrdun_geom::GeomError;
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
    /// A map side or the cell count is too large for `i32` coordinates, or
    /// the level's working memory exceeds its ceiling
    /// ([`crate::schema::DEFAULT_MAX_BYTES`] unless raised).
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
                "a level of {width}x{height} is too large (each side at most {}, and at most max_bytes of working memory, {} bytes a tile; 1 GiB unless raised)",
                i32::MAX,
                crate::schema::BYTES_PER_TILE
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
            LevelError::Geom(e) => write!(f, "geom: {e}"),
            LevelError::Bsp(e) => write!(f, "bsp: {e}"),
            LevelError::Scatter(e) => write!(f, "scatter: {e}"),
            LevelError::Carve(e) => write!(f, "carve: {e}"),
            LevelError::Passages(e) => write!(f, "passages: {e}"),
            LevelError::Regions(e) => write!(f, "regions: {e}"),
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
            _ => None,
        }
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
/// the working-memory ceiling `max_bytes` (0: the default), before
/// anything is allocated.
pub(crate) fn check_size(
    generator: &'static str,
    width: u32,
    height: u32,
    min_width: u32,
    min_height: u32,
    max_bytes: u64,
) -> Result<(), LevelError> {
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
    let ceiling = if max_bytes == 0 {
        crate::schema::DEFAULT_MAX_BYTES
    } else {
        max_bytes
    };
    if (cells as u64).saturating_mul(crate::schema::BYTES_PER_TILE) > ceiling
        || cells as u64 >= 1 << 31
    {
        return Err(LevelError::TooLarge { width, height });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_problem() {
        let e = check_size("cave", 3, 90, 5, 5, 0).unwrap_err();
        assert_eq!(
            e.to_string(),
            "a cave level of 3x90 is too small: it needs at least 5x5"
        );
        let e = check_size("cave", u32::MAX, 5, 5, 5, 0).unwrap_err();
        assert!(matches!(e, LevelError::TooLarge { .. }), "{e}");
        // 1 GiB at 24 bytes a tile: 44 739 242 tiles.
        assert!(check_size("cave", 6000, 7000, 5, 5, 0).is_ok());
        let e = check_size("cave", 7000, 7000, 5, 5, 0).unwrap_err();
        assert!(matches!(e, LevelError::TooLarge { .. }), "{e}");
        assert!(check_size("cave", 7000, 7000, 5, 5, 2 << 30).is_ok());
    }
}
