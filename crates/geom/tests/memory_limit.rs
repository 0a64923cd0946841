//! The process-wide memory limit, in a test binary of its own: the limit
//! is shared by every thread, so no other test may run beside this one.

use mcrdun_geom::GeomError;
use mcrdun_geom::memory::{check_budget, check_bytes, memory_limit, set_memory_limit};

#[test]
fn the_limit_is_set_returned_and_met_exactly() {
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
