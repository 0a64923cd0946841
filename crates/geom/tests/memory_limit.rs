//! The process-wide memory limit, in a test binary of its own: the limit
//! is shared by every thread, so no other test may run beside this one.

use mcrdun_geom::GeomError;
use mcrdun_geom::memory::{check_budget, check_bytes, memory_limit, set_memory_limit};

/// The tests here change the process-wide limit: one at a time.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

#[test]
fn the_limit_is_set_returned_and_met_exactly() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let default = memory_limit();
    assert_eq!(set_memory_limit(1000), default);
    assert_eq!(memory_limit(), 1000);
    // Exactly the limit fits; one byte more does not.
    assert_eq!(check_budget("a", 250, 4), Ok(()));
    assert_eq!(check_bytes("b", 1000), Ok(()));
    assert_eq!(
        check_bytes("c", 1001),
        Err(GeomError::OverBudget {
            what: "c",
            needed: 1001,
            limit: 1000
        })
    );
    assert!(check_budget("d", 1001, 1).is_err());
    assert_eq!(set_memory_limit(default), 1000);
    assert_eq!(memory_limit(), default);
}

#[test]
fn a_call_keeps_the_ceiling_it_started_with() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    use mcrdun_geom::memory::{Budget, call_limit, grow, try_reserve, try_vec};
    let default = memory_limit();
    let budget = Budget::start();
    assert_eq!(budget.limit(), default);
    // Another thread lowers the process limit while this call runs.
    std::thread::spawn(|| set_memory_limit(10)).join().unwrap();
    assert_eq!(memory_limit(), 10);
    assert_eq!(call_limit(), default);
    assert!(try_vec("kept", 1000, 0u8).is_ok());
    {
        // A nested call inherits the outer ceiling, lowered on request.
        let inner = Budget::start_with(100);
        assert_eq!(inner.limit(), 100);
        assert!(check_bytes("inner", 101).is_err());
        let raise = Budget::start_with(u64::MAX);
        assert_eq!(raise.limit(), 100, "a budget never raises the ceiling");
    }
    assert_eq!(call_limit(), default);
    drop(budget);
    assert_eq!(call_limit(), 10);
    assert!(try_vec("new call", 1000, 0u8).is_err());
    set_memory_limit(default);

    // Growth never reserves past the ceiling.
    let _b = Budget::start_with(1000);
    let mut v: Vec<u32> = Vec::new();
    while grow("pairs", &mut v, 100).is_ok() {
        v.push(1);
    }
    assert_eq!(v.len(), 225);
    assert!(v.capacity() * 4 + 100 <= 1000);
    let mut w: Vec<u32> = Vec::new();
    for _ in 0..250 {
        try_reserve("w", &mut w, 1).unwrap();
        w.push(0);
        assert!(w.capacity() <= 250);
    }
    assert!(try_reserve("w", &mut w, 1).is_err());
}
