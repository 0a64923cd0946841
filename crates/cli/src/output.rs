//! Files the command line reads and writes, kept whole: an output is
//! written to a temporary file beside its target and renamed over it only
//! when complete, so a failed write (a full disk, a file-size limit) leaves
//! the old file as it was; standard output that is closed is an error, not
//! a silent loss.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` whole or not at all: into a new temporary file
/// in the same folder, flushed to disk, then renamed over `path` (through a
/// symbolic link, onto the file it names). An existing file keeps its
/// permissions. On error the temporary file is removed and `path` is as it
/// was.
///
/// # Errors
/// The first I/O error met.
pub fn write_whole(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let target = fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let (tmp, mut file) = temporary_beside(&target)?;
    let written = (|| {
        if let Ok(meta) = fs::metadata(&target) {
            file.set_permissions(meta.permissions())?;
        }
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        fs::rename(&tmp, &target)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    written
}

/// A new file beside `target`, named after it, that did not exist before.
fn temporary_beside(target: &Path) -> io::Result<(PathBuf, File)> {
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = target
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    let mut last = None;
    for attempt in 0..100u32 {
        let tmp = dir.join(format!(".{name}.{}.{attempt}.tmp", std::process::id()));
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(file) => return Ok((tmp, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::other("no temporary file name is free")))
}

/// Whether standard output is open. A program started with its standard
/// output closed (`mcrdun bsp >&-`) would lose the output without an
/// error: Rust's start-up code puts `/dev/null` opened for reading and
/// writing in place of a closed standard descriptor, and writes to a closed
/// descriptor report success. So standard output counts as closed when its
/// descriptor is gone, or is `/dev/null` opened read-write (a shell's
/// `> /dev/null` opens it write-only, and stays a valid choice).
pub fn stdout_is_open() -> bool {
    use std::os::fd::AsFd;
    if io::stdout().as_fd().try_clone_to_owned().is_err() {
        return false;
    }
    !(same_file(Path::new("/proc/self/fd/1"), Path::new("/dev/null")) && stdout_read_write())
}

/// Whether descriptor 1 was opened for reading and writing (Linux: the
/// access mode in `/proc/self/fdinfo/1`); false when that cannot be read.
fn stdout_read_write() -> bool {
    let Ok(info) = fs::read_to_string("/proc/self/fdinfo/1") else {
        return false;
    };
    info.lines()
        .find_map(|l| l.strip_prefix("flags:"))
        .and_then(|f| u32::from_str_radix(f.trim(), 8).ok())
        .is_some_and(|flags| flags & 0o3 == 0o2)
}

/// Whether `a` and `b` name the same file by any path: the same device
/// and inode (hard links and symbolic links included). False when either
/// does not exist.
pub fn same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (fs::metadata(a), fs::metadata(b)) {
        (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_replace_whole_files_and_leave_no_temporary() {
        let dir = std::env::temp_dir().join(format!("mcrdun-output-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("level.txt");
        write_whole(&path, b"first").unwrap();
        write_whole(&path, b"second").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"second");
        // A target that cannot be renamed over (a folder) fails and leaves
        // no temporary file behind.
        let folder = dir.join("folder");
        fs::create_dir_all(&folder).unwrap();
        assert!(write_whole(&folder, b"x").is_err());
        let left: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(left.len(), 2, "{left:?}");
        let link = dir.join("link.txt");
        fs::hard_link(&path, &link).unwrap();
        assert!(same_file(&path, &link));
        assert!(!same_file(&path, &folder));
        fs::remove_dir_all(&dir).unwrap();
    }
}
