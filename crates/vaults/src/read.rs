//! Vault files read from disk within the memory limit.

use crate::parse::{check_size, parse_bytes};
use crate::{PARSE_BYTES_PER_TEXT_BYTE, Vault, VaultError};
use std::io::Read;
use std::path::Path;

/// The most working memory [`read_file`] uses, in bytes a byte of file:
/// the file's bytes (1) and [`parse`](crate::parse)'s working memory
/// ([`PARSE_BYTES_PER_TEXT_BYTE`]). A file whose need passes the memory
/// limit is refused before it is read.
pub const READ_BYTES_PER_FILE_BYTE: u64 = PARSE_BYTES_PER_TEXT_BYTE + 1;

/// Reads the vaults of the vault file at `path` (errors name it as
/// `path.display()`): the one way the command line reads vault files, for
/// every program that takes a path.
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
    let unreadable = |e: std::io::Error| VaultError::Unreadable {
        file: name.clone(),
        reason: e.to_string(),
    };
    let budget = mcrdun_geom::memory::Budget::start();
    // The largest file whose reading fits the ceiling.
    let most = budget.limit() / READ_BYTES_PER_FILE_BYTE;
    let file = std::fs::File::open(path).map_err(unreadable)?;
    let size = file.metadata().map_or(0, |m| m.len());
    check_size(&budget, &name, size, READ_BYTES_PER_FILE_BYTE)?;
    let mut bytes = Vec::new();
    // `size` fits the ceiling; one byte more lets the read find the end
    // without growing the buffer.
    let expected = usize::try_from(size.saturating_add(1)).unwrap_or(usize::MAX);
    bytes
        .try_reserve_exact(expected)
        .map_err(|_| VaultError::TooLarge {
            file: name.clone(),
            bytes: size,
            needed: size.saturating_mul(READ_BYTES_PER_FILE_BYTE),
            limit: budget.limit(),
        })?;
    file.take(most.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(unreadable)?;
    check_size(&budget, &name, bytes.len() as u64, READ_BYTES_PER_FILE_BYTE)?;
    parse_bytes(&bytes, &name)
}
