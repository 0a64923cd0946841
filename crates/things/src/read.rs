//! Spawn-table files read from disk within the memory ceiling.

use crate::{PARSE_BYTES_PER_TEXT_BYTE, PARSE_FIXED_BYTES, Table, TableError, parse_bytes};
use core::fmt;
use mcrdun_geom::text::ReadError;
use std::path::Path;

/// The most working memory [`read_file`] uses, in bytes a byte of file,
/// besides [`PARSE_FIXED_BYTES`]: the file's bytes (1) and the parser's
/// ([`PARSE_BYTES_PER_TEXT_BYTE`]). A file whose need passes the memory
/// ceiling is refused before it is read.
pub const READ_BYTES_PER_FILE_BYTE: u64 = PARSE_BYTES_PER_TEXT_BYTE + 1;

/// Why [`read_file`] read no table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileError {
    /// The file could not be opened or read.
    Unreadable {
        /// The file, as `path.display()`.
        file: String,
        /// The system's message.
        reason: String,
    },
    /// Reading it would pass the memory ceiling
    /// ([`mcrdun_geom::memory::call_limit`]); nothing was read past it.
    TooLarge {
        /// The file, as `path.display()`.
        file: String,
        /// Its bytes (as far as they were read).
        bytes: u64,
        /// The working memory they need.
        needed: u64,
        /// The ceiling.
        limit: u64,
    },
    /// Its text is not a table: the parser's error (not UTF-8 included).
    Table(TableError),
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Unreadable { file, reason } => write!(f, "{file}: {reason}"),
            FileError::TooLarge {
                file,
                bytes,
                needed,
                limit,
            } => write!(
                f,
                "{file}: a table of {bytes} bytes needs {needed} bytes of working memory, above the memory limit of {limit} bytes"
            ),
            FileError::Table(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for FileError {}

impl FileError {
    /// The error of `file` that the shared reader's `e` means.
    pub fn from_read(e: ReadError, file: &str) -> FileError {
        match e {
            ReadError::Unreadable { reason } => FileError::Unreadable {
                file: file.to_string(),
                reason,
            },
            ReadError::TooLarge {
                bytes,
                needed,
                limit,
            } => FileError::TooLarge {
                file: file.to_string(),
                bytes,
                needed,
                limit,
            },
        }
    }
}

/// Reads the spawn table in the file at `path` (errors name it as
/// `path.display()`): the one reader of table files, which the command
/// line and Python use. The reading is vault files' too
/// ([`mcrdun_geom::text::read_capped`]): a file whose need at
/// [`READ_BYTES_PER_FILE_BYTE`] a byte (and [`PARSE_FIXED_BYTES`]) passes
/// the memory ceiling is refused from its size before it is read, and no
/// more than the ceiling allows is read whatever its size said; then
/// [`parse_bytes`] (a byte-order mark skipped, the line and column of a
/// byte that is not UTF-8).
///
/// # Errors
/// [`FileError::Unreadable`], [`FileError::TooLarge`], and the parser's
/// [`FileError::Table`].
///
/// ```
/// let dir = std::env::temp_dir().join(format!("mcrdun-things-read-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("rats.things");
/// std::fs::write(&path, "thing rat\nglyph r\n").unwrap();
/// assert_eq!(mcrdun_things::read_file(&path)?.entries()[0].name(), "rat");
/// {
///     let _small = mcrdun_geom::memory::Budget::start_with(1000);
///     let e = mcrdun_things::read_file(&path).unwrap_err();
///     assert!(matches!(e, mcrdun_things::FileError::TooLarge { bytes: 18, .. }), "{e}");
/// }
/// std::fs::write(&path, b"thing r\xc3\n").unwrap();
/// let e = mcrdun_things::read_file(&path).unwrap_err();
/// assert!(e.to_string().ends_with("rats.things:1:8: expected UTF-8 text, found the byte 0xC3"), "{e}");
/// let missing = mcrdun_things::read_file(&dir.join("none.things")).unwrap_err();
/// assert!(matches!(missing, mcrdun_things::FileError::Unreadable { .. }));
/// std::fs::remove_dir_all(&dir).unwrap();
/// # Ok::<(), mcrdun_things::FileError>(())
/// ```
pub fn read_file(path: &Path) -> Result<Table, FileError> {
    let file = path.display().to_string();
    let bytes = mcrdun_geom::text::read_capped(path, READ_BYTES_PER_FILE_BYTE, PARSE_FIXED_BYTES)
        .map_err(|e| FileError::from_read(e, &file))?;
    parse_bytes(&bytes, &file).map_err(FileError::Table)
}
