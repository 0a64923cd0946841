//! The reader of spawn tables: line by line, an entry at a time.

use crate::TableError;
use crate::table::{Amount, DENSITY_ONE, Entry, Group, Place, SHARE_ONE, Table};
use std::collections::HashSet;

/// The largest `weight`.
pub const MAX_WEIGHT: u32 = 1_000_000;
/// The largest `count` maximum (things, or groups, per level).
pub const MAX_COUNT: u32 = 1_000_000;
/// The largest `density` maximum: one thing a tile (1000 per 1000 tiles).
pub const MAX_DENSITY: u32 = 1000;
/// The deepest `depth`.
pub const MAX_DEPTH: u32 = 1_000_000;
/// The largest `away`.
pub const MAX_AWAY: u32 = 1_000_000;
/// The largest `apart` and `within`: the placement's checks walk this
/// many steps around a thing, so their cost grows with its square.
pub const MAX_STEPS: u32 = 255;
/// The largest group (`group MIN..MAX`, MAX).
pub const MAX_GROUP: u32 = 1000;
/// The longest entry name.
pub const MAX_NAME: usize = 64;

/// The glyphs of the level itself, which no thing may take: wall `#`,
/// floor `.`, corridor `,`, door `+`, stairs `<` `>`, locked door `=`,
/// and a key `*` (the glyph a level draws on the tile of each lock's key).
pub const LEVEL_GLYPHS: [char; 8] = ['#', '.', ',', '+', '<', '>', '=', '*'];

/// The most working memory [`parse`] uses, in bytes a byte of text (the
/// entries, their names and kinds of place, the names and glyphs seen),
/// measured by `tests/memory.rs` (6.4 at worst). A text whose need passes
/// the memory limit is refused before it is read.
pub const PARSE_BYTES_PER_TEXT_BYTE: u64 = 32;

/// The fixed part of [`parse`]'s working memory, besides
/// [`PARSE_BYTES_PER_TEXT_BYTE`] a byte: the first entries' room and the
/// sets of names and glyphs (a table has at most 88 entries, one a glyph).
pub const PARSE_FIXED_BYTES: u64 = 16 << 10;

/// Where a setting was written: its line and the column of its value.
type At = (u32, u32);

/// The entry being read.
struct Draft<'t> {
    name: &'t str,
    line: u32,
    name_col: u32,
    glyph: Option<char>,
    weight: Option<u32>,
    amount: Option<(Amount, At)>,
    depth: Option<(u32, u32)>,
    places: Option<Vec<Place>>,
    distance: Option<(u32, u32)>,
    away: Option<u32>,
    apart: Option<(u32, At)>,
    group: Option<(Group, At)>,
    blocks: Option<bool>,
}

/// A problem on the current line: column, expected, found.
type LineError = (u32, String, String);

/// Reads the table in `text`; `file` names the text in errors.
///
/// # Errors
/// The first problem found, as a [`TableError`] with its line and column;
/// a text whose working memory ([`PARSE_FIXED_BYTES`] and
/// [`PARSE_BYTES_PER_TEXT_BYTE`] a byte) passes the memory ceiling is
/// refused before it is read (line 0, column 0).
///
/// ```
/// let table = mcrdun_things::parse("thing rat\nglyph r\ncount 2..4\n", "rats.things")?;
/// assert_eq!(table.entries()[0].name(), "rat");
/// let e = mcrdun_things::parse("thing rat\nglyph r\ncount 5..2\n", "rats.things").unwrap_err();
/// assert_eq!(
///     e.to_string(),
///     "rats.things:3:7: expected a count `N` or `MIN..MAX` with MIN <= MAX and 1 <= MAX <= 1000000, found `5..2`"
/// );
/// # Ok::<(), mcrdun_things::TableError>(())
/// ```
pub fn parse(text: &str, file: &str) -> Result<Table, TableError> {
    let err = |line: u32, column: u32, expected: &str, found: String| TableError {
        file: file.to_string(),
        line,
        column,
        expected: expected.to_string(),
        found,
    };
    let _budget = mcrdun_geom::memory::Budget::start();
    let need = (text.len() as u64)
        .saturating_mul(PARSE_BYTES_PER_TEXT_BYTE)
        .saturating_add(PARSE_FIXED_BYTES);
    if let Err(e) = mcrdun_geom::memory::check_bytes("spawn table text", need) {
        return Err(err(
            0,
            0,
            "a text whose table fits the memory limit",
            e.to_string(),
        ));
    }
    let mut entries: Vec<Entry> = Vec::new();
    let mut names: HashSet<&str> = HashSet::new();
    let mut glyphs: HashSet<char> = HashSet::new();
    let mut draft: Option<Draft<'_>> = None;
    for (i, raw) in text.split('\n').enumerate() {
        let n = u32::try_from(i + 1).unwrap_or(u32::MAX);
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        let words = words(line);
        let Some(&(at, key)) = words.first() else {
            continue;
        };
        let column = column_of(line, at);
        if key == "thing" {
            if let Some(d) = draft.take() {
                entries.push(finish(d).map_err(|(l, c, e, f)| err(l, c, &e, f))?);
            }
            let d = start(&words, line, n).map_err(|(c, e, f)| err(n, c, &e, f))?;
            if !names.insert(d.name) {
                return Err(err(
                    n,
                    d.name_col,
                    "a name not used before in the table",
                    format!("`{}` again", d.name),
                ));
            }
            draft = Some(d);
            continue;
        }
        let Some(d) = draft.as_mut() else {
            return Err(err(n, column, "`thing NAME`", shown(key)));
        };
        setting(d, &words, line, n, &mut glyphs).map_err(|(c, e, f)| err(n, c, &e, f))?;
    }
    if let Some(d) = draft.take() {
        entries.push(finish(d).map_err(|(l, c, e, f)| err(l, c, &e, f))?);
    }
    Ok(Table { entries })
}

/// Reads the table in `bytes`: [`parse`] after the memory check (before
/// anything is read) and a check that the bytes are UTF-8, which names the
/// line and column (in characters, from 1) of the first byte that is not;
/// a byte-order mark at the start is skipped. The one reader of table
/// bytes (the command's files and the C ABI's text).
///
/// # Errors
/// As [`parse`], and a [`TableError`] for bytes that are not UTF-8.
///
/// ```
/// let e = mcrdun_things::parse_bytes(b"thing r\xe9\n", "t").unwrap_err();
/// assert_eq!(e.to_string(), "t:1:8: expected UTF-8 text, found the byte 0xE9");
/// assert!(mcrdun_things::parse_bytes(b"\xef\xbb\xbfthing r\nglyph r\n", "t").is_ok());
/// ```
pub fn parse_bytes(bytes: &[u8], file: &str) -> Result<Table, TableError> {
    let need = (bytes.len() as u64)
        .saturating_mul(PARSE_BYTES_PER_TEXT_BYTE)
        .saturating_add(PARSE_FIXED_BYTES);
    if let Err(e) = mcrdun_geom::memory::check_bytes("spawn table text", need) {
        return Err(TableError {
            file: file.to_string(),
            line: 0,
            column: 0,
            expected: "a text whose table fits the memory limit".into(),
            found: e.to_string(),
        });
    }
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let text = match mcrdun_geom::text::utf8(bytes) {
        Ok(t) => t,
        Err(bad) => {
            return Err(TableError {
                file: file.to_string(),
                line: bad.line,
                column: bad.column,
                expected: "UTF-8 text".into(),
                found: format!("the byte 0x{:02X}", bad.byte),
            });
        }
    };
    parse(text, file)
}

use mcrdun_geom::text::{column_of, words};

/// A shortened, quoted copy of what was found, for messages.
fn shown(s: &str) -> String {
    let short: String = s.chars().take(40).collect();
    if short.len() < s.len() {
        format!("`{short}...`")
    } else {
        format!("`{short}`")
    }
}

/// The `thing NAME` line.
fn start<'t>(words: &[(usize, &'t str)], line: &str, n: u32) -> Result<Draft<'t>, LineError> {
    let expected = "a name of 1 to 64 letters, digits, `_` or `-`";
    let Some(&(at, name)) = words.get(1) else {
        return Err((
            column_of(line, line.len()),
            expected.into(),
            "the end of the line".into(),
        ));
    };
    let name_ok = name.len() <= MAX_NAME
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if !name_ok {
        return Err((column_of(line, at), expected.into(), shown(name)));
    }
    if let Some(&(at, extra)) = words.get(2) {
        return Err((
            column_of(line, at),
            "the end of the line".into(),
            shown(extra),
        ));
    }
    Ok(Draft {
        name,
        line: n,
        name_col: column_of(line, at),
        glyph: None,
        weight: None,
        amount: None,
        depth: None,
        places: None,
        distance: None,
        away: None,
        apart: None,
        group: None,
        blocks: None,
    })
}

/// A setting line of the entry `d`.
fn setting(
    d: &mut Draft<'_>,
    words: &[(usize, &str)],
    line: &str,
    n: u32,
    glyphs: &mut HashSet<char>,
) -> Result<(), LineError> {
    let (at, key) = words[0];
    let key_col = column_of(line, at);
    let end_col = column_of(line, line.trim_end().len());
    let value = words.get(1).copied();
    let value_col = value.map_or(end_col, |(at, _)| column_of(line, at));
    let one_value = |expected: &str| -> Result<&str, LineError> {
        let Some((_, v)) = value else {
            return Err((value_col, expected.into(), "the end of the line".into()));
        };
        if let Some(&(at, extra)) = words.get(2) {
            return Err((
                column_of(line, at),
                "the end of the line".into(),
                shown(extra),
            ));
        }
        Ok(v)
    };
    let again = || {
        (
            key_col,
            format!("`{key}` once per thing"),
            format!("a second `{key}`"),
        )
    };
    match key {
        "glyph" => {
            let expected = "one printable ASCII character that is not one of the level's own (`#` `.` `,` `+` `<` `>` `=` `*`) nor another thing's";
            let v = one_value(expected)?;
            let mut chars = v.chars();
            let c = match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_graphic() && !LEVEL_GLYPHS.contains(&c) => c,
                _ => return Err((value_col, expected.into(), shown(v))),
            };
            if d.glyph.is_some() {
                return Err(again());
            }
            if !glyphs.insert(c) {
                return Err((
                    value_col,
                    expected.into(),
                    format!("`{c}`, another thing's glyph"),
                ));
            }
            d.glyph = Some(c);
        }
        "weight" => {
            let expected = format!("a whole number from 1 to {MAX_WEIGHT}");
            let v = one_value(&expected)?;
            let w = number(v).filter(|w| (1..=MAX_WEIGHT).contains(w));
            let w = w.ok_or_else(|| (value_col, expected.clone(), shown(v)))?;
            if d.weight.replace(w).is_some() {
                return Err(again());
            }
        }
        "count" | "density" => {
            let amount = if key == "count" {
                let expected = format!(
                    "a count `N` or `MIN..MAX` with MIN <= MAX and 1 <= MAX <= {MAX_COUNT}"
                );
                let v = one_value(&expected)?;
                let (min, max) = range(v, number)
                    .filter(|&(lo, hi)| lo <= hi && (1..=MAX_COUNT).contains(&hi))
                    .ok_or_else(|| (value_col, expected.clone(), shown(v)))?;
                Amount::Count { min, max }
            } else {
                let expected = format!(
                    "a density `D` or `MIN..MAX` (things per 1000 walkable tiles, at most 3 decimals) with MIN <= MAX and 0 < MAX <= {MAX_DENSITY}"
                );
                let v = one_value(&expected)?;
                let (min, max) = range(v, |s| decimal(s, DENSITY_ONE))
                    .filter(|&(lo, hi)| lo <= hi && hi > 0 && hi <= MAX_DENSITY * DENSITY_ONE)
                    .ok_or_else(|| (value_col, expected.clone(), shown(v)))?;
                Amount::Density { min, max }
            };
            match d.amount {
                Some((Amount::Count { .. }, _)) if key == "density" => {
                    return Err((
                        key_col,
                        "`count` or `density`, not both".into(),
                        "`density` after `count`".into(),
                    ));
                }
                Some((Amount::Density { .. }, _)) if key == "count" => {
                    return Err((
                        key_col,
                        "`count` or `density`, not both".into(),
                        "`count` after `density`".into(),
                    ));
                }
                Some(_) => return Err(again()),
                None => d.amount = Some((amount, (n, value_col))),
            }
        }
        "depth" => {
            let expected =
                format!("a depth `N`, `MIN..` or `MIN..MAX` with MIN <= MAX <= {MAX_DEPTH}");
            let v = one_value(&expected)?;
            let open = v
                .strip_suffix("..")
                .and_then(number)
                .map(|lo| (lo, MAX_DEPTH));
            let r = open
                .or_else(|| range(v, number))
                .filter(|&(lo, hi)| lo <= hi && hi <= MAX_DEPTH)
                .ok_or_else(|| (value_col, expected.clone(), shown(v)))?;
            if d.depth.replace(r).is_some() {
                return Err(again());
            }
        }
        "where" => {
            let p = places(&words[1..], line, end_col)?;
            if d.places.replace(p).is_some() {
                return Err(again());
            }
        }
        "distance" => {
            let expected = "shares `LO..HI` of the farthest walk, with 0 <= LO <= HI <= 1 (at most 6 decimals)";
            let v = one_value(expected)?;
            let r = v
                .split_once("..")
                .and_then(|(a, b)| Some((decimal(a, SHARE_ONE)?, decimal(b, SHARE_ONE)?)))
                .filter(|&(lo, hi)| lo <= hi && hi <= SHARE_ONE)
                .ok_or_else(|| (value_col, expected.to_string(), shown(v)))?;
            if d.distance.replace(r).is_some() {
                return Err(again());
            }
        }
        "away" => {
            let expected = format!("a whole number of steps from 0 to {MAX_AWAY}");
            let v = one_value(&expected)?;
            let a = number(v)
                .filter(|&a| a <= MAX_AWAY)
                .ok_or_else(|| (value_col, expected.clone(), shown(v)))?;
            if d.away.replace(a).is_some() {
                return Err(again());
            }
        }
        "apart" => {
            let expected = format!("a whole number of steps from 1 to {MAX_STEPS}");
            let v = one_value(&expected)?;
            let a = number(v)
                .filter(|a| (1..=MAX_STEPS).contains(a))
                .ok_or_else(|| (value_col, expected.clone(), shown(v)))?;
            if d.apart.replace((a, (n, value_col))).is_some() {
                return Err(again());
            }
        }
        "group" => {
            let g = group(words, line, end_col)?;
            if d.group.replace((g, (n, value_col))).is_some() {
                return Err(again());
            }
        }
        "blocks" => {
            let v = one_value("`yes` or `no`")?;
            let b = match v {
                "yes" => true,
                "no" => false,
                _ => return Err((value_col, "`yes` or `no`".into(), shown(v))),
            };
            if d.blocks.replace(b).is_some() {
                return Err(again());
            }
        }
        _ => {
            return Err((
                key_col,
                "a setting (`glyph`, `weight`, `count`, `density`, `depth`, `where`, `distance`, `away`, `apart`, `group`, `blocks`) or `thing NAME`".into(),
                shown(key),
            ));
        }
    }
    Ok(())
}

/// The kinds of place after `where`.
fn places(words: &[(usize, &str)], line: &str, end_col: u32) -> Result<Vec<Place>, LineError> {
    let expected = "kinds of place (`room`, `corridor`, `dead_end`, `door_side`, `vault`, `marker X`) or `anywhere`";
    if words.is_empty() {
        return Err((end_col, expected.into(), "the end of the line".into()));
    }
    let mut out: Vec<Place> = Vec::new();
    let mut anywhere = None;
    let mut i = 0;
    while i < words.len() {
        let (at, w) = words[i];
        let col = column_of(line, at);
        let p = match w {
            "anywhere" => {
                anywhere = Some(col);
                i += 1;
                continue;
            }
            "room" => Place::Room,
            "corridor" => Place::Corridor,
            "dead_end" => Place::DeadEnd,
            "door_side" => Place::DoorSide,
            "vault" => Place::Vault,
            "marker" => {
                let label_expected = "a marker's label (one letter or digit) after `marker`";
                let Some(&(lat, label)) = words.get(i + 1) else {
                    return Err((end_col, label_expected.into(), "the end of the line".into()));
                };
                let mut cs = label.chars();
                match (cs.next(), cs.next()) {
                    (Some(c), None) if c.is_ascii_alphanumeric() => {
                        i += 1;
                        Place::Marker(c)
                    }
                    _ => {
                        return Err((column_of(line, lat), label_expected.into(), shown(label)));
                    }
                }
            }
            _ => return Err((col, expected.into(), shown(w))),
        };
        if out.contains(&p) {
            return Err((
                col,
                "each kind of place once".into(),
                format!("`{p}` again"),
            ));
        }
        out.push(p);
        i += 1;
    }
    if let Some(col) = anywhere
        && (!out.is_empty() || words.len() > 1)
    {
        return Err((
            col,
            "`anywhere` alone (it already allows every kind of place)".into(),
            "`anywhere` with other kinds".into(),
        ));
    }
    Ok(out)
}

/// `group MIN..MAX within N`.
fn group(words: &[(usize, &str)], line: &str, end_col: u32) -> Result<Group, LineError> {
    let expected = format!(
        "`group MIN..MAX within N` with 1 <= MIN <= MAX <= {MAX_GROUP} and 1 <= N <= {MAX_STEPS}"
    );
    let at = |k: usize| words.get(k).map_or(end_col, |&(a, _)| column_of(line, a));
    let word = |k: usize| words.get(k).map(|&(_, w)| w);
    let found = |k: usize| word(k).map_or("the end of the line".to_string(), shown);
    let (min, max) = word(1)
        .and_then(|v| range(v, number))
        .filter(|&(lo, hi)| 1 <= lo && lo <= hi && hi <= MAX_GROUP)
        .ok_or_else(|| (at(1), expected.clone(), found(1)))?;
    if word(2) != Some("within") {
        return Err((at(2), "`within N` after the group's size".into(), found(2)));
    }
    let within = word(3)
        .and_then(number)
        .filter(|w| (1..=MAX_STEPS).contains(w))
        .ok_or_else(|| (at(3), expected.clone(), found(3)))?;
    if words.len() > 4 {
        return Err((at(4), "the end of the line".into(), found(4)));
    }
    // The tiles within N steps of the first: at most 2N^2 + 2N + 1.
    let most = 2 * u64::from(within) * u64::from(within) + 2 * u64::from(within) + 1;
    if u64::from(min) > most {
        return Err((
            at(1),
            format!("at most {most} members (the tiles within {within} steps of the first)"),
            format!("a group of at least {min}"),
        ));
    }
    Ok(Group { min, max, within })
}

/// A whole number of at most 9 digits.
fn number(s: &str) -> Option<u32> {
    if s.is_empty() || s.len() > 9 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// A decimal with at most as many decimals as `one` has zeros, scaled by
/// `one`: `0.25` with `one = 1_000_000` is `250_000`. At most 9 digits
/// before the point; the result must fit a `u32`.
fn decimal(s: &str, one: u32) -> Option<u32> {
    let (whole, frac) = s.split_once('.').unwrap_or((s, ""));
    let places = one.ilog10() as usize;
    if whole.is_empty() && frac.is_empty() {
        return None;
    }
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !digits(frac) || whole.len() > 9 || frac.len() > places {
        return None;
    }
    if s.contains('.') && frac.is_empty() {
        return None;
    }
    let w: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let mut f: u64 = if frac.is_empty() {
        0
    } else {
        frac.parse().ok()?
    };
    for _ in frac.len()..places {
        f *= 10;
    }
    u32::try_from(w.checked_mul(u64::from(one))?.checked_add(f)?).ok()
}

/// `N` (as `N..N`) or `LO..HI`, each read by `one`.
fn range(s: &str, one: impl Fn(&str) -> Option<u32>) -> Option<(u32, u32)> {
    match s.split_once("..") {
        Some((a, b)) => Some((one(a)?, one(b)?)),
        None => {
            let v = one(s)?;
            Some((v, v))
        }
    }
}

/// The entry of a complete draft, with the checks between its settings.
fn finish(d: Draft<'_>) -> Result<Entry, (u32, u32, String, String)> {
    let Some(glyph) = d.glyph else {
        return Err((
            d.line,
            d.name_col,
            format!("a `glyph` for thing `{}`", d.name),
            "none".into(),
        ));
    };
    let apart = d.apart.map_or(1, |(a, _)| a);
    if let (Some((g, _)), Some((a, (line, col)))) = (d.group, d.apart)
        && g.max >= 2
        && a > g.within
    {
        return Err((
            line,
            col,
            format!(
                "`apart` at most the group's `within {}` (members stand within {} steps of the first, and apart holds between members too)",
                g.within, g.within
            ),
            format!("`apart {a}`"),
        ));
    }
    Ok(Entry {
        name: d.name.to_string(),
        glyph,
        weight: d.weight.unwrap_or(1),
        amount: d
            .amount
            .map_or(Amount::Count { min: 0, max: 1 }, |(a, _)| a),
        depth: d.depth.unwrap_or((0, MAX_DEPTH)),
        places: d.places.unwrap_or_else(|| vec![Place::Room]),
        distance: d.distance.unwrap_or((0, SHARE_ONE)),
        away: d.away.unwrap_or(0),
        apart,
        group: d.group.map(|(g, _)| g),
        blocks: d.blocks.unwrap_or(false),
        line: d.line,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_read() {
        assert_eq!(decimal("0.25", SHARE_ONE), Some(250_000));
        assert_eq!(decimal(".5", SHARE_ONE), Some(500_000));
        assert_eq!(decimal("1", SHARE_ONE), Some(1_000_000));
        assert_eq!(decimal("0.1234567", SHARE_ONE), None);
        assert_eq!(decimal("1.", SHARE_ONE), None);
        assert_eq!(decimal(".", SHARE_ONE), None);
        assert_eq!(decimal("", SHARE_ONE), None);
        assert_eq!(decimal("-1", SHARE_ONE), None);
        assert_eq!(decimal("2.5", DENSITY_ONE), Some(2500));
        assert_eq!(decimal("999999999", SHARE_ONE), None);
        assert_eq!(decimal("1000", DENSITY_ONE), Some(1_000_000));
    }

    #[test]
    fn ranges_read() {
        assert_eq!(range("3", number), Some((3, 3)));
        assert_eq!(range("2..5", number), Some((2, 5)));
        assert_eq!(range("2..", number), None);
        assert_eq!(range("..5", number), None);
        assert_eq!(range("a..5", number), None);
        assert_eq!(number("1234567890"), None);
        assert_eq!(number(""), None);
    }
}
