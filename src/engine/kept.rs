//! A value an ended search leaves for the next search to take instead of allocating its own
//! (an open list's storage), shared by every thread of the process.
//!
//! Shared rather than kept per thread: a thread-local value that must be dropped registers a
//! destructor on the thread's first use and runs it when the thread ends, which a search in a
//! fresh process (the command line's one run) would pay for nothing; and the app runs each
//! errand on a thread of its own, which never met what an earlier errand's thread left. The
//! lock is taken twice a search (once to take, once to leave).

use std::sync::{Mutex, PoisonError};

/// At most one value kept, behind a lock.
pub(crate) struct Kept<T>(Mutex<Option<T>>);

impl<T> Kept<T> {
    /// Nothing kept yet (usable in a `static`).
    pub(crate) const fn new() -> Kept<T> {
        Kept(Mutex::new(None))
    }

    /// The value kept, if any, leaving nothing.
    pub(crate) fn take(&self) -> Option<T> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).take()
    }

    /// Keeps `value` in place of what was kept (which is dropped).
    pub(crate) fn put(&self, value: T) {
        let old = self
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .replace(value);
        drop(old);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_value_is_kept_until_taken() {
        let kept = Kept::new();
        assert_eq!(kept.take(), None::<Vec<u8>>);
        kept.put(vec![1]);
        kept.put(vec![2]);
        assert_eq!(kept.take(), Some(vec![2]), "the newer replaces the older");
        assert_eq!(kept.take(), None, "taken once");
    }
}
