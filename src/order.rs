//! Sorting that is compiled once for all its callers.
//!
//! `slice::sort_by` and `sort_unstable_by` are instantiated per element type and comparator, 2–4 KB of
//! wasm each, and so is `collect` into a `BTreeMap` or `BTreeSet` (it sorts first). Here the sort orders
//! `u32` indices through a trait object, and only the small moves around it are generic.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

/// `items` in the order `cmp` gives, equal items in no particular order.
pub(crate) fn sorted_by<T>(items: Vec<T>, cmp: impl Fn(&T, &T) -> Ordering) -> Vec<T> {
    let mut order: Vec<u32> = (0..items.len() as u32).collect();
    sort_indices(&mut order, &|a, b| {
        cmp(&items[a as usize], &items[b as usize])
    });
    in_order(items, order)
}

/// `items` sorted in place as `slice::sort_by` sorts them: equal items keep their order.
pub(crate) fn sort_by<T>(items: &mut Vec<T>, cmp: impl Fn(&T, &T) -> Ordering) {
    if items.len() < 2 {
        return;
    }
    let taken = std::mem::take(items);
    let mut order: Vec<u32> = (0..taken.len() as u32).collect();
    sort_indices(&mut order, &|a, b| {
        cmp(&taken[a as usize], &taken[b as usize]).then(a.cmp(&b))
    });
    *items = in_order(taken, order);
}

/// `items` sorted in place by `key`, as `slice::sort_by_key` sorts them (stable).
pub(crate) fn sort_by_key<T, K: Ord>(items: &mut Vec<T>, key: impl Fn(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// `items` sorted in place, as `slice::sort` sorts them.
pub(crate) fn sort<T: Ord>(items: &mut Vec<T>) {
    sort_by(items, T::cmp);
}

/// The pairs of `items` in a map, as `collect` makes it (a later equal key's value wins).
pub(crate) fn map<K: Ord, V>(items: impl IntoIterator<Item = (K, V)>) -> BTreeMap<K, V> {
    let mut map = BTreeMap::new();
    for (key, value) in items {
        map.insert(key, value);
    }
    map
}

/// `items` as a set, as `collect` makes it.
pub(crate) fn set<T: Ord>(items: impl IntoIterator<Item = T>) -> BTreeSet<T> {
    let mut set = BTreeSet::new();
    for item in items {
        set.insert(item);
    }
    set
}

fn in_order<T>(items: Vec<T>, order: Vec<u32>) -> Vec<T> {
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
            sorted_by(names.clone(), |x, y| x.0.cmp(y.0)),
            [("a", 3), ("b", 1), ("c", 2)]
        );
    }

    #[test]
    fn sorts_in_place_as_the_stable_slice_sort() {
        // Many equal keys, so the order of equals shows.
        let items: Vec<(u8, usize)> = (0..200).map(|i| ((i * 7919 % 13) as u8, i)).collect();
        for cut in [0, 1, 2, 17, 200] {
            let mut expected = items[..cut].to_vec();
            expected.sort_by_key(|item| item.0);
            let mut sorted = items[..cut].to_vec();
            sort_by_key(&mut sorted, |item| item.0);
            assert_eq!(sorted, expected);
            let mut by = items[..cut].to_vec();
            sort_by(&mut by, |a, b| b.0.cmp(&a.0));
            expected.sort_by_key(|b| std::cmp::Reverse(b.0));
            assert_eq!(by, expected);
            let mut all = items[..cut].to_vec();
            sort(&mut all);
            expected.sort();
            assert_eq!(all, expected);
        }
    }

    #[test]
    fn collects_as_collect_does() {
        let pairs = [("b", 1), ("a", 2), ("b", 3)];
        assert_eq!(map(pairs), pairs.into_iter().collect::<BTreeMap<_, _>>());
        assert_eq!(set([3, 1, 3, 2]), BTreeSet::from([1, 2, 3]));
    }
}
