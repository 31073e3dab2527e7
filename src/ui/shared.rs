//! A view model behind `Rc`, compared by address, which every product's components take as props; and
//! a view model memoized by the inputs it was computed from.

use std::rc::Rc;

/// A view model shared by `Rc` and compared by address: the app's state keeps the last one when the new
/// one is equal ([`keep`]), so the same address means the same value, and a component given it is skipped
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

/// Shared as it is: a view model's input compared by address (the run's scenario).
impl<T> From<Rc<T>> for Shared<T> {
    fn from(value: Rc<T>) -> Self {
        Shared(value)
    }
}

/// A view model with the inputs it was computed from: it is computed again only when they differ, so
/// no key is kept beside it by hand.
#[derive(Debug)]
pub struct Memo<K, V> {
    inputs: K,
    value: Shared<V>,
}

impl<K: Clone, V> Clone for Memo<K, V> {
    fn clone(&self) -> Self {
        Memo {
            inputs: self.inputs.clone(),
            value: self.value.clone(),
        }
    }
}

impl<K: PartialEq, V> Memo<K, V> {
    /// `compute` over `inputs`.
    pub fn of(inputs: K, compute: impl FnOnce(&K) -> V) -> Self {
        let value = Shared::new(compute(&inputs));
        Memo { inputs, value }
    }

    /// This one when `inputs` are the same as its own; else `compute` over them.
    pub fn next(&self, inputs: K, compute: impl FnOnce(&K) -> V) -> Self
    where
        K: Clone,
    {
        match self.inputs == inputs {
            true => self.clone(),
            false => Memo::of(inputs, compute),
        }
    }

    /// The view model, shared.
    pub fn shared(&self) -> Shared<V> {
        self.value.clone()
    }
}

impl<K, V> std::ops::Deref for Memo<K, V> {
    type Target = V;
    fn deref(&self) -> &V {
        &self.value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_memo_computes_again_only_when_its_inputs_differ() {
        let mut computed = 0;
        let mut count = |n: &u32| {
            computed += 1;
            *n * 2
        };
        let first = Memo::of(1, &mut count);
        let same = first.next(1, &mut count);
        assert!(same.shared() == first.shared(), "kept: the same address");
        let other = same.next(2, &mut count);
        assert_eq!((*other, computed), (4, 2));
    }
}
