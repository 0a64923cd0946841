//! Checked conversions of the raw pointers C hands us.
//!
//! Each function checks for NULL and returns `NULL_ARGUMENT` naming the
//! argument; what it cannot check (that a non-NULL pointer is valid, aligned
//! and large enough) is the caller's promise, stated in each export's docs.

use crate::error::{FfiError, FfiResult, McrdunStatus};

/// A shared reference to a handle or input struct.
///
/// # Safety
/// `p` is NULL or points to a live, properly aligned `T` that is not
/// mutated for the lifetime `'a`.
#[allow(dead_code)] // Used by the handle modules.
pub(crate) unsafe fn handle_ref<'a, T>(p: *const T, name: &str) -> FfiResult<&'a T> {
    // SAFETY: forwarded from this function's contract.
    unsafe { p.as_ref() }.ok_or_else(|| FfiError::null(name))
}

/// An exclusive reference to a handle.
///
/// # Safety
/// `p` is NULL or points to a live, aligned `T` not otherwise accessed for `'a`.
#[allow(dead_code)] // Used by the handle modules.
pub(crate) unsafe fn handle_mut<'a, T>(p: *mut T, name: &str) -> FfiResult<&'a mut T> {
    // SAFETY: forwarded from this function's contract.
    unsafe { p.as_mut() }.ok_or_else(|| FfiError::null(name))
}

/// A slice of `len` inputs; NULL is accepted when `len == 0`.
///
/// # Safety
/// When `len > 0`, `p` points to `len` initialised, aligned `T`s that are not
/// mutated for `'a`.
#[allow(dead_code)] // Used by the array-taking modules.
pub(crate) unsafe fn input_slice<'a, T>(p: *const T, len: usize, name: &str) -> FfiResult<&'a [T]> {
    if len == 0 {
        return Ok(&[]);
    }
    if p.is_null() {
        return Err(FfiError::null(name));
    }
    // SAFETY: non-NULL, and the caller promises `len` valid elements.
    Ok(unsafe { core::slice::from_raw_parts(p, len) })
}

/// A mutable slice of `len` elements; NULL is accepted when `len == 0`.
///
/// # Safety
/// When `len > 0`, `p` points to `len` initialised, aligned `T`s not
/// otherwise accessed for `'a`.
#[allow(dead_code)] // Used by the in-place modules.
pub(crate) unsafe fn input_slice_mut<'a, T>(
    p: *mut T,
    len: usize,
    name: &str,
) -> FfiResult<&'a mut [T]> {
    if len == 0 {
        return Ok(&mut []);
    }
    if p.is_null() {
        return Err(FfiError::null(name));
    }
    // SAFETY: non-NULL, and the caller promises `len` valid elements.
    Ok(unsafe { core::slice::from_raw_parts_mut(p, len) })
}

/// Checks an out-parameter before any work is done, so that a NULL output
/// fails fast and nothing is written on failure.
pub(crate) fn check_out<T>(p: *mut T, name: &str) -> FfiResult {
    if p.is_null() {
        Err(FfiError::null(name))
    } else {
        Ok(())
    }
}

/// Writes `value` through an out-parameter already checked by [`check_out`]
/// (checked again here, so a forgotten check is an error, not a crash).
///
/// # Safety
/// `p` is NULL or valid for writing one `T`.
pub(crate) unsafe fn write_out<T>(p: *mut T, value: T, name: &str) -> FfiResult {
    check_out(p, name)?;
    // SAFETY: non-NULL and valid for writes by the caller's contract; `write`
    // does not drop the (possibly uninitialised) old value.
    unsafe { p.write(value) };
    Ok(())
}

/// The two-call buffer protocol: `*len` is always set to `items.len()`; if
/// `out` is NULL or `cap < items.len()` the call fails with
/// `BUFFER_TOO_SMALL` and writes nothing else; otherwise the items are copied
/// to `out[0..items.len()]`. An empty result needs no buffer.
///
/// # Safety
/// `len` is NULL or valid for writing a `usize`; `out` is NULL or valid for
/// writing `cap` elements.
pub(crate) unsafe fn write_buffer<T: Copy>(
    items: &[T],
    out: *mut T,
    cap: usize,
    len: *mut usize,
    out_name: &str,
) -> FfiResult {
    // SAFETY: forwarded from this function's contract.
    unsafe { write_iter(items.iter().copied(), out, cap, len, out_name) }
}

/// [`write_buffer`] for items produced on the fly, so that a long result
/// (a wall's tiles, a path) needs no intermediate allocation.
///
/// # Safety
/// As [`write_buffer`].
pub(crate) unsafe fn write_iter<T, I: ExactSizeIterator<Item = T>>(
    items: I,
    out: *mut T,
    cap: usize,
    len: *mut usize,
    out_name: &str,
) -> FfiResult {
    check_out(len, "len")?;
    let n = items.len();
    // SAFETY: `len` is non-NULL and valid by the caller's contract.
    unsafe { len.write(n) };
    if n == 0 {
        return Ok(());
    }
    if out.is_null() || cap < n {
        return Err(FfiError::new(
            McrdunStatus::BufferTooSmall,
            format!(
                "`{out_name}` {}, {n} item(s) needed; *len tells the size",
                if out.is_null() {
                    "is NULL".to_owned()
                } else {
                    format!("holds {cap} item(s)")
                }
            ),
        ));
    }
    for (i, item) in items.take(n).enumerate() {
        // SAFETY: i < n <= cap, and `out` is valid for `cap` writes by the
        // caller's contract.
        unsafe { out.add(i).write(item) };
    }
    Ok(())
}
