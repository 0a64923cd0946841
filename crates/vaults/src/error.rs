//! Where and why a vault file was refused.

use core::fmt;

/// A vault text or file that could not be read.
///
/// A problem inside the text ([`VaultError::At`]) names the file, the line
/// and the column; a problem with the text as a whole (too large for the
/// memory limit, a file that cannot be read) names the file and says why,
/// with no position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum VaultError {
    /// A problem at a place in the text; its text reads
    /// `file:line:column: expected ..., found ...`.
    At {
        /// The file's name as given to [`parse`](crate::parse).
        file: String,
        /// The line, from 1.
        line: u32,
        /// The column in characters, from 1 (0: the line as a whole).
        column: u32,
        /// What the parser expected there.
        expected: String,
        /// What it found.
        found: String,
    },
    /// The text needs more working memory than the memory limit allows:
    /// refused before it was read (see [`mcrdun_geom::memory`]).
    TooLarge {
        /// The file's name.
        file: String,
        /// The size of the text (of the file: at least this many bytes).
        bytes: u64,
        /// The working memory it would need, in bytes.
        needed: u64,
        /// The limit of the call, in bytes.
        limit: u64,
    },
    /// The file could not be opened or read.
    Unreadable {
        /// The file's name.
        file: String,
        /// The system's reason.
        reason: String,
    },
}

impl VaultError {
    /// The file's name.
    pub fn file(&self) -> &str {
        match self {
            VaultError::At { file, .. }
            | VaultError::TooLarge { file, .. }
            | VaultError::Unreadable { file, .. } => file,
        }
    }

    /// The line and column of a problem inside the text; `None` for the
    /// text as a whole.
    pub fn position(&self) -> Option<(u32, u32)> {
        match self {
            VaultError::At { line, column, .. } => Some((*line, *column)),
            _ => None,
        }
    }

    /// Whether the text was refused for the memory limit.
    pub fn is_too_large(&self) -> bool {
        matches!(self, VaultError::TooLarge { .. })
    }
}

impl fmt::Display for VaultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VaultError::At {
                file,
                line,
                column,
                expected,
                found,
            } => write!(
                f,
                "{file}:{line}:{column}: expected {expected}, found {found}"
            ),
            VaultError::TooLarge {
                file,
                bytes,
                needed,
                limit,
            } => write!(
                f,
                "{file}: a vault text of {bytes} bytes needs {needed} bytes of working memory, above the memory limit of {limit} bytes (raise it with mcrdun_set_memory_limit, or memory::set_memory_limit in Rust)"
            ),
            VaultError::Unreadable { file, reason } => write!(f, "cannot read {file}: {reason}"),
        }
    }
}

impl std::error::Error for VaultError {}
