//! A small bounded cache: at most `capacity` entries, the least recently used evicted.
//!
//! Invariant: never more than `capacity` entries.

use std::collections::HashMap;
use std::hash::Hash;

pub struct Bounded<K, V> {
    capacity: usize,
    tick: u64,
    entries: HashMap<K, (u64, V)>,
}

impl<K: Hash + Eq + Clone, V: Clone> Bounded<K, V> {
    pub fn new(capacity: usize) -> Self {
        Bounded {
            capacity: capacity.max(1),
            tick: 0,
            entries: HashMap::new(),
        }
    }

    pub fn get(&mut self, k: &K) -> Option<V> {
        self.tick += 1;
        let tick = self.tick;
        self.entries.get_mut(k).map(|(used, v)| {
            *used = tick;
            v.clone()
        })
    }

    pub fn put(&mut self, k: K, v: V) {
        self.tick += 1;
        if !self.entries.contains_key(&k) && self.entries.len() >= self.capacity {
            let oldest = self
                .entries
                .iter()
                .min_by_key(|(_, (used, _))| *used)
                .map(|(k, _)| k.clone());
            if let Some(o) = oldest {
                self.entries.remove(&o);
            }
        }
        self.entries.insert(k, (self.tick, v));
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.entries.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_least_recently_used_entry_goes_first_and_the_bound_holds() {
        let mut c = Bounded::new(2);
        c.put(1, "a");
        c.put(2, "b");
        assert_eq!(c.get(&1), Some("a"));
        c.put(3, "c");
        assert_eq!(c.len(), 2);
        assert_eq!(c.get(&2), None, "2 was the least recently used");
        assert_eq!(c.get(&1), Some("a"));
        assert_eq!(c.get(&3), Some("c"));
    }
}
