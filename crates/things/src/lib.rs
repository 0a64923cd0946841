//! Things placed by rule: spawn tables a game writes as plain text, and
//! the placement that puts the monsters, items, traps, chests and bosses
//! of a table on a map, every rule of every entry kept.
//!
//! A map is not yet a level: before a player starts, a game puts things
//! somewhere, and the rules decide whether the level plays well (nothing
//! next to the entrance, treasure far from the stairs and in dead ends,
//! hordes together, a boulder that never cuts the way). This crate reads
//! those rules ([`parse`]) and keeps them ([`place`]) on any walkable map
//! ([`PlaceMap`]): a level of `mcrdun-dungeon` (which runs this as a stage
//! after the level is finished) or a game's own.
//!
//! # The table format
//!
//! A table holds any number of entries. `thing NAME` starts one (a name of
//! 1 to 64 letters, digits, `_` or `-`, unique in the table); its settings
//! follow, one a line, until the next `thing`. Blank lines are skipped and
//! a word starting with `#` starts a comment to the end of the line. Every
//! setting is optional but `glyph`, and each is written at most once:
//!
//! | setting | meaning | default |
//! |---|---|---|
//! | `glyph C` | one printable ASCII character drawn in ASCII output; not one of the level's own ([`LEVEL_GLYPHS`]: `#` `.` `,` `+` `<` `>` `=` and the key `*`) nor another entry's | required |
//! | `weight W` | the entry's share of the optional things (see below), 1 to [`MAX_WEIGHT`] | 1 |
//! | `count MIN..MAX` or `count N` | how many on a level (groups, for a grouped entry); a MIN above 0 makes the entry required; `1 <= MAX <=` [`MAX_COUNT`] | `0..1` |
//! | `density MIN..MAX` or `density D` | instead of `count`: how many per 1000 walkable tiles of the map, at most 3 decimals, `0 < MAX <=` [`MAX_DENSITY`]; the counts are the densities times the tiles / 1000, rounded down | |
//! | `depth MIN..MAX`, `depth MIN..` or `depth N` | the dungeon depths where it appears (`MIN..`: from MIN down, up to [`MAX_DEPTH`]) (the caller gives the level's depth); elsewhere it places nothing | every depth |
//! | `where KIND...` | the kinds of place allowed, any of `room` (room floor; a cave's or maze's floor), `corridor`, `dead_end` (a walkable tile with one walkable 4-neighbour), `door_side` (room floor beside a door), `vault` (floor inside a placed vault), `marker X` (on a vault marker labelled X); or `anywhere` alone | `room` |
//! | `distance LO..HI` | walking distance from the up stairs, as a share of the farthest walkable tile's, `0 <= LO <= HI <= 1`, at most 6 decimals | `0..1` |
//! | `away N` | at least N steps (walking) from both stairs | 0 |
//! | `apart N` | at least N steps (walking) from every other thing of the entry, 1 to [`MAX_STEPS`] | 1 |
//! | `group MIN..MAX within N` | placed as groups (a horde) of MIN to MAX members, each at most N steps (walking) from the group's first; `count` counts groups | one by one |
//! | `blocks yes` | it blocks movement (a boulder, a statue): see the rules | `no` |
//!
//! A table, shortened from `examples/things/dungeon.things` (which the
//! tests place on every generator's levels):
//!
//! ```text
//! # Monsters by depth: rats early, goblins in the middle, trolls deep.
//! thing rat
//! glyph r
//! weight 4
//! count 2..6
//! depth 1..4
//! where room corridor
//! away 6                 # never next to the entrance
//!
//! thing goblins          # a horde: one or two groups of 3 to 5
//! glyph g
//! count 1..2
//! group 3..5 within 3
//! depth 2..8
//! distance 0.3..1
//!
//! thing chest            # in dead ends, far from the start
//! glyph C
//! count 1..3
//! where dead_end
//! distance 0.5..1
//! apart 10
//!
//! thing boss
//! glyph B
//! count 1
//! depth 5..
//! distance 0.85..1
//!
//! thing boulder
//! glyph 0
//! density 0.5..1.5
//! where room corridor
//! blocks yes
//! ```
//!
//! # What happens when settings meet
//!
//! Refused when the table is read, with the line and column: a glyph of
//! the level's or of another entry, a name used twice, `count 5..2`,
//! `distance 0.9..0.2`, `count` and `density` both, `anywhere` with other
//! kinds, a kind of place twice, a group whose least members cannot fit
//! within N steps (more than `2N² + 2N + 1`), and `apart` above a group's
//! `within` (apart holds between the members of a group too, so the
//! members could not stand within `within` of the first).
//!
//! Kept at placement, each as written: a `where` list allows a tile of any
//! of its kinds (a dead end of a room is `room` and `dead_end`); `distance`
//! and `away` both hold (a tile must meet both); `apart` holds between all
//! the things of the entry, its groups' members included. A density whose
//! count rounds down to 0 makes nothing required. Two tables placed
//! together are one list (the first one's entries first); their names and
//! glyphs must be unique across them ([`PlaceError::Clash`]).
//!
//! # Placement
//!
//! 1. The entries whose `depth` holds the level's depth take part. Each has
//!    its least and most count (a density times the walkable tiles).
//! 2. Required first: every entry's least count, entry by entry in table
//!    order. A required entry short of its least count is an error naming
//!    the entry and the rule it could not keep ([`PlaceError::Unplaced`]),
//!    never a silently short level.
//! 3. Then the optional things: every entry draws a number of extras in
//!    `0..=MAX-MIN`; their sum is the level's pool of optional things, dealt
//!    one at a time by weight among the entries still below their most.
//!    So weights decide the mix (two entries `count 0..10`, weights 5 and
//!    1: about 8 of the first and 2 of the second) and every count stays
//!    in its range. Each entry then places its extras (table order); an
//!    optional thing that finds no place is left out, and so are the rest
//!    of that entry's extras.
//! 4. An entry's things go on its candidate tiles (the tiles its
//!    `where`, `distance` and `away` allow), drawn at random; a tile is
//!    refused if a thing stands there, if it is within `apart - 1` steps
//!    of a thing of the entry, or, for a blocking thing, if it could cut
//!    the level. A group's first member is such a tile; its members are
//!    drawn among the candidate tiles within `within` steps of it, by the
//!    same checks, until the group's size (drawn in `MIN..=MAX`) is met; a
//!    group left below its least members is taken back and another first
//!    member is tried.
//!
//! Deterministic: the same map, tables, depth and random stream give the
//! same things, on every platform (integer arithmetic throughout; shares
//! are kept in millionths).
//!
//! ## The rules kept
//!
//! - A thing stands on room, corridor or vault floor ([`Spot::Room`],
//!   [`Spot::Corridor`], [`Spot::Vault`]) the up stairs reach, never on a
//!   wall, a door, a staircase, a required vault entrance, a locked door
//!   or a key ([`Spot::Door`], [`Spot::Closed`], [`Spot::Barrier`]); never
//!   two on a tile.
//! - Distances are walks of 4-connected steps over the map's walkable
//!   tiles, things ignored.
//! - A blocking thing keeps the level one walkable region without its
//!   tiles: it only stands where its walkable 4-neighbours are joined
//!   around it, through its 8 neighbours (a local test that never cuts a
//!   walk and refuses a few tiles that would not cut either, such as one
//!   in a 1-wide corridor ring). That walk never passes a
//!   [`Spot::Barrier`] (a locked door), and a barrier beside it counts as
//!   a neighbour to keep, so every stretch of the level between locked
//!   doors stays connected and every locked door stays reachable from each
//!   side: a level that was solvable stays solvable.
//!
//! Brogue weighs item places by the doors between them and the stairs;
//! this crate does not: `distance` (walking shares) and the kinds of place
//! (`dead_end`, `vault`, `marker`) say the same more directly, and a
//! door-count bias would be a second, weaker measure of the same depth.
//!
//! ## Cost
//!
//! Linear in the map's tiles plus the things, times small constants: one
//! breadth-first walk from the up stairs over the whole map (none when the
//! caller gives the walk, [`PlaceMap::with_distances`]: a level's
//! generator has it from placing the stairs) and, when an entry has
//! `away`, one from the down stairs bounded to the largest `away`; one
//! pass over the map in raster order that gives each tile its kinds of
//! place, the inside of each row without a branch on the tile, and reads
//! the distances only to check a caller's ([`PlaceMap::with_distances`])
//! or to leave out the tiles a walk did not reach (a walk that reaches
//! every walkable tile, placement's own or a caller's trusted one,
//! [`PlaceMap::with_trusted_walk`], also knows its farthest: its last
//! tile's); each kind's open tiles listed in raster order
//! (one pass over the kinds a kind, eight tiles at once where none has
//! it) and sorted stably by walking distance (a counting sort, so ties
//! stay in raster order). An entry's candidates are then the slices of its kinds' lists
//! within its distance shares (two binary searches a kind), drawn at
//! random by a partial shuffle of their positions that draws each at most
//! once and copies nothing (the positions it moved are kept aside until a
//! sixteenth of them has been drawn, then written out once), so an entry
//! costs the candidates it draws, not the map, and a tile's check is a
//! few comparisons. `apart N` stamps the tiles within `N - 1` steps of
//! each thing placed (a bounded breadth-first search, re-entering a tile
//! only when it comes nearer), so each check is one comparison; a group
//! searches the tiles within `within` steps of its first member. Both
//! bounds are at most [`MAX_STEPS`] = 255 steps, so these searches cost at
//! most a constant a thing (`2N² + 2N + 1` tiles). Working memory:
//! [`PLACE_BYTES_PER_TILE`] a tile and [`PLACE_BYTES_PER_THING`] a thing,
//! checked against the memory ceiling ([`mcrdun_geom::memory`]) before any
//! work; reading a table [`PARSE_BYTES_PER_TEXT_BYTE`] a byte of text, a
//! text above the ceiling refused before it is read.
//!
//! # Errors
//!
//! Every problem is data: a table that cannot be read is a [`TableError`]
//! (`file:line:column: expected ..., found ...`), placement that cannot
//! keep its rules a [`PlaceError`]. No input makes either panic.
//!
//! # Example
//!
//! ```
//! use mcrdun_things::{parse, place_seeded, Place, PlaceMap, Spot};
//! use mcrdun_geom::{Grid, Point};
//! // A room, a corridor and a dead end.
//! let rows = [
//!     "###########",
//!     "#.....#####",
//!     "#.....,,,,#",
//!     "#.....###,#",
//!     "#########,#",
//!     "###########",
//! ];
//! let spots = Grid::from_fn(11, 6, |p| match rows[p.y as usize].as_bytes()[p.x as usize] {
//!     b'.' => Spot::Room,
//!     b',' => Spot::Corridor,
//!     _ => Spot::Wall,
//! })?;
//! let map = PlaceMap::new(spots, Point::new(1, 1))?;
//! let table = parse(
//!     "thing chest\nglyph C\ncount 1\nwhere dead_end\n\
//!      thing rat\nglyph r\ncount 2\nwhere room\napart 3\n",
//!     "example.things",
//! )?;
//! let things = place_seeded(&map, &[table], 1, 42)?;
//! assert_eq!(things.len(), 3);
//! let chest = things.iter().find(|t| t.name == "chest").unwrap();
//! assert_eq!((chest.at, chest.place), (Point::new(9, 4), Place::DeadEnd));
//! assert_eq!(chest.distance, 11);
//! // A rule that cannot be kept names the entry and the rule.
//! let table = parse("thing boss\nglyph B\ncount 1\nwhere vault\n", "boss.things")?;
//! let e = place_seeded(&map, &[table], 1, 42).unwrap_err();
//! assert_eq!(
//!     e.to_string(),
//!     "thing `boss`: 0 of the 1 required placed: no free tile meets `where vault`"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]

mod error;
mod map;
mod parse;
mod place;
mod read;
mod table;

pub use error::{PlaceError, Rule, TableError};
pub use map::{NO_ROOM, PlaceMap, Spot, UNREACHED};
pub use parse::{
    LEVEL_GLYPHS, MAX_AWAY, MAX_COUNT, MAX_DENSITY, MAX_DEPTH, MAX_GROUP, MAX_NAME, MAX_STEPS,
    MAX_WEIGHT, PARSE_BYTES_PER_TEXT_BYTE, PARSE_FIXED_BYTES, parse, parse_bytes,
};
pub use place::{
    PLACE_BYTES_PER_THING, PLACE_BYTES_PER_TILE, PLACE_FIXED_BYTES, Thing, place, place_seeded,
};
pub use read::{FileError, READ_BYTES_PER_FILE_BYTE, read_file};
pub use table::{Amount, DENSITY_ONE, Entry, Group, Place, SHARE_ONE, Table};
