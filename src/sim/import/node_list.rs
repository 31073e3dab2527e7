//! `kubectl get nodes -o json` read as nodes: a `List` of Nodes (what kubectl prints), the API's
//! `NodeList`, or one `Node`. Only `metadata.name` and `spec.podCIDR(s)` are read; serde skips the rest.

use crate::order;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::fmt;

/// The largest text read (16 MiB): a few thousand nodes with their managed fields.
pub const MAX_IMPORT_BYTES: usize = 16 << 20;

/// One node as the import reads it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ImportedNode {
    /// `metadata.name`.
    pub name: String,
    /// `spec.podCIDRs`, or `[spec.podCIDR]` from a cluster older than dual-stack; empty when none.
    pub pod_cidrs: Vec<String>,
}

/// Why a text was not read as nodes; `Display` is the command line's English.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportError {
    /// Over [`MAX_IMPORT_BYTES`].
    TooLarge {
        /// Its size.
        bytes: usize,
    },
    /// Not JSON (serde_json's message, with line and column).
    NotJson(String),
    /// JSON, but neither a `NodeList`, a `List` nor a `Node`.
    NotNodes {
        /// Its `kind` (empty when it has none).
        kind: String,
    },
    /// A `List` holding something other than Nodes.
    OtherKind {
        /// The item's position, from 0.
        index: usize,
        /// Its `kind`.
        kind: String,
    },
    /// A node without `metadata.name`.
    NoName {
        /// Its position, from 0.
        index: usize,
    },
    /// Two nodes of one name.
    Duplicate(String),
    /// A list without a single node.
    NoNodes,
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooLarge { bytes } => write!(
                f,
                "{bytes} bytes: more than podip reads ({MAX_IMPORT_BYTES} bytes)"
            ),
            Self::NotJson(err) => write!(f, "not JSON: {err}"),
            Self::NotNodes { kind } => write!(
                f,
                "not a list of nodes (kind {kind:?}): expected the output of kubectl get nodes -o json"
            ),
            Self::OtherKind { index, kind } => {
                write!(f, "items[{index}] is a {kind}, not a Node")
            }
            Self::NoName { index } => write!(f, "items[{index}] has no metadata.name"),
            Self::Duplicate(name) => write!(f, "node {name:?} appears twice"),
            Self::NoNodes => f.write_str("the list holds no nodes"),
        }
    }
}

impl std::error::Error for ImportError {}

/// The parts of an API object the import reads; serde skips the rest (managed fields, status, …).
#[derive(Deserialize, Default)]
#[serde(default)]
struct ApiObject {
    kind: String,
    metadata: Metadata,
    spec: NodeSpec,
    items: Option<Vec<ApiObject>>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Metadata {
    name: String,
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct NodeSpec {
    #[serde(rename = "podCIDR")]
    pod_cidr: String,
    #[serde(rename = "podCIDRs")]
    pod_cidrs: Vec<String>,
}

/// Read `kubectl get nodes -o json` (a `List` of Nodes), a `NodeList` or a single `Node`: the nodes in
/// name order, as the API lists them to kube-controller-manager.
///
/// # Examples
/// ```
/// use podip::sim::import::parse_nodes;
/// let text = r#"{"apiVersion":"v1","kind":"List","items":[
///   {"kind":"Node","metadata":{"name":"w"},"spec":{"podCIDR":"10.244.1.0/24","podCIDRs":["10.244.1.0/24"]}},
///   {"kind":"Node","metadata":{"name":"cp"},"spec":{}}]}"#;
/// let nodes = parse_nodes(text).unwrap();
/// assert_eq!((nodes[0].name.as_str(), nodes[0].pod_cidrs.len()), ("cp", 0));
/// assert_eq!(nodes[1].pod_cidrs, ["10.244.1.0/24"]);
/// assert!(parse_nodes("{").unwrap_err().to_string().starts_with("not JSON"));
/// ```
pub fn parse_nodes(text: &str) -> Result<Vec<ImportedNode>, ImportError> {
    if text.len() > MAX_IMPORT_BYTES {
        return Err(ImportError::TooLarge { bytes: text.len() });
    }
    let object: ApiObject =
        serde_json::from_str(text).map_err(|err| ImportError::NotJson(err.to_string()))?;
    let items = match (object.kind.as_str(), object.items) {
        ("NodeList" | "List", Some(items)) => items,
        ("Node", _) => vec![ApiObject {
            kind: object.kind,
            metadata: object.metadata,
            spec: object.spec,
            items: None,
        }],
        (kind, _) => {
            return Err(ImportError::NotNodes {
                kind: kind.to_string(),
            })
        }
    };
    let mut names = BTreeSet::new();
    let mut nodes = Vec::with_capacity(items.len());
    for (index, item) in items.into_iter().enumerate() {
        // A NodeList's items may omit their kind; a List's name theirs.
        if !item.kind.is_empty() && item.kind != "Node" {
            return Err(ImportError::OtherKind {
                index,
                kind: item.kind,
            });
        }
        if item.metadata.name.is_empty() {
            return Err(ImportError::NoName { index });
        }
        if !names.insert(item.metadata.name.clone()) {
            return Err(ImportError::Duplicate(item.metadata.name));
        }
        let pod_cidrs = if item.spec.pod_cidrs.is_empty() && !item.spec.pod_cidr.is_empty() {
            vec![item.spec.pod_cidr]
        } else {
            item.spec.pod_cidrs
        };
        nodes.push(ImportedNode {
            name: item.metadata.name,
            pod_cidrs,
        });
    }
    if nodes.is_empty() {
        return Err(ImportError::NoNodes);
    }
    order::sort_by(&mut nodes, |a, b| a.name.cmp(&b.name));
    Ok(nodes)
}
