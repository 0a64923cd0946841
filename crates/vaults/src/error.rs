//! Where and why a vault file was refused.

use core::fmt;

/// A vault file that could not be read: the file's name, the line and
/// column (both from 1; column 0 for a whole line), what was expected there
/// and what was found.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct VaultError {
    /// The file's name as given to [`parse`](crate::parse).
    pub file: String,
    /// The line, from 1.
    pub line: u32,
    /// The column in characters, from 1 (0: the line as a whole).
    pub column: u32,
    /// What the parser expected there.
    pub expected: String,
    /// What it found.
    pub found: String,
}

impl fmt::Display for VaultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: expected {}, found {}",
            self.file, self.line, self.column, self.expected, self.found
        )
    }
}

impl std::error::Error for VaultError {}
