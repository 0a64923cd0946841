//! Vault files read from disk within the memory limit.

use crate::parse::parse_bytes;
use crate::{PARSE_BYTES_PER_TEXT_BYTE, Vault, VaultError};
use mcrdun_geom::text::ReadError;
use std::path::Path;

/// The most working memory [`read_file`] uses, in bytes a byte of file:
/// the file's bytes (1) and [`parse`](crate::parse)'s working memory
/// ([`PARSE_BYTES_PER_TEXT_BYTE`]). A file whose need passes the memory
/// limit is refused before it is read.
pub const READ_BYTES_PER_FILE_BYTE: u64 = PARSE_BYTES_PER_TEXT_BYTE + 1;

/// Reads the vaults of the vault file at `path` (errors name it as
/// `path.display()`): the one way the command line reads vault files, for
/// every program that takes a path. The reading is
/// [`mcrdun_geom::text::read_capped`], which spawn tables share.
///
/// The file is refused before it is read when its size, at
/// [`READ_BYTES_PER_FILE_BYTE`] bytes a byte, passes the memory limit
/// ([`mcrdun_geom::memory::call_limit`]); and it is read with that cap, so
/// a file that is larger than its metadata said (a pipe, a file still
/// growing) is refused as soon as it passes it. A byte-order mark at the
/// start is skipped; bytes that are not UTF-8 are refused with the line
/// and column of the first one ([`parse_bytes`]).
///
/// # Errors
/// [`VaultError::Unreadable`] for a file that cannot be opened or read,
/// [`VaultError::TooLarge`] above the limit, else as [`parse_bytes`].
///
/// ```
/// let dir = std::env::temp_dir().join(format!("mcrdun-read-file-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("nook.vault");
/// std::fs::write(&path, "vault nook\nmap\n#!#\n#.#\n###\nend\n").unwrap();
/// assert_eq!(mcrdun_vaults::read_file(&path)?[0].name(), "nook");
/// {
///     // Under a 100-byte limit the 33-byte file (33 x 33 bytes) is refused unread.
///     let _small = mcrdun_geom::memory::Budget::start_with(100);
///     let e = mcrdun_vaults::read_file(&path).unwrap_err();
///     assert!(e.is_too_large() && e.position().is_none(), "{e}");
/// }
/// let missing = mcrdun_vaults::read_file(&dir.join("none.vault")).unwrap_err();
/// assert!(matches!(missing, mcrdun_vaults::VaultError::Unreadable { .. }));
/// std::fs::remove_dir_all(&dir).unwrap();
/// # Ok::<(), mcrdun_vaults::VaultError>(())
/// ```
pub fn read_file(path: &Path) -> Result<Vec<Vault>, VaultError> {
    let name = path.display().to_string();
    let bytes =
        mcrdun_geom::text::read_capped(path, READ_BYTES_PER_FILE_BYTE, 0).map_err(|e| match e {
            ReadError::Unreadable { reason } => VaultError::Unreadable {
                file: name.clone(),
                reason,
            },
            ReadError::TooLarge {
                bytes,
                needed,
                limit,
            } => VaultError::TooLarge {
                file: name.clone(),
                bytes,
                needed,
                limit,
            },
        })?;
    parse_bytes(&bytes, &name)
}
