//! Unstable sorting that is compiled once for all its callers.
//!
//! `slice::sort_unstable_by` is instantiated per element type and comparator, 3–4 KB of wasm each; the
//! snapshot's listings (nodes and pods by name, pending DELs by due time, podgc's queue) each had their
//! own. Here the sort orders `u32` indices through a trait object, and only the small moves around it
//! are generic.

use std::cmp::Ordering;

/// `items` in the order `cmp` gives, equal items in no particular order.
pub(crate) fn sorted_by<T>(items: Vec<T>, cmp: impl Fn(&T, &T) -> Ordering) -> Vec<T> {
    let mut order: Vec<u32> = (0..items.len() as u32).collect();
    sort_indices(&mut order, &|a, b| {
        cmp(&items[a as usize], &items[b as usize])
    });
    let mut slots: Vec<Option<T>> = items.into_iter().map(Some).collect();
    order
        .into_iter()
        .filter_map(|i| slots[i as usize].take())
        .collect()
}

fn sort_indices(order: &mut [u32], cmp: &dyn Fn(u32, u32) -> Ordering) {
    order.sort_unstable_by(|a, b| cmp(*a, *b));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_like_the_slice_sort() {
        for items in [
            vec![],
            vec![3],
            vec![5, 1, 4, 1, 5, 9, 2, 6, 5, 3],
            (0..100).rev().collect::<Vec<i32>>(),
        ] {
            let mut expected = items.clone();
            expected.sort_unstable();
            assert_eq!(sorted_by(items, |a, b| a.cmp(b)), expected);
        }
        let names = vec![("b", 1), ("c", 2), ("a", 3)];
        assert_eq!(
            sorted_by(names, |x, y| x.0.cmp(y.0)),
            [("a", 3), ("b", 1), ("c", 2)]
        );
    }
}
