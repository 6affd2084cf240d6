//! Classes joined by links, the one union-find of the crate (petgraph's
//! [`UnionFind`]): connected components for condition (4) of Theorem 2.1,
//! the twisted criterion and the census's independent verdicts.

use petgraph::unionfind::UnionFind;

/// Groups `0..count` into the classes the `links` join, each class sorted,
/// classes ordered by their smallest member.
///
/// # Complexity
/// `O(count * classes + links * α(count))`: meant for the handful of
/// vertices of a subgraph.
pub(crate) fn partition(count: usize, links: impl IntoIterator<Item = (usize, usize)>) -> Vec<Vec<usize>> {
    let mut sets = UnionFind::new(count);
    for (a, b) in links {
        sets.union(a, b);
    }
    let labels = sets.into_labeling();
    let mut classes: Vec<Vec<usize>> = Vec::new();
    for item in 0..count {
        match classes.iter_mut().find(|c| labels[c[0]] == labels[item]) {
            Some(class) => class.push(item),
            None => classes.push(vec![item]),
        }
    }
    classes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_join_classes_ordered_by_smallest_member() {
        assert_eq!(partition(5, [(3, 1), (4, 0)]), vec![vec![0, 4], vec![1, 3], vec![2]]);
        assert_eq!(partition(3, []).len(), 3);
        assert!(partition(0, []).is_empty());
    }
}
