//! An event's object, as kubectl's `OBJECT` column names it: `node/<name>` or `pod/<name>`, or the
//! component itself where no object is concerned (kube-controller-manager failing to start).

use super::name::Name;
use serde::{Serialize, Serializer};
use std::fmt;

/// The object an event is about: a node, a pod or a component. It holds the `kind/name` text once,
/// shared (the log of a large run holds ~400,000 of them), and is the one place that writes or reads
/// that form.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ObjectRef(Name);

/// The kinds of object an event names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ObjectKind {
    /// A Node.
    Node,
    /// A Pod.
    Pod,
    /// A component, named without a kind.
    Component,
}

impl ObjectKind {
    /// kubectl's lowercase kind, before the slash.
    pub fn as_str(self) -> &'static str {
        match self {
            ObjectKind::Node => "node",
            ObjectKind::Pod => "pod",
            ObjectKind::Component => "",
        }
    }
}

impl ObjectRef {
    /// `node/<name>`.
    pub fn node(name: &str) -> Self {
        ObjectRef(Name::prefixed("node/", name))
    }

    /// `pod/<name>`.
    pub fn pod(name: &str) -> Self {
        ObjectRef(Name::prefixed("pod/", name))
    }

    /// A component's own name (`kube-controller-manager`).
    pub fn component(name: &str) -> Self {
        ObjectRef(Name::from(name))
    }

    /// A node's, a pod's or a component's.
    pub fn kind(&self) -> ObjectKind {
        self.split().0
    }

    /// The object's own name, without its kind.
    pub fn name(&self) -> &str {
        self.split().1
    }

    fn split(&self) -> (ObjectKind, &str) {
        match self.0.split_once('/') {
            Some(("node", name)) => (ObjectKind::Node, name),
            Some(("pod", name)) => (ObjectKind::Pod, name),
            _ => (ObjectKind::Component, &self.0),
        }
    }

    /// The node's name, when it is a node.
    pub fn as_node(&self) -> Option<&str> {
        (self.kind() == ObjectKind::Node).then(|| self.name())
    }

    /// The pod's name, when it is a pod.
    pub fn as_pod(&self) -> Option<&str> {
        (self.kind() == ObjectKind::Pod).then(|| self.name())
    }

    /// `kind/name`, as kubectl prints it.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Compared with kubectl's `kind/name` text (`event.object == "pod/a"`).
impl PartialEq<&str> for ObjectRef {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl PartialEq<str> for ObjectRef {
    fn eq(&self, other: &str) -> bool {
        self.0 == *other
    }
}

/// `kind/name`, honouring width and alignment (the transcript pads the object column).
impl fmt::Display for ObjectRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl fmt::Debug for ObjectRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl Serialize for ObjectRef {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_and_name_read_back() {
        let node = ObjectRef::node("kind-worker");
        assert_eq!(node.to_string(), "node/kind-worker");
        assert_eq!(
            (node.kind(), node.name()),
            (ObjectKind::Node, "kind-worker")
        );
        assert_eq!((node.as_node(), node.as_pod()), (Some("kind-worker"), None));
        let pod = ObjectRef::pod("web-1");
        assert_eq!((pod.as_node(), pod.as_pod()), (None, Some("web-1")));
        assert_eq!(pod, "pod/web-1");
        assert_eq!(format!("{pod:<12}|"), "pod/web-1   |");
        let kcm = ObjectRef::component("kube-controller-manager");
        assert_eq!(
            (kcm.kind(), kcm.name()),
            (ObjectKind::Component, "kube-controller-manager")
        );
        assert_eq!(kcm.to_string(), "kube-controller-manager");
    }
}
