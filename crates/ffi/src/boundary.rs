//! The one way into mcrdun from C.
//!
//! Every exported body runs inside [`boundary!`] (or [`boundary_value`] for
//! the few exports that return a value instead of a status). The boundary
//! catches a Rust panic before it could unwind into C (which would abort the
//! host), turns errors into a status code, and records the detail for
//! `mcrdun_last_error`. It also takes the call's memory budget
//! (`mcrdun_geom::memory::Budget`): a call keeps the ceiling it started
//! with.

use crate::error::{FfiResult, McrdunStatus, set_last_error};
use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// Runs an export's body, a block evaluating to `FfiResult<()>`, and
/// returns its [`McrdunStatus`].
///
/// ```ignore
/// boundary!("mcrdun_thing_do", {
///     let thing = unsafe { handle_ref(thing, "thing") }?;
///     Ok(())
/// })
/// ```
macro_rules! boundary {
    ($name:literal, $body:block) => {
        $crate::boundary::run($name, || -> $crate::error::FfiResult { $body })
    };
}
pub(crate) use boundary;

/// The body of [`boundary!`].
pub(crate) fn run(name: &'static str, body: impl FnOnce() -> FfiResult) -> McrdunStatus {
    // The call's memory ceiling, fixed for the whole call: another thread
    // changing the limit meanwhile does not change it.
    let _budget = mcrdun_geom::memory::Budget::start();
    // AssertUnwindSafe: after a panic the objects touched may hold partial
    // updates; the caller is told with MCRDUN_STATUS_PANIC, and every object
    // stays memory-safe to use and free.
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => McrdunStatus::Ok,
        Ok(Err(e)) => {
            set_last_error(name, &e.message);
            e.status
        }
        Err(payload) => {
            set_last_error(name, &format!("panic: {}", panic_text(&*payload)));
            McrdunStatus::Panic
        }
    }
}

/// Runs an export that returns a value rather than a status; a panic yields
/// `default` and is recorded for `mcrdun_last_error`.
pub(crate) fn boundary_value<T>(name: &'static str, default: T, body: impl FnOnce() -> T) -> T {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(v) => v,
        Err(payload) => {
            set_last_error(name, &format!("panic: {}", panic_text(&*payload)));
            default
        }
    }
}

fn panic_text(payload: &(dyn Any + Send)) -> &str {
    if let Some(s) = payload.downcast_ref::<&'static str>() {
        s
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s
    } else {
        "unknown panic payload"
    }
}
