//! Vaults: hand-made rooms for mcrdun levels, written as plain text.
//!
//! A vault is a set piece a designer draws by hand (a shrine, a treasure
//! room behind one door, a boss arena, the stairs in a special room) and a
//! level generator places among its own rooms. This crate reads vault
//! files ([`parse`]), checks that every vault can be placed with the
//! level's rules kept, and turns and mirrors vault maps ([`Shape::oriented`]).
//! Placing them is `mcrdun-dungeon`'s job.
//!
//! # The file format
//!
//! A file holds any number of vaults. Each starts with `vault NAME`, has a
//! few settings (all optional), then its map between `map` and `end`:
//!
//! ```text
//! # A shrine: an altar (A) and two guards (g), one door in, and a second
//! # way in that the level may open or not.
//! vault shrine
//! weight 5            # relative chance among optional vaults (default 1)
//! count 0..2          # how many per level, MIN..MAX or N (default 0..1);
//!                     # a MIN above 0 makes the vault required
//! rotate yes          # may be turned by quarter turns (default yes)
//! mirror no           # may be mirrored (default yes)
//! generators bsp scatter passages cave maze   # or `all` (the default)
//! locked no           # yes: every entrance is one lock, its key placed before it (default no)
//! map
//!   ###!###
//!  ##.....##
//!  #g..A..g#
//!  ##.....##
//!   ###?###
//! end
//! ```
//!
//! Outside a map, blank lines are skipped and a word starting with `#`
//! starts a comment to the end of the line. Inside a map every character
//! is a glyph, and the line `end` (alone, spaces around it allowed) closes
//! the map:
//!
//! | glyph | meaning |
//! |---|---|
//! | `#` | wall |
//! | `.` | floor |
//! | `+` | a door that is always there, inside the vault |
//! | ` ` (space) | not part of the vault: the generator owns that tile (so vaults need not be rectangles; rows may be of any length) |
//! | `!` | a required entrance: a wall of the outline that the level turns into a door and reaches from the up stairs |
//! | `?` | an optional entrance: a door or wall, as the level likes |
//! | `<` `>` | floor with the level's up (down) staircase |
//! | any other letter or digit | floor with a marker: the game reads the label back with its position |
//!
//! Rows and columns made only of spaces are trimmed, so a map may be
//! indented. A map is at most [`MAX_SIDE`] tiles on a side.
//!
//! # Rules of a map
//!
//! A vault is refused, with the line and column of the offending glyph,
//! unless a level can hold it with all its rules kept:
//!
//! - every walkable tile (floor, door, stairs, marker) has vault tiles on
//!   all 8 sides: the vault is closed by its own walls;
//! - an entrance has walkable vault on exactly one side, the outside
//!   opposite it (the level's corridor starts there) and `#` on both
//!   flanks;
//! - a fixed door `+` is walkable on one axis with `#` on the other;
//! - no two doors or entrances are among each other's 8 neighbours;
//! - at most one `<` and one `>`, each with floor (or markers) on all 8
//!   sides, so the stairs stand inside a room as the level's stairs do;
//! - the walkable tiles are one region, and there is at least one entrance.
//!
//! Settings: `weight` 1 to [`MAX_WEIGHT`], `count` with `MIN <= MAX` and
//! `1 <= MAX <= ` [`MAX_COUNT`], `rotate`, `mirror` and `locked` `yes` or
//! `no`, each setting at most once, names unique in the file; a `locked
//! yes` vault holds no `<` (the player would start behind its lock).
//!
//! # Reading files
//!
//! [`read_file`] reads a vault file from a path, and is what every
//! program that takes a path uses (the `mcrdun` command does): it refuses
//! a file too large for the memory limit from its size, before reading
//! it, and reads with that cap. [`parse_bytes`] reads text that comes as
//! bytes (a C buffer). The text is UTF-8; a byte-order mark at its start
//! is skipped (editors on some systems write one), so columns count from
//! the character after it.
//!
//! # Errors
//!
//! Every problem is a [`VaultError`]. A problem inside the text names the
//! file, the line, the column (in characters, from 1; bytes that are not
//! UTF-8: the first one) and what was expected; no input makes the parser
//! panic (it is fuzzed). Its text reads `file:line:column: expected ...,
//! found ...`, with characters that do not show written as escapes. A
//! text too large for the memory limit, or a file that cannot be read, is
//! refused as a whole: the message names the file, its size and the
//! limit (or the system's reason), with no position.
//!
//! # Cost
//!
//! Linear in the text; a vault's checks are linear in its tiles. Working
//! memory: at most [`PARSE_BYTES_PER_TEXT_BYTE`] bytes a byte of text
//! ([`READ_BYTES_PER_FILE_BYTE`] for a file, its bytes included).
//!
//! ```
//! use mcrdun_vaults::{parse, Glyph, Orientation};
//! let text = [
//!     "# A shrine.",
//!     "vault shrine",
//!     "weight 5",
//!     "count 0..2",
//!     "mirror no   # the guards stand where they stand",
//!     "generators bsp scatter passages cave maze",
//!     "map",
//!     "  ###!###",
//!     " ##.....##",
//!     " #g..A..g#",
//!     " ##.....##",
//!     "  ###?###",
//!     "end",
//! ]
//! .join("\n");
//! let vaults = parse(&text, "shrine.vault")?;
//! let shrine = &vaults[0];
//! assert_eq!((shrine.name(), shrine.weight(), shrine.min(), shrine.max()), ("shrine", 5, 0, 2));
//! assert!(!shrine.is_required() && shrine.may_rotate() && !shrine.may_mirror());
//! let shape = shrine.shape();
//! assert_eq!((shape.width(), shape.height()), (9, 5));
//! assert_eq!(shape.get(0, 0), Glyph::Outside);
//! let markers: Vec<(char, (i32, i32))> = shape.markers().map(|(c, p)| (c, (p.x, p.y))).collect();
//! assert_eq!(markers, [('g', (1, 2)), ('A', (4, 2)), ('g', (7, 2))]);
//! // The shrine is symmetric under a half turn: two orientations differ.
//! assert_eq!(shrine.orientations().len(), 4);
//! let turned = shape.oriented(Orientation { turns: 1, mirror: false });
//! // A quarter turn clockwise: the optional entrance (bottom) comes left.
//! assert_eq!(turned.to_string().lines().nth(4), Some("?.A.!"));
//!
//! // A broken map: the error says where and what was expected.
//! let e = parse("vault bad\nmap\n#.#\n###\nend\n", "bad.vault").unwrap_err();
//! assert_eq!(e.position(), Some((3, 2)));
//! assert_eq!(
//!     e.to_string(),
//!     "bad.vault:3:2: expected wall around every walkable tile (the vault must be closed), found `.` next to the outside"
//! );
//! # Ok::<(), mcrdun_vaults::VaultError>(())
//! ```
#![forbid(unsafe_code)]

mod check;
mod error;
mod glyph;
mod parse;
mod read;
mod shape;
mod vault;

pub use error::VaultError;
pub use glyph::{Generators, Glyph};
pub use parse::{MAX_COUNT, MAX_SIDE, MAX_WEIGHT, PARSE_BYTES_PER_TEXT_BYTE, parse, parse_bytes};
pub use read::{READ_BYTES_PER_FILE_BYTE, read_file};
pub use shape::{Orientation, Shape};
pub use vault::Vault;
