//! What counts as "connected": 4 or 8 neighbours, and whether the map wraps.

use crate::RegionsError;

/// Which neighbours of a floor cell belong to its region.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Connectivity {
    /// North, east, south and west: a walker that never moves diagonally.
    #[default]
    Four,
    /// The four sides and the four corners: a walker that may cut corners.
    Eight,
}

impl Connectivity {
    /// The connectivity written as a number, 4 or 8 (the C ABI's encoding).
    ///
    /// # Errors
    /// [`RegionsError::BadConnectivity`] for any other number.
    ///
    /// ```
    /// use mcrdun_regions::Connectivity;
    /// assert_eq!(Connectivity::from_u32(8), Ok(Connectivity::Eight));
    /// assert!(Connectivity::from_u32(6).is_err());
    /// ```
    pub fn from_u32(n: u32) -> Result<Connectivity, RegionsError> {
        match n {
            4 => Ok(Connectivity::Four),
            8 => Ok(Connectivity::Eight),
            other => Err(RegionsError::BadConnectivity(other)),
        }
    }

    /// 4 or 8.
    pub fn as_u32(self) -> u32 {
        match self {
            Connectivity::Four => 4,
            Connectivity::Eight => 8,
        }
    }
}

/// How to label: connectivity, and whether the map wraps around (a torus on
/// one or both axes).
///
/// A [`Connectivity`] converts into options without wrapping, so
/// `label(&grid, Connectivity::Four, &mut out)` reads naturally.
///
/// ```
/// use mcrdun_regions::{Connectivity, LabelOptions};
/// let torus = LabelOptions::new(Connectivity::Eight).wrapping(true, true);
/// assert!(torus.wrap_x && torus.wrap_y);
/// assert_eq!(LabelOptions::from(Connectivity::Four), LabelOptions::default());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LabelOptions {
    /// 4- or 8-connectivity.
    pub connectivity: Connectivity,
    /// Column `width - 1` touches column 0 (the map wraps east-west).
    pub wrap_x: bool,
    /// Row `height - 1` touches row 0 (the map wraps north-south).
    pub wrap_y: bool,
}

impl LabelOptions {
    /// Options with the given connectivity and no wrapping.
    pub fn new(connectivity: Connectivity) -> LabelOptions {
        LabelOptions {
            connectivity,
            wrap_x: false,
            wrap_y: false,
        }
    }

    /// The same options with wrapping set on each axis.
    #[must_use]
    pub fn wrapping(self, wrap_x: bool, wrap_y: bool) -> LabelOptions {
        LabelOptions {
            wrap_x,
            wrap_y,
            ..self
        }
    }
}

impl From<Connectivity> for LabelOptions {
    fn from(connectivity: Connectivity) -> Self {
        LabelOptions::new(connectivity)
    }
}
