//! One configuration type for every pipeline, for callers that choose the
//! generator at run time (the C ABI, the command line).

use crate::schema;
use crate::{
    BspConfig, CaveConfig, DrunkardConfig, Level, LevelError, LevelKind, MazeConfig,
    PassagesConfig, ScatterConfig, bsp, cave, drunkard, maze, passages, scatter,
};

/// The options of any pipeline.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LevelConfig {
    /// [`bsp`].
    Bsp(BspConfig),
    /// [`scatter`].
    Scatter(ScatterConfig),
    /// [`maze`].
    Maze(MazeConfig),
    /// [`cave`].
    Cave(CaveConfig),
    /// [`passages`].
    Passages(PassagesConfig),
    /// [`drunkard`].
    Drunkard(DrunkardConfig),
}

impl LevelConfig {
    /// The default options of `kind` for a `width` x `height` level.
    ///
    /// ```
    /// use mcrdun_dungeon::{LevelConfig, LevelKind};
    /// let c = LevelConfig::new(LevelKind::Cave, 60, 30);
    /// assert_eq!((c.kind(), c.width(), c.height()), (LevelKind::Cave, 60, 30));
    /// ```
    pub fn new(kind: LevelKind, width: u32, height: u32) -> LevelConfig {
        match kind {
            LevelKind::Bsp => LevelConfig::Bsp(BspConfig::new(width, height)),
            LevelKind::Scatter => LevelConfig::Scatter(ScatterConfig::new(width, height)),
            LevelKind::Maze => LevelConfig::Maze(MazeConfig::new(width, height)),
            LevelKind::Cave => LevelConfig::Cave(CaveConfig::new(width, height)),
            LevelKind::Passages => LevelConfig::Passages(PassagesConfig::new(width, height)),
            LevelKind::Drunkard => LevelConfig::Drunkard(DrunkardConfig::new(width, height)),
        }
    }

    /// Which pipeline these options are for.
    pub fn kind(&self) -> LevelKind {
        match self {
            LevelConfig::Bsp(_) => LevelKind::Bsp,
            LevelConfig::Scatter(_) => LevelKind::Scatter,
            LevelConfig::Maze(_) => LevelKind::Maze,
            LevelConfig::Cave(_) => LevelKind::Cave,
            LevelConfig::Passages(_) => LevelKind::Passages,
            LevelConfig::Drunkard(_) => LevelKind::Drunkard,
        }
    }

    /// The value of the option `name`: any option of this generator in
    /// [`crate::schema`], or `"width"` / `"height"`.
    ///
    /// # Errors
    /// [`LevelError::UnknownOption`] (which lists the valid names) when the
    /// generator has no such option.
    ///
    /// ```
    /// use mcrdun_dungeon::{LevelConfig, LevelKind};
    /// let c = LevelConfig::new(LevelKind::Cave, 60, 30);
    /// assert_eq!(c.get("cave_passes")?, 4.0);
    /// assert_eq!(c.get("width")?, 60.0);
    /// assert!(c.get("loops").is_err());
    /// # Ok::<(), mcrdun_dungeon::LevelError>(())
    /// ```
    pub fn get(&self, name: &str) -> Result<f64, LevelError> {
        let value = match name {
            "width" => Some(f64::from(self.width())),
            "height" => Some(f64::from(self.height())),
            _ => self.fields().read(name),
        };
        value.ok_or_else(|| self.unknown(name))
    }

    /// Sets the option `name` to `value`, checked against the option's
    /// spec in [`crate::schema`] (its range, and a whole number unless it
    /// is a real one); `"width"` and `"height"` take any whole number that
    /// fits a `u32` (the generator then judges the size).
    ///
    /// This is the one way options are set by name: the command line, the
    /// C options handle and the Python package all go through it.
    ///
    /// # Errors
    /// [`LevelError::UnknownOption`] listing the valid names, or
    /// [`LevelError::InvalidOption`] naming the option and its range; the
    /// config is then unchanged.
    ///
    /// ```
    /// use mcrdun_dungeon::{generate, LevelConfig, LevelKind};
    /// let mut c = LevelConfig::new(LevelKind::Bsp, 80, 50);
    /// c.set("min_room", 4.0)?;
    /// c.set("loops", 0.3)?;
    /// let e = c.set("loops", 1.5).unwrap_err();
    /// assert_eq!(e.to_string(), "invalid loops (--loops): 1.5 is not a number in [0, 1]");
    /// let e = c.set("lops", 0.3).unwrap_err();
    /// assert!(e.to_string().contains("depth, min_leaf_width"), "{e}");
    /// let level = generate(&c, 7)?;
    /// assert!(level.rooms().iter().all(|r| r.bounds.w() >= 4));
    /// # Ok::<(), mcrdun_dungeon::LevelError>(())
    /// ```
    pub fn set(&mut self, name: &str, value: f64) -> Result<(), LevelError> {
        if name == "width" || name == "height" {
            if !(value.is_finite()
                && value.fract() == 0.0
                && (0.0..=f64::from(u32::MAX)).contains(&value))
            {
                return Err(LevelError::InvalidOption {
                    name: if name == "width" { "width" } else { "height" },
                    reason: format!("{value} is not a whole number in 0..={}", u32::MAX),
                });
            }
            let (w, h) = (self.width(), self.height());
            let v = value as u32;
            self.set_size(
                if name == "width" { v } else { w },
                if name == "height" { v } else { h },
            );
            return Ok(());
        }
        let spec = schema::find(self.kind(), name).ok_or_else(|| self.unknown(name))?;
        spec.check(value)?;
        let written = self.fields_mut().write(name, value);
        debug_assert!(written, "schema option {name} has no field");
        Ok(())
    }

    /// Sets the option `name` from text: a number, or for a switch `true` /
    /// `false`, for a choice its name (see [`schema::OptionSpec::parse`]).
    ///
    /// # Errors
    /// As [`set`](Self::set), and for text that is no value of the option.
    ///
    /// ```
    /// use mcrdun_dungeon::{LevelConfig, LevelKind};
    /// let mut c = LevelConfig::new(LevelKind::Maze, 41, 31);
    /// c.set_text("maze_algorithm", "wilson")?;
    /// c.set_text("maze_pattern42", "true")?;
    /// assert_eq!((c.get("maze_algorithm")?, c.get("maze_pattern42")?), (3.0, 1.0));
    /// # Ok::<(), mcrdun_dungeon::LevelError>(())
    /// ```
    pub fn set_text(&mut self, name: &str, text: &str) -> Result<(), LevelError> {
        match schema::find(self.kind(), name) {
            Some(spec) => {
                let value = spec.parse(text)?;
                self.set(name, value)
            }
            None if name == "width" || name == "height" => {
                let value = text
                    .trim()
                    .parse::<u32>()
                    .map_err(|_| LevelError::InvalidOption {
                        name: if name == "width" { "width" } else { "height" },
                        reason: format!(
                            "{} is not a whole number in 0..={}",
                            schema::shown(text),
                            u32::MAX
                        ),
                    })?;
                self.set(name, f64::from(value))
            }
            None => Err(self.unknown(name)),
        }
    }

    /// Sets the map's size in tiles.
    pub fn set_size(&mut self, width: u32, height: u32) {
        match self {
            LevelConfig::Bsp(c) => (c.width, c.height) = (width, height),
            LevelConfig::Scatter(c) => (c.width, c.height) = (width, height),
            LevelConfig::Maze(c) => (c.width, c.height) = (width, height),
            LevelConfig::Cave(c) => (c.width, c.height) = (width, height),
            LevelConfig::Passages(c) => (c.width, c.height) = (width, height),
            LevelConfig::Drunkard(c) => (c.width, c.height) = (width, height),
        }
    }

    /// The level's own ceiling on its working memory in bytes (0: none; the
    /// process-wide memory limit applies, and `max_bytes` can only lower
    /// it).
    pub fn max_bytes(&self) -> u64 {
        match self {
            LevelConfig::Bsp(c) => c.max_bytes,
            LevelConfig::Scatter(c) => c.max_bytes,
            LevelConfig::Maze(c) => c.max_bytes,
            LevelConfig::Cave(c) => c.max_bytes,
            LevelConfig::Passages(c) => c.max_bytes,
            LevelConfig::Drunkard(c) => c.max_bytes,
        }
    }

    /// Sets the level's own ceiling on its working memory in bytes (0:
    /// none); it can only lower the process-wide memory limit.
    pub fn set_max_bytes(&mut self, max_bytes: u64) {
        match self {
            LevelConfig::Bsp(c) => c.max_bytes = max_bytes,
            LevelConfig::Scatter(c) => c.max_bytes = max_bytes,
            LevelConfig::Maze(c) => c.max_bytes = max_bytes,
            LevelConfig::Cave(c) => c.max_bytes = max_bytes,
            LevelConfig::Passages(c) => c.max_bytes = max_bytes,
            LevelConfig::Drunkard(c) => c.max_bytes = max_bytes,
        }
    }

    fn unknown(&self, name: &str) -> LevelError {
        LevelError::UnknownOption {
            kind: self.kind(),
            name: schema::shown(name),
        }
    }

    fn fields(&self) -> &dyn Options {
        match self {
            LevelConfig::Bsp(c) => c,
            LevelConfig::Scatter(c) => c,
            LevelConfig::Maze(c) => c,
            LevelConfig::Cave(c) => c,
            LevelConfig::Passages(c) => c,
            LevelConfig::Drunkard(c) => c,
        }
    }

    fn fields_mut(&mut self) -> &mut dyn Options {
        match self {
            LevelConfig::Bsp(c) => c,
            LevelConfig::Scatter(c) => c,
            LevelConfig::Maze(c) => c,
            LevelConfig::Cave(c) => c,
            LevelConfig::Passages(c) => c,
            LevelConfig::Drunkard(c) => c,
        }
    }

    /// The level's width in tiles.
    pub fn width(&self) -> u32 {
        match self {
            LevelConfig::Bsp(c) => c.width,
            LevelConfig::Scatter(c) => c.width,
            LevelConfig::Maze(c) => c.width,
            LevelConfig::Cave(c) => c.width,
            LevelConfig::Passages(c) => c.width,
            LevelConfig::Drunkard(c) => c.width,
        }
    }

    /// The level's height in tiles.
    pub fn height(&self) -> u32 {
        match self {
            LevelConfig::Bsp(c) => c.height,
            LevelConfig::Scatter(c) => c.height,
            LevelConfig::Maze(c) => c.height,
            LevelConfig::Cave(c) => c.height,
            LevelConfig::Passages(c) => c.height,
            LevelConfig::Drunkard(c) => c.height,
        }
    }
}

/// A config struct's options by name: what the `options!` list beside
/// each config struct generates, so that [`LevelConfig::get`] and
/// [`LevelConfig::set`] need no edit when an option is added.
pub(crate) trait Options {
    /// The value of the option `name`, `None` when the struct has none.
    fn read(&self, name: &str) -> Option<f64>;
    /// Writes an already checked `value`; false when there is no such option.
    fn write(&mut self, name: &str, value: f64) -> bool;
}

/// A config field that holds an option's value, as an `f64` and back. The
/// value written back has been checked against the option's spec.
pub(crate) trait OptionField: Copy {
    fn to_f64(self) -> f64;
    fn from_f64(value: f64) -> Self;
}

impl OptionField for u32 {
    fn to_f64(self) -> f64 {
        f64::from(self)
    }
    fn from_f64(value: f64) -> u32 {
        value as u32
    }
}

impl OptionField for f64 {
    fn to_f64(self) -> f64 {
        self
    }
    fn from_f64(value: f64) -> f64 {
        value
    }
}

impl OptionField for bool {
    fn to_f64(self) -> f64 {
        f64::from(u8::from(self))
    }
    fn from_f64(value: f64) -> bool {
        value != 0.0
    }
}

impl OptionField for crate::DrunkardStyle {
    fn to_f64(self) -> f64 {
        f64::from(self as u32)
    }
    fn from_f64(value: f64) -> crate::DrunkardStyle {
        crate::DrunkardStyle::ALL[value as usize]
    }
}

impl OptionField for crate::MazeAlgorithm {
    /// A growing-tree mix other than the numbered one (50% newest) reads
    /// as `growing-tree-mixed`.
    fn to_f64(self) -> f64 {
        let mixed = crate::MazeAlgorithm::ALL
            .iter()
            .position(|a| {
                matches!(
                    a,
                    mcrdun_carve::Algorithm::GrowingTree(
                        mcrdun_carve::GrowingTreeMode::Mixed { .. }
                    )
                )
            })
            .unwrap_or(0);
        f64::from(self.number().unwrap_or(mixed as u32))
    }
    fn from_f64(value: f64) -> crate::MazeAlgorithm {
        crate::MazeAlgorithm::ALL[value as usize]
    }
}

/// Lists a config struct's options: `options!(BspConfig { "depth" => depth,
/// ... })` implements [`Options`] for it.
macro_rules! options {
    ($config:ty { $($name:literal => $field:ident),* $(,)? }) => {
        impl crate::config::Options for $config {
            fn read(&self, name: &str) -> Option<f64> {
                match name {
                    $($name => Some(crate::config::OptionField::to_f64(self.$field)),)*
                    _ => None,
                }
            }
            fn write(&mut self, name: &str, value: f64) -> bool {
                match name {
                    $($name => {
                        self.$field = crate::config::OptionField::from_f64(value);
                        true
                    })*
                    _ => false,
                }
            }
        }
    };
}
pub(crate) use options;

/// Runs the pipeline `config` names with `seed`.
///
/// # Errors
/// The pipeline's [`LevelError`].
///
/// ```
/// use mcrdun_dungeon::{generate, LevelConfig, LevelKind};
/// for kind in LevelKind::ALL {
///     let level = generate(&LevelConfig::new(kind, 48, 32), 5)?;
///     assert_eq!(level.kind(), kind);
/// }
/// # Ok::<(), mcrdun_dungeon::LevelError>(())
/// ```
pub fn generate(config: &LevelConfig, seed: u64) -> Result<Level, LevelError> {
    match config {
        LevelConfig::Bsp(c) => bsp(c, seed),
        LevelConfig::Scatter(c) => scatter(c, seed),
        LevelConfig::Maze(c) => maze(c, seed),
        LevelConfig::Cave(c) => cave(c, seed),
        LevelConfig::Passages(c) => passages(c, seed),
        LevelConfig::Drunkard(c) => drunkard(c, seed),
    }
}

/// Runs the pipeline `config` names with `seed` and `vaults` (see
/// [`crate::vaults`]); with no vaults, the same level as [`generate`].
///
/// # Errors
/// The pipeline's [`LevelError`].
///
/// ```
/// use mcrdun_dungeon::{generate_with_vaults, LevelConfig, LevelKind};
/// let vaults = mcrdun_vaults::parse("vault v\ncount 1\nmap\n##!##\n#.x.#\n#####\nend\n", "v")
///     .unwrap();
/// let level = generate_with_vaults(&LevelConfig::new(LevelKind::Bsp, 60, 40), &vaults, 3)?;
/// assert_eq!((level.vaults().len(), level.markers()[0].label), (1, 'x'));
/// # Ok::<(), mcrdun_dungeon::LevelError>(())
/// ```
pub fn generate_with_vaults(
    config: &LevelConfig,
    vaults: &[crate::Vault],
    seed: u64,
) -> Result<Level, LevelError> {
    match config {
        LevelConfig::Bsp(c) => crate::bsp_with_vaults(c, vaults, seed),
        LevelConfig::Scatter(c) => crate::scatter_with_vaults(c, vaults, seed),
        LevelConfig::Cave(c) => crate::cave_with_vaults(c, vaults, seed),
        LevelConfig::Passages(c) => crate::passages_with_vaults(c, vaults, seed),
        LevelConfig::Drunkard(c) => crate::drunkard_with_vaults(c, vaults, seed),
        LevelConfig::Maze(c) => crate::maze_level_with_vaults(c, vaults, seed).map(|m| m.level),
    }
}
