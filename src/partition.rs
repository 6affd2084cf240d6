//! Classes joined by links, the one union-find of the crate (petgraph's
//! [`UnionFind`]): connected components for condition (4) of Theorem 2.1,
//! the twisted criterion and the census's independent verdicts.

use petgraph::unionfind::UnionFind;

/// Groups `0..count` into the classes the `links` join, each class sorted,
/// classes ordered by their smallest member.
///
/// # Complexity
/// `O(count + links * α(count))`.
pub(crate) fn partition(count: usize, links: impl IntoIterator<Item = (usize, usize)>) -> Vec<Vec<usize>> {
    let mut sets = UnionFind::new(count);
    for (a, b) in links {
        sets.union(a, b);
    }
    let labels = sets.into_labeling();
    let mut class_of_label = vec![usize::MAX; count];
    let mut classes: Vec<Vec<usize>> = Vec::new();
    for (item, &label) in labels.iter().enumerate() {
        if class_of_label[label] == usize::MAX {
            class_of_label[label] = classes.len();
            classes.push(Vec::new());
        }
        classes[class_of_label[label]].push(item);
    }
    classes
}

/// Whether the `links` join all of `0..count` into one class (true for no
/// items or one).
///
/// # Complexity
/// `O(count + links * α(count))`, with no allocation beyond the union-find.
pub(crate) fn connected(count: usize, links: impl IntoIterator<Item = (usize, usize)>) -> bool {
    let mut sets = UnionFind::new(count);
    let merges = links.into_iter().filter(|&(a, b)| sets.union(a, b)).count();
    merges + 1 >= count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_join_classes_ordered_by_smallest_member() {
        assert_eq!(partition(5, [(3, 1), (4, 0)]), vec![vec![0, 4], vec![1, 3], vec![2]]);
        assert_eq!(partition(3, []).len(), 3);
        assert!(partition(0, []).is_empty());
        assert!(connected(3, [(0, 2), (2, 1)]));
        assert!(!connected(3, [(0, 2), (2, 0)]));
        assert!(connected(1, []) && connected(0, []));
    }
}
