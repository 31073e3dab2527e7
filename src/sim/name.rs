//! The names the log and the maps hold: objects' and nodes' names and sandbox IDs, shared.

use serde::{Serialize, Serializer};
use std::borrow::Borrow;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;
use std::rc::Rc;

/// An object's or node's name, or a sandbox's ID, as the log and the maps hold it: shared, so the dozen
/// entries one pod's life logs point at one string instead of each copying it (the 256-node churn logs
/// ~400,000 entries). It reads, compares, prints and serialises as the plain string.
///
/// Two names are equal when they read the same; one shared string is recognised by its address first, so
/// a map keyed by `Name` and searched with a clone of its key (as the actors' queued work carries the pod's
/// or node's name) does not compare the text.
#[derive(Clone, Eq, PartialOrd, Ord)]
pub struct Name(Rc<str>);

impl PartialEq for Name {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0) || self.0 == other.0
    }
}

/// The text's hash, as [`Borrow<str>`] requires of a key searched by `&str`.
impl Hash for Name {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (*self.0).hash(state);
    }
}

impl Deref for Name {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl Name {
    /// `<prefix><name>`, e.g. a pod's `pod/<name>` object, built in a stack buffer when it fits: one
    /// allocation (the shared string) instead of a `String` first, per pod of a run.
    pub(crate) fn prefixed(prefix: &str, name: &str) -> Name {
        let mut buffer = [0u8; 320];
        let len = prefix.len() + name.len();
        match buffer.get_mut(..len) {
            Some(out) => {
                out[..prefix.len()].copy_from_slice(prefix.as_bytes());
                out[prefix.len()..].copy_from_slice(name.as_bytes());
                // Two `str`s joined: always UTF-8.
                Name::from(std::str::from_utf8(out).unwrap_or_default())
            }
            None => Name::from([prefix, name].concat()),
        }
    }
}

impl From<&str> for Name {
    fn from(name: &str) -> Self {
        Name(Rc::from(name))
    }
}

/// A string already shared (a sandbox ID as containerd's generator made it) becomes a name without a copy.
impl From<Rc<str>> for Name {
    fn from(name: Rc<str>) -> Self {
        Name(name)
    }
}

impl From<String> for Name {
    fn from(name: String) -> Self {
        Name(Rc::from(name))
    }
}

/// So maps keyed by `Name` are searched with a `&str`.
impl Borrow<str> for Name {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl PartialEq<str> for Name {
    fn eq(&self, other: &str) -> bool {
        &*self.0 == other
    }
}

impl PartialEq<&str> for Name {
    fn eq(&self, other: &&str) -> bool {
        &*self.0 == *other
    }
}

/// As `str` displays, honouring width and alignment (the transcript pads the object column).
impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.0)
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl Serialize for Name {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pod's object name, from the stack buffer and, for a name longer than it, from a `String`.
    #[test]
    fn prefixed_names() {
        assert_eq!(&*Name::prefixed("pod/", "a"), "pod/a");
        assert_eq!(&*Name::prefixed("", ""), "");
        let long = "x".repeat(400);
        assert_eq!(&*Name::prefixed("pod/", &long), format!("pod/{long}"));
    }
}
