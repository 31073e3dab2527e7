//! A view model behind `Rc`, compared by address: what every product's components take as props.

use std::rc::Rc;

/// A view model shared by `Rc` and compared by address: the app's state keeps the last one when the new one
/// is equal ([`keep`]), so the same address means the same value, and a component given it is skipped
/// without comparing what it draws.
#[derive(Debug, Default)]
pub struct Shared<T>(Rc<T>);

impl<T> Shared<T> {
    /// `value`, shared.
    pub fn new(value: T) -> Self {
        Shared(Rc::new(value))
    }
}

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Shared(self.0.clone())
    }
}

impl<T> PartialEq for Shared<T> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl<T> std::ops::Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// `next`, or `last` when equal: a component drawing it is then skipped.
pub fn keep<T: PartialEq>(last: &Shared<T>, next: T) -> Shared<T> {
    if **last == next {
        last.clone()
    } else {
        Shared::new(next)
    }
}
