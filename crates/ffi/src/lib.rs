//! The C ABI of mcrdun (work in progress: the foundation issue fills this in).
