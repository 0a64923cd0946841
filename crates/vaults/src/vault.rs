//! A parsed vault: its name, its map and its settings.

use crate::{Generators, Orientation, Shape};

/// One vault of a file: a name, a map of glyphs and its settings.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Vault {
    pub(crate) name: String,
    pub(crate) shape: Shape,
    pub(crate) weight: u32,
    pub(crate) min: u32,
    pub(crate) max: u32,
    pub(crate) rotate: bool,
    pub(crate) mirror: bool,
    pub(crate) generators: Generators,
    pub(crate) locked: bool,
    pub(crate) line: u32,
}

impl Vault {
    /// The vault's name, unique in its file.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The map as written (trimmed to the vault's tiles).
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The relative chance of this vault among the optional ones (1 to
    /// [`MAX_WEIGHT`](crate::MAX_WEIGHT); 1 unless set).
    pub fn weight(&self) -> u32 {
        self.weight
    }

    /// The least number per level; above 0 the vault is required (0 unless
    /// set).
    pub fn min(&self) -> u32 {
        self.min
    }

    /// The most per level, at least 1 (1 unless set).
    pub fn max(&self) -> u32 {
        self.max
    }

    /// Whether the level must hold at least one.
    pub fn is_required(&self) -> bool {
        self.min > 0
    }

    /// Whether the vault may be turned (yes unless set).
    pub fn may_rotate(&self) -> bool {
        self.rotate
    }

    /// Whether the vault may be mirrored (yes unless set).
    pub fn may_mirror(&self) -> bool {
        self.mirror
    }

    /// The generators that may place it (all unless set).
    pub fn generators(&self) -> Generators {
        self.generators
    }

    /// Whether every entrance of the vault is to be one lock of the level
    /// (`locked yes`; no unless set): the level places its key before it
    /// by the rules of its other keys (see `mcrdun-dungeon`'s locks stage).
    /// A locked vault never holds the up stairs.
    ///
    /// ```
    /// let text = "vault hoard\nlocked yes\nmap\n#!#\n#.#\n###\nend\n";
    /// let v = &mcrdun_vaults::parse(text, "f")?[0];
    /// assert!(v.is_locked());
    /// assert!(v.to_text().contains("\nlocked yes\n"));
    /// # Ok::<(), mcrdun_vaults::VaultError>(())
    /// ```
    pub fn is_locked(&self) -> bool {
        self.locked
    }

    /// The line of the file where the vault starts (its `vault` line).
    pub fn line(&self) -> u32 {
        self.line
    }

    /// Whether the map has a `<` (it then holds the level's up stairs).
    pub fn has_stairs_up(&self) -> bool {
        self.shape.glyphs().contains(&crate::Glyph::StairsUp)
    }

    /// Whether the map has a `>`.
    pub fn has_stairs_down(&self) -> bool {
        self.shape.glyphs().contains(&crate::Glyph::StairsDown)
    }

    /// The orientations the settings allow, the identity first: 8 with
    /// rotation and mirror, 4 with rotation only, 2 with mirror only, else
    /// 1. Turns that give the same map as an earlier one are left out.
    pub fn orientations(&self) -> Vec<Orientation> {
        let mut out: Vec<Orientation> = Vec::with_capacity(8);
        let mut seen: Vec<Shape> = Vec::with_capacity(8);
        for mirror in [false, true] {
            if mirror && !self.mirror {
                continue;
            }
            for turns in 0..4u8 {
                if turns > 0 && !self.rotate {
                    continue;
                }
                let o = Orientation { turns, mirror };
                let s = self.shape.oriented(o);
                if !seen.contains(&s) {
                    seen.push(s);
                    out.push(o);
                }
            }
        }
        out
    }

    /// The vault as file text that [`parse`](crate::parse) reads back to
    /// the same vault: every setting written out (`locked` only when yes),
    /// then the map.
    ///
    /// ```
    /// let v = &mcrdun_vaults::parse("vault nook\nmap\n#!#\n#.#\n###\nend\n", "f")?[0];
    /// assert_eq!(
    ///     v.to_text(),
    ///     "vault nook\nweight 1\ncount 0..1\nrotate yes\nmirror yes\ngenerators bsp scatter maze cave passages drunkard\nmap\n#!#\n#.#\n###\nend\n"
    /// );
    /// # Ok::<(), mcrdun_vaults::VaultError>(())
    /// ```
    pub fn to_text(&self) -> String {
        self.text_with(&self.shape)
    }

    /// As [`Vault::to_text`], with `shape` as the map.
    pub(crate) fn text_with(&self, shape: &Shape) -> String {
        let yes = |b: bool| if b { "yes" } else { "no" };
        format!(
            "vault {}\nweight {}\ncount {}..{}\nrotate {}\nmirror {}\ngenerators {}\n{}map\n{}end\n",
            self.name,
            self.weight,
            self.min,
            self.max,
            yes(self.rotate),
            yes(self.mirror),
            self.generators,
            if self.locked { "locked yes\n" } else { "" },
            shape
        )
    }

    /// The vault turned by `o`, as a vault of its own (same name and
    /// settings, the turned map): what a level places.
    pub fn oriented(&self, o: Orientation) -> Vault {
        Vault {
            shape: self.shape.oriented(o),
            ..self.clone()
        }
    }
}
