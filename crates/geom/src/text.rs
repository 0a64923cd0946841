//! Text files read within the memory ceiling: the one reader behind every
//! format of the workspace that a program reads from a path (vault files,
//! spawn tables), so that each refuses a file too large for the ceiling
//! before reading it, reads no further than the ceiling whatever the
//! file's size said, and names the line and column
//! of the first byte that is not UTF-8 in the same way.
//!
//! ```
//! use mcrdun_geom::text::{read_capped, utf8, ReadError};
//! let dir = std::env::temp_dir().join(format!("mcrdun-text-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("t.txt");
//! std::fs::write(&path, b"\xef\xbb\xbfone\ntw\xffo\n").unwrap();
//! let bytes = read_capped(&path, 10, 0).unwrap();
//! let bad = utf8(&bytes).unwrap_err();
//! assert_eq!((bad.line, bad.column, bad.byte), (2, 3, 0xFF));
//! {
//!     // 12 bytes at 10 bytes a byte need 120 bytes: refused unread.
//!     let _small = mcrdun_geom::memory::Budget::start_with(100);
//!     let e = read_capped(&path, 10, 0).unwrap_err();
//!     assert!(matches!(e, ReadError::TooLarge { bytes: 12, needed: 120, limit: 100 }), "{e:?}");
//! }
//! assert!(matches!(read_capped(&dir.join("none"), 1, 0), Err(ReadError::Unreadable { .. })));
//! assert_eq!(utf8(b"\xef\xbb\xbfabc"), Ok("\u{feff}abc"));
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

use crate::memory::call_limit;
use std::io::Read;
use std::path::Path;

/// Why [`read_capped`] read nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The file could not be opened or read: the system's reason.
    Unreadable {
        /// The system's message.
        reason: String,
    },
    /// Reading it would pass the memory ceiling.
    TooLarge {
        /// The file's bytes (as far as they were read).
        bytes: u64,
        /// The working memory they need.
        needed: u64,
        /// The ceiling ([`call_limit`]).
        limit: u64,
    },
}

/// The bytes of the file at `path`, for a reader that needs `bytes_each`
/// bytes of working memory a byte of file and `fixed` bytes besides: a
/// file whose need passes the memory ceiling ([`call_limit`]) is refused
/// from its size before it is read, and it is read no further than the
/// ceiling allows, so a file larger than its metadata said (a pipe, a
/// file still growing) is refused as soon as it passes it. The buffer is
/// reserved once, fallibly.
///
/// # Errors
/// [`ReadError::Unreadable`] for a file that cannot be opened or read,
/// [`ReadError::TooLarge`] above the ceiling.
pub fn read_capped(path: &Path, bytes_each: u64, fixed: u64) -> Result<Vec<u8>, ReadError> {
    let limit = call_limit();
    let need = |bytes: u64| bytes.saturating_mul(bytes_each).saturating_add(fixed);
    let too_large = |bytes: u64| ReadError::TooLarge {
        bytes,
        needed: need(bytes),
        limit,
    };
    let unreadable = |e: std::io::Error| ReadError::Unreadable {
        reason: e.to_string(),
    };
    // The largest file whose reading fits the ceiling.
    let most = limit.saturating_sub(fixed) / bytes_each.max(1);
    let file = std::fs::File::open(path).map_err(unreadable)?;
    let size = file.metadata().map_or(0, |m| m.len());
    if need(size) > limit {
        return Err(too_large(size));
    }
    let mut bytes = Vec::new();
    // `size` fits the ceiling; one byte more lets the read find the end
    // without growing the buffer.
    let expected = usize::try_from(size.saturating_add(1)).unwrap_or(usize::MAX);
    bytes
        .try_reserve_exact(expected)
        .map_err(|_| too_large(size))?;
    file.take(most.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(unreadable)?;
    if need(bytes.len() as u64) > limit {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

/// Where [`utf8`] found a byte that is not UTF-8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadByte {
    /// Its line, from 1.
    pub line: u32,
    /// Its column in characters, from 1 (a byte-order mark is none).
    pub column: u32,
    /// The byte.
    pub byte: u8,
}

/// The text of `bytes` as it is (a byte-order mark at the start kept:
/// each format says what it does with one).
///
/// # Errors
/// [`BadByte`]: the line, column and value of the first byte that is not
/// UTF-8 (a byte-order mark at the start is not a column).
pub fn utf8(bytes: &[u8]) -> Result<&str, BadByte> {
    core::str::from_utf8(bytes).map_err(|e| {
        let good = &bytes[..e.valid_up_to()];
        let start = good.iter().rposition(|&b| b == b'\n').map_or(0, |k| k + 1);
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        // The bytes before the bad one are valid UTF-8.
        let mut head = core::str::from_utf8(&good[start..]).unwrap_or_default();
        if start == 0 {
            head = head.strip_prefix('\u{feff}').unwrap_or(head);
        }
        let column = head.chars().count() + 1;
        BadByte {
            line: u32::try_from(line).unwrap_or(u32::MAX),
            column: u32::try_from(column).unwrap_or(u32::MAX),
            byte: bytes[e.valid_up_to()],
        }
    })
}

/// The words of a line of a text format (runs of characters that are not
/// whitespace) with their byte offsets, up to a comment: a word starting
/// with `#` and everything after it. The vault and spawn-table formats
/// split their lines so.
///
/// ```
/// use mcrdun_geom::text::{column_of, words};
/// let line = "count  1..2 # two at most";
/// assert_eq!(words(line), [(0, "count"), (7, "1..2")]);
/// assert_eq!(column_of("é x", 3), 3);
/// ```
pub fn words(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((s, &line[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, &line[s..]));
    }
    if let Some(k) = out.iter().position(|(_, w)| w.starts_with('#')) {
        out.truncate(k);
    }
    out
}

/// The column (in characters, from 1) of byte offset `at` of `line`.
pub fn column_of(line: &str, at: usize) -> u32 {
    let chars = line.get(..at).map_or(0, |s| s.chars().count());
    u32::try_from(chars + 1).unwrap_or(u32::MAX)
}
