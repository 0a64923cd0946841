//! Status codes, the error value every export works with, and the
//! thread-local detail behind `mcrdun_last_error`.

use core::ffi::c_char;
use mcrdun_geom::GeomError;
use std::cell::RefCell;

/// The result of every fallible mcrdun call. `MCRDUN_STATUS_OK` is 0; every
/// other value is a failure whose detail `mcrdun_last_error` returns.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum McrdunStatus {
    /// Success.
    Ok = 0,
    /// A required pointer argument was NULL.
    NullArgument = 1,
    /// An argument has a value the call does not accept.
    InvalidArgument = 2,
    /// An index or point lies outside the object.
    OutOfRange = 3,
    /// Two rooms or leaves asked about together do not touch.
    NotAdjacent = 4,
    /// The output buffer is NULL or too small; `*len` says how many items are needed.
    BufferTooSmall = 5,
    /// A bug inside mcrdun was caught at the boundary (a Rust panic); the
    /// object involved may be in an unspecified but safe state.
    Panic = 6,
    /// A node or handle refers to an older generation of its tree.
    StaleHandle = 7,
    /// The requested size does not fit in memory or in the coordinate range.
    TooLarge = 8,
    /// The request is well-formed but cannot be met (e.g. a maze too small for its pattern).
    Unsatisfiable = 9,
    /// The level kind has no option of that name (an older library, or a
    /// misspelling); `mcrdun_last_error` lists the names it has.
    UnknownOption = 10,
}

impl McrdunStatus {
    /// Every status, in numeric order.
    pub(crate) const ALL: [McrdunStatus; 11] = [
        McrdunStatus::Ok,
        McrdunStatus::NullArgument,
        McrdunStatus::InvalidArgument,
        McrdunStatus::OutOfRange,
        McrdunStatus::NotAdjacent,
        McrdunStatus::BufferTooSmall,
        McrdunStatus::Panic,
        McrdunStatus::StaleHandle,
        McrdunStatus::TooLarge,
        McrdunStatus::Unsatisfiable,
        McrdunStatus::UnknownOption,
    ];

    /// A static, NUL-terminated description.
    pub(crate) const fn message(self) -> &'static str {
        match self {
            McrdunStatus::Ok => "ok\0",
            McrdunStatus::NullArgument => "a required pointer argument was NULL\0",
            McrdunStatus::InvalidArgument => "invalid argument\0",
            McrdunStatus::OutOfRange => "index or point out of range\0",
            McrdunStatus::NotAdjacent => "the two are not adjacent\0",
            McrdunStatus::BufferTooSmall => "output buffer too small\0",
            McrdunStatus::Panic => "internal error (panic caught at the C boundary)\0",
            McrdunStatus::StaleHandle => "stale handle from an older generation\0",
            McrdunStatus::TooLarge => "size too large\0",
            McrdunStatus::Unsatisfiable => "the request cannot be satisfied\0",
            McrdunStatus::UnknownOption => "no option of that name\0",
        }
    }
}

/// A failure on its way to C: the status to return and the detail to keep
/// for `mcrdun_last_error`.
#[derive(Debug)]
pub(crate) struct FfiError {
    pub(crate) status: McrdunStatus,
    pub(crate) message: String,
}

/// What every export body returns before the boundary turns it into a status.
pub(crate) type FfiResult<T = ()> = Result<T, FfiError>;

impl FfiError {
    pub(crate) fn new(status: McrdunStatus, message: impl Into<String>) -> FfiError {
        FfiError {
            status,
            message: message.into(),
        }
    }
    pub(crate) fn null(argument: &str) -> FfiError {
        FfiError::new(
            McrdunStatus::NullArgument,
            format!("argument `{argument}` is NULL"),
        )
    }
    pub(crate) fn invalid(message: impl Into<String>) -> FfiError {
        FfiError::new(McrdunStatus::InvalidArgument, message)
    }
    pub(crate) fn out_of_range(message: impl Into<String>) -> FfiError {
        FfiError::new(McrdunStatus::OutOfRange, message)
    }
}

impl From<GeomError> for FfiError {
    fn from(e: GeomError) -> FfiError {
        let status = match e {
            _ if e.is_too_large() => McrdunStatus::TooLarge,
            GeomError::OutOfBounds { .. } => McrdunStatus::OutOfRange,
            _ => McrdunStatus::InvalidArgument,
        };
        FfiError::new(status, e.to_string())
    }
}

thread_local! {
    /// The detail of this thread's last failure, NUL-terminated.
    static LAST_ERROR: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Records `message` as this thread's last error.
pub(crate) fn set_last_error(function: &str, message: &str) {
    LAST_ERROR.with(|slot| {
        let mut buf = slot.borrow_mut();
        buf.clear();
        buf.extend_from_slice(function.as_bytes());
        buf.extend_from_slice(b": ");
        // An interior NUL would cut the C string short; replace it.
        buf.extend(message.bytes().map(|b| if b == 0 { b'?' } else { b }));
        buf.push(0);
    });
}

/// Copies this thread's last error (NUL-terminated) into `out` through the
/// two-call buffer protocol.
///
/// # Safety
/// `out` is NULL or writable for `cap` bytes; `len` is NULL or writable.
pub(crate) unsafe fn copy_last_error(out: *mut c_char, cap: usize, len: *mut usize) -> FfiResult {
    LAST_ERROR.with(|slot| {
        let buf = slot.borrow();
        let text: &[u8] = if buf.is_empty() { b"\0" } else { &buf };
        // SAFETY: this function's contract: `out` holds `cap` bytes and
        // `len` is valid or NULL; write_buffer checks NULL and capacity
        // before writing.
        unsafe { crate::ptr::write_buffer(text, out.cast::<u8>(), cap, len, "buf") }
    })
}
