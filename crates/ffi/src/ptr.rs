//! Checked conversions of the raw pointers C hands us, written once.
//!
//! - [`BoxHandle`]: the one typed way a handle is boxed, handed to C,
//!   borrowed back and freed (after rustls-ffi's `Castable`/`BoxCastPtr`).
//!   No other module calls `Box::into_raw` or `Box::from_raw`.
//! - [`input_slice`] / [`input_slice_mut`]: the only places a slice is made
//!   from a C pointer; the byte length `len * size_of::<T>()` is checked
//!   against `isize::MAX` (without overflow) before the slice exists, so an
//!   impossible length is `TOO_LARGE`, never undefined behaviour.
//! - [`input_str`]: the only place a C string is read (NUL-terminated,
//!   UTF-8).
//! - [`OutBuffer`]: the two-call buffer protocol `(T *out, size_t cap,
//!   size_t *len)`, including calls with several output buffers.
//!
//! Each function checks for NULL and returns `NULL_ARGUMENT` naming the
//! argument; what it cannot check (that a non-NULL pointer is valid, aligned
//! and large enough) is the caller's promise, stated in each export's docs.

use crate::error::{FfiError, FfiResult, McrdunStatus};

/// A Rust value that C holds as an opaque owned pointer (a `Box<Self>`).
///
/// Implementing it (an empty `impl`) is the whole registration: creation
/// goes through [`BoxHandle::hand_out`], release through
/// [`BoxHandle::free`], access through [`BoxHandle::borrow`] and
/// [`BoxHandle::borrow_mut`], so the ownership rules and their SAFETY
/// arguments live here only.
pub(crate) trait BoxHandle: Sized {
    /// Boxes `self` and writes the owning pointer to `*out` (checked for
    /// NULL first; on error `self` is dropped and nothing is written).
    ///
    /// # Safety
    /// `out` is NULL or valid for writing one pointer.
    unsafe fn hand_out(self, out: *mut *mut Self, name: &str) -> FfiResult {
        check_out(out, name)?;
        let p = Box::into_raw(Box::new(self));
        // SAFETY: non-NULL and writable by this function's contract.
        unsafe { out.write(p) };
        Ok(())
    }

    /// Releases a handle made by [`BoxHandle::hand_out`]; NULL does nothing.
    ///
    /// # Safety
    /// `p` is NULL or a pointer from `hand_out` of this type that has not
    /// been freed, and no other reference to it is live.
    unsafe fn free(p: *mut Self) {
        if !p.is_null() {
            // SAFETY: by contract `p` came from `Box::into_raw` in
            // `hand_out` for this very type and is freed once.
            drop(unsafe { Box::from_raw(p) });
        }
    }

    /// A shared reference to a live handle.
    ///
    /// # Safety
    /// `p` is NULL or a live handle from `hand_out`, not mutated for `'a`.
    unsafe fn borrow<'a>(p: *const Self, name: &str) -> FfiResult<&'a Self> {
        // SAFETY: forwarded from this function's contract.
        unsafe { handle_ref(p, name) }
    }

    /// An exclusive reference to a live handle.
    ///
    /// # Safety
    /// `p` is NULL or a live handle from `hand_out`, not otherwise accessed
    /// for `'a`.
    unsafe fn borrow_mut<'a>(p: *mut Self, name: &str) -> FfiResult<&'a mut Self> {
        // SAFETY: forwarded from this function's contract.
        unsafe { p.as_mut() }.ok_or_else(|| FfiError::null(name))
    }
}

/// A shared reference to an input struct (or a handle).
///
/// # Safety
/// `p` is NULL or points to a live, properly aligned `T` that is not
/// mutated for the lifetime `'a`.
pub(crate) unsafe fn handle_ref<'a, T>(p: *const T, name: &str) -> FfiResult<&'a T> {
    // SAFETY: forwarded from this function's contract.
    unsafe { p.as_ref() }.ok_or_else(|| FfiError::null(name))
}

/// A NUL-terminated UTF-8 string argument (an option's name, a value as
/// text). `INVALID_ARGUMENT` when it is not UTF-8.
///
/// # Safety
/// `p` is NULL or points to a NUL-terminated string that is not mutated
/// for `'a`.
pub(crate) unsafe fn input_str<'a>(p: *const core::ffi::c_char, name: &str) -> FfiResult<&'a str> {
    if p.is_null() {
        return Err(FfiError::null(name));
    }
    // SAFETY: non-NULL and NUL-terminated by this function's contract.
    let text = unsafe { core::ffi::CStr::from_ptr(p) };
    text.to_str().map_err(|e| {
        FfiError::invalid(format!(
            "`{name}` is not UTF-8 (invalid byte at {})",
            e.valid_up_to()
        ))
    })
}

/// Checks that `len` items of `T` fit in one allocation: `len *
/// size_of::<T>()` does not overflow and is at most `isize::MAX` (the
/// precondition of `slice::from_raw_parts`). `TOO_LARGE` otherwise.
pub(crate) fn check_slice_len<T>(len: usize, name: &str) -> FfiResult {
    let fits = len
        .checked_mul(core::mem::size_of::<T>())
        .is_some_and(|bytes| bytes <= isize::MAX as usize);
    if fits {
        Ok(())
    } else {
        Err(FfiError::new(
            McrdunStatus::TooLarge,
            format!(
                "`{name}` would hold {len} items of {} bytes, more than any buffer can",
                core::mem::size_of::<T>()
            ),
        ))
    }
}

/// A slice of `len` inputs; NULL is accepted when `len == 0`.
///
/// # Safety
/// When `len > 0`, `p` points to `len` initialised, aligned `T`s that are not
/// mutated for `'a`.
pub(crate) unsafe fn input_slice<'a, T>(p: *const T, len: usize, name: &str) -> FfiResult<&'a [T]> {
    if len == 0 {
        return Ok(&[]);
    }
    if p.is_null() {
        return Err(FfiError::null(name));
    }
    check_slice_len::<T>(len, name)?;
    // SAFETY: non-NULL, the byte length is within isize::MAX (checked), and
    // the caller promises `len` valid elements.
    Ok(unsafe { core::slice::from_raw_parts(p, len) })
}

/// A mutable slice of `len` elements; NULL is accepted when `len == 0`.
///
/// # Safety
/// When `len > 0`, `p` points to `len` initialised, aligned `T`s not
/// otherwise accessed for `'a`.
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
    check_slice_len::<T>(len, name)?;
    // SAFETY: non-NULL, the byte length is within isize::MAX (checked), and
    // the caller promises `len` valid elements.
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

/// One caller buffer of the two-call protocol: `out` holds `cap` items,
/// `*len` receives the number of items. A call with several outputs makes
/// one `OutBuffer` each, calls [`OutBuffer::announce`] on all of them (so one
/// failed call tells every size), [`all_fit`] on the results, and only then
/// [`OutBuffer::fill`]s them.
pub(crate) struct OutBuffer<T> {
    out: *mut T,
    cap: usize,
    len: *mut usize,
    name: &'static str,
}

impl<T> OutBuffer<T> {
    /// The buffer `(out, cap, len)` named `name` in messages.
    ///
    /// # Safety
    /// `out` is NULL or valid for writing `cap` items; `len` is NULL or valid
    /// for writing a `usize`. Both stay so while the value lives.
    pub(crate) unsafe fn new(out: *mut T, cap: usize, len: *mut usize, name: &'static str) -> Self {
        OutBuffer {
            out,
            cap,
            len,
            name,
        }
    }

    /// Sets `*len = n` (when `len` is not NULL) and tells whether `out` can
    /// hold `n` items: `None` when it can (or `n == 0`), else the shortfall
    /// for the error message.
    pub(crate) fn announce(&self, n: usize) -> Option<String> {
        if self.len.is_null() {
            return None;
        }
        // SAFETY: non-NULL and writable by the contract of `new`.
        unsafe { self.len.write(n) };
        if n == 0 || (!self.out.is_null() && self.cap >= n) {
            return None;
        }
        let cap = if self.out.is_null() { 0 } else { self.cap };
        let null = if self.out.is_null() { " (NULL)" } else { "" };
        Some(format!(
            "`{}` holds {cap}{null}, {n} item(s) needed",
            self.name
        ))
    }

    /// Copies `items` into `out[0..n]` after a successful
    /// [`OutBuffer::announce`] of `n = items.len()`; checks the capacity
    /// again, so a forgotten announce is an error, not an overflow.
    pub(crate) fn fill(&self, items: impl ExactSizeIterator<Item = T>) -> FfiResult {
        let n = items.len();
        if let Some(short) = self.announce(n) {
            return all_fit([Some(short)]);
        }
        if self.len.is_null() {
            return Ok(());
        }
        for (i, item) in items.take(n).enumerate() {
            // SAFETY: i < n <= cap (checked by announce), and `out` is valid
            // for `cap` writes by the contract of `new`.
            unsafe { self.out.add(i).write(item) };
        }
        Ok(())
    }
}

/// `BUFFER_TOO_SMALL` listing every shortfall, or `Ok` when there is none.
pub(crate) fn all_fit(shortfalls: impl IntoIterator<Item = Option<String>>) -> FfiResult {
    let short: Vec<String> = shortfalls.into_iter().flatten().collect();
    if short.is_empty() {
        return Ok(());
    }
    Err(FfiError::new(
        McrdunStatus::BufferTooSmall,
        format!("{}; the length argument(s) tell the size", short.join(", ")),
    ))
}

/// The size half of the two-call protocol for one buffer: checks `len`
/// (NULL is `NULL_ARGUMENT`) and, when `out` cannot hold `n` items, sets
/// `*len = n` and fails with `BUFFER_TOO_SMALL`. When it can, nothing is
/// written: the call writes `*len` on success only, so a later failure
/// leaves it untouched. Used by calls that answer a size query before
/// doing the work.
///
/// # Safety
/// As [`OutBuffer::new`].
pub(crate) unsafe fn announce<T>(
    out: *mut T,
    cap: usize,
    len: *mut usize,
    n: usize,
    name: &'static str,
) -> FfiResult {
    check_out(len, "len")?;
    if n == 0 || (!out.is_null() && cap >= n) {
        return Ok(());
    }
    // SAFETY: forwarded from this function's contract.
    let buf = unsafe { OutBuffer::new(out, cap, len, name) };
    all_fit([buf.announce(n)])
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
    out_name: &'static str,
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
    out_name: &'static str,
) -> FfiResult {
    check_out(len, "len")?;
    // SAFETY: forwarded from this function's contract.
    let buf = unsafe { OutBuffer::new(out, cap, len, out_name) };
    buf.fill(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slice_lengths_are_checked_in_bytes() {
        assert!(check_slice_len::<u8>(isize::MAX as usize, "a").is_ok());
        let e = check_slice_len::<u32>(usize::MAX / 2, "cells").unwrap_err();
        assert_eq!(e.status, McrdunStatus::TooLarge);
        assert!(e.message.contains("`cells`"), "{}", e.message);
        let e = check_slice_len::<u64>(usize::MAX, "x").unwrap_err();
        assert_eq!(e.status, McrdunStatus::TooLarge);
        // A dangling but non-NULL pointer with an impossible length is
        // refused before any slice exists.
        let p = core::ptr::NonNull::<u32>::dangling().as_ptr();
        // SAFETY: the length check fails before the pointer is used.
        let r = unsafe { input_slice_mut(p, usize::MAX / 4 + 1, "cells") };
        assert_eq!(r.unwrap_err().status, McrdunStatus::TooLarge);
    }

    #[test]
    fn out_buffers_announce_then_fill() {
        let mut len = 0usize;
        let mut out = [0u8; 3];
        // SAFETY: `out` holds 3 bytes, `len` is writable.
        let b = unsafe { OutBuffer::new(out.as_mut_ptr(), 2, &mut len, "out") };
        assert!(b.announce(3).is_some());
        assert!(b.fill([1, 2, 3].into_iter()).is_err());
        assert_eq!(out, [0, 0, 0], "nothing written on failure");
        assert!(b.fill([7, 8].into_iter()).is_ok());
        assert_eq!((out, len), ([7, 8, 0], 2));
        // SAFETY: NULL `len` is an output not asked for.
        let skip = unsafe { OutBuffer::new(out.as_mut_ptr(), 0, core::ptr::null_mut(), "x") };
        assert!(skip.announce(9).is_none());
        let e = all_fit([None, Some("a".into()), Some("b".into())]).unwrap_err();
        assert_eq!(e.status, McrdunStatus::BufferTooSmall);
        assert!(e.message.starts_with("a, b;"), "{}", e.message);
    }
}
