//! One configuration type for every pipeline, for callers that choose the
//! generator at run time (the C ABI, the command line).

use crate::{
    BspConfig, CaveConfig, Level, LevelError, LevelKind, MazeConfig, PassagesConfig, ScatterConfig,
    bsp, cave, maze, passages, scatter,
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
            LevelKind::Bsp => LevelConfig::Bsp(BspConfig {
                width,
                height,
                ..BspConfig::default()
            }),
            LevelKind::Scatter => LevelConfig::Scatter(ScatterConfig {
                width,
                height,
                ..ScatterConfig::default()
            }),
            LevelKind::Maze => LevelConfig::Maze(MazeConfig {
                width,
                height,
                ..MazeConfig::default()
            }),
            LevelKind::Cave => LevelConfig::Cave(CaveConfig {
                width,
                height,
                ..CaveConfig::default()
            }),
            LevelKind::Passages => LevelConfig::Passages(PassagesConfig {
                width,
                height,
                ..PassagesConfig::default()
            }),
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
        }
    }

    /// The value of the option named `name` in the schema
    /// ([`crate::schema::OPTIONS`]), `None` when this generator has no such
    /// option.
    ///
    /// ```
    /// use mcrdun_dungeon::{LevelConfig, LevelKind};
    /// let c = LevelConfig::new(LevelKind::Cave, 60, 30);
    /// assert_eq!(c.option("cave_passes"), Some(4.0));
    /// assert_eq!(c.option("loops"), None);
    /// ```
    pub fn option(&self, name: &str) -> Option<f64> {
        Some(match (self, name) {
            (LevelConfig::Bsp(c), "depth") => f64::from(c.depth),
            (LevelConfig::Bsp(c), "min_leaf_width") => f64::from(c.min_leaf_width),
            (LevelConfig::Bsp(c), "min_leaf_height") => f64::from(c.min_leaf_height),
            (LevelConfig::Bsp(c), "min_room") => f64::from(c.min_room),
            (LevelConfig::Bsp(c), "loops") => c.loops,
            (LevelConfig::Bsp(c), "loop_factor") => f64::from(c.loop_factor),
            (LevelConfig::Scatter(c), "rooms") => f64::from(c.rooms),
            (LevelConfig::Scatter(c), "min_room") => f64::from(c.min_room),
            (LevelConfig::Scatter(c), "max_room") => f64::from(c.max_room),
            (LevelConfig::Scatter(c), "loops") => c.loops,
            (LevelConfig::Scatter(c), "loop_factor") => f64::from(c.loop_factor),
            (LevelConfig::Maze(c), "maze_algorithm") => f64::from(c.algorithm.number()?),
            (LevelConfig::Maze(c), "maze_braid") => c.braid,
            (LevelConfig::Maze(c), "maze_pattern42") => f64::from(u8::from(c.pattern42)),
            (LevelConfig::Cave(c), "cave_fill") => c.fill,
            (LevelConfig::Cave(c), "cave_passes") => f64::from(c.passes),
            (LevelConfig::Passages(c), "rooms") => f64::from(c.rooms),
            (LevelConfig::Passages(c), "loops") => c.loops,
            (LevelConfig::Passages(c), "loop_factor") => f64::from(c.loop_factor),
            _ => return None,
        })
    }

    /// The level's width in tiles.
    pub fn width(&self) -> u32 {
        match self {
            LevelConfig::Bsp(c) => c.width,
            LevelConfig::Scatter(c) => c.width,
            LevelConfig::Maze(c) => c.width,
            LevelConfig::Cave(c) => c.width,
            LevelConfig::Passages(c) => c.width,
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
        }
    }
}

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
    }
}
