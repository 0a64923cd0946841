//! The passage-layout calls.

use super::*;
use std::ptr::null_mut;

#[test]
fn a_layout_from_labels_is_refused_before_the_copy() {
    // 2048^2 labels: the copy is 16 MB, the layout 80 MB more. Under a
    // 32 MB ceiling the call is refused before copying anything.
    let (w, h) = (2048u32, 2048u32);
    let labels = vec![0u32; (w * h) as usize];
    let _ceiling = mcrdun_geom::memory::Budget::start_with(32 << 20);
    let mut out = null_mut();
    // SAFETY: `labels` holds `w * h` values, `out` is writable.
    let (st, pk) = peak(|| unsafe {
        mcrdun_layout_from_labels(w, h, labels.as_ptr(), labels.len(), &mut out)
    });
    assert_eq!(st, McrdunStatus::TooLarge);
    assert!(pk < ALLOWANCE, "{pk} bytes allocated before refusing");
}
