//! calico-kube-controllers' IPAM controller (`kube-controllers/pkg/controllers/node/ipam.go`), the part
//! that cleans up after a deleted node: a Kubernetes Node deleted (`OnKubernetesNodeDeleted`), a pod
//! deleted (`OnKubernetesPodDeleted`) or a block updated (the syncer's updates) kicks a sync
//! (`syncIPAM`). For a node in IPAM that is gone from the
//! API, `checkAllocations` checks each address assigned on it: one whose pod still exists (podgc has not
//! deleted it yet) is valid and the node waits ("Can't cleanup node yet"); otherwise its pods' addresses,
//! then its tunnel address, are confirmed leaks, which `garbageCollectKnownLeaks` releases
//! (`ReleaseIPs`), and `releaseNodes` → `cleanupNode` releases the node's affinities
//! (`ReleaseHostAffinities` with `mustBeEmpty`): its empty blocks are deleted, so another node, or the
//! node when it comes back, can claim them. A block holding another node's borrowed address stays the
//! deleted node's until that address is freed ("Error cleaning up node, will retry on next sync").

use super::bird;
use super::told::tell_ipam_events;
use super::unix_nano;
use crate::ipam::calico::block::{ATTRIBUTE_POD, ATTRIBUTE_TYPE_IPIP};
use crate::ipam::goip::GoIp;
use crate::sim::clock::VirtualDuration;
use crate::sim::cluster::{Action, Cluster};
use crate::sim::event::{EventKind, Reason};
use crate::sim::object::ObjectRef;
use crate::sim::upstream;
use std::net::IpAddr;

/// The Deployment the controller runs in, the object its entries are told on.
pub const KUBE_CONTROLLERS: &str = "calico-kube-controllers";

/// A Node was deleted: the controller's node informer sees it and kicks a full sync.
pub(crate) fn node_deleted(cluster: &mut Cluster, name: &str) {
    let Some(calico) = cluster.calico.as_deref_mut() else {
        return;
    };
    calico.gone.insert(name.to_string());
    bird::down(cluster, name);
    kick(cluster);
}

/// A Pod was deleted (`OnKubernetesPodDeleted`) or a block changed (the syncer's update): a sync, when
/// a deleted node still waits for its pods or its blocks to empty.
pub(crate) fn pod_or_block_changed(cluster: &mut Cluster) {
    if cluster
        .calico
        .as_deref()
        .is_some_and(|calico| !calico.gone.is_empty())
    {
        kick(cluster);
    }
}

/// Queue one sync `watch_latency` from now, unless one is due by then (`kick` on a buffered channel
/// of one); it comes before a retry's back-off.
fn kick(cluster: &mut Cluster) {
    let after = cluster.settings.watch_latency;
    queue(cluster, after);
}

/// The one sync due, `after` from now unless one is due sooner; a sync queued for later is dropped
/// when it comes ([`sync`] runs only the one due).
fn queue(cluster: &mut Cluster, after: VirtualDuration) {
    let at = cluster.now + after;
    let Some(calico) = cluster.calico.as_deref_mut() else {
        return;
    };
    if calico.sync_due.is_none_or(|due| due > at) {
        calico.sync_due = Some(at);
        cluster.schedule(after, Action::CalicoIpamSync);
    }
}

/// An address assigned on a deleted node, as `checkAllocations` sees it.
struct Allocation {
    /// The address.
    ip: IpAddr,
    /// Its handle.
    handle: String,
    /// Whether it is the node's `tunl0` address.
    tunnel: bool,
    /// Whether it is still valid: its pod exists, with no address reported yet or with this one.
    valid: bool,
}

/// The sync's retry after a failure (`NewIPAMController`'s rate limiter: `5ms` doubling, at most `30s`).
const RETRY_BASE: VirtualDuration = VirtualDuration::from_millis(5);
/// The longest wait between retries.
const RETRY_MAX: VirtualDuration = VirtualDuration::from_secs(30);

/// `syncIPAM` for the deleted nodes, in name order; a node that could not be cleaned up makes the
/// sync fail, and the retry controller runs it again with back-off until it succeeds.
pub(crate) fn sync(cluster: &mut Cluster) {
    let now = unix_nano(cluster.now.as_millis());
    let Some(calico) = cluster.calico.as_deref_mut() else {
        return;
    };
    if calico.sync_due != Some(cluster.now) {
        return;
    }
    calico.sync_due = None;
    calico.ipam.now_unix_nano = now;
    let retrying = calico.sync_failures > 0;
    let gone: Vec<String> = calico.gone.iter().cloned().collect();
    let mut failed = false;
    for host in gone {
        // A node of that name registered again: it exists, and keeps its affinities.
        if cluster.nodes.contains_key(host.as_str()) {
            if let Some(calico) = cluster.calico.as_deref_mut() {
                calico.gone.remove(&host);
            }
            continue;
        }
        failed |= !release_node(cluster, &host, retrying);
    }
    let Some(calico) = cluster.calico.as_deref_mut() else {
        return;
    };
    if !failed {
        calico.sync_failures = 0;
        return;
    }
    let back_off = RETRY_BASE.exponential(calico.sync_failures, RETRY_MAX);
    calico.sync_failures += 1;
    queue(cluster, back_off);
}

/// `checkAllocations`, `garbageCollectKnownLeaks` and `releaseNodes` for one deleted node; false when
/// `cleanupNode` failed. A retry of a failure already told tells only its success.
fn release_node(cluster: &mut Cluster, host: &str, retrying: bool) -> bool {
    let allocations = allocations(cluster, host);
    let object = ObjectRef::component(KUBE_CONTROLLERS);
    let Some(calico) = cluster.calico.as_deref_mut() else {
        return true;
    };
    // A node IPAM never knew (no block, no address) is not a node the controller checks.
    if allocations.is_empty() && calico.ipam.affine_blocks(host, 4).is_empty() {
        calico.gone.remove(host);
        return true;
    }
    if allocations.iter().any(|a| a.valid) {
        let pods = allocations.iter().filter(|a| a.valid).count();
        cluster.log(
            object,
            EventKind::Step,
            Reason::BlockAffinity,
            format_args!(
                "IPAM controller: node {host} is gone, but {pods} of its pods still exist (podgc has not deleted them): Can't cleanup node yet - IPs still in use on this node"
            ),
            Some(host.into()),
            &upstream::CALICO_CHECK_ALLOCATIONS,
        );
        return true;
    }
    let Some(calico) = cluster.calico.as_deref_mut() else {
        return true;
    };
    // Pods' addresses first, then the tunnel's, as the leaks are confirmed.
    let mut released = Vec::new();
    for tunnel in [false, true] {
        for a in allocations.iter().filter(|a| a.tunnel == tunnel) {
            if calico.ipam.release_by_handle(&a.handle).is_ok() {
                released.push(a);
            }
        }
    }
    let events = calico.ipam.take_events();
    super::told::written(cluster, &events, false);
    // The blocks those addresses left were updated: the syncer's update kicks another sync, in which a
    // node this one borrowed from can be cleaned up.
    if !released.is_empty() {
        pod_or_block_changed(cluster);
    }
    for a in released {
        cluster.log(
            object.clone(),
            EventKind::Step,
            Reason::IPAMRelease,
            format_args!(
                "IPAM controller: Successfully garbage collected leaked IP address {} (handle {}, node {host} deleted{}): back on its block's unallocated list",
                GoIp(a.ip),
                a.handle,
                if a.tunnel { ", its tunl0 address" } else { ", its pod deleted" }
            ),
            Some(host.into()),
            &upstream::CALICO_GARBAGE_COLLECT_KNOWN_LEAKS,
        );
    }
    if !retrying {
        cluster.log(
            object.clone(),
            EventKind::Step,
            Reason::BlockAffinity,
            format_args!("IPAM controller: Cleaning up IPAM affinities for deleted node {host}"),
            Some(host.into()),
            &upstream::CALICO_CLEANUP_NODE,
        );
    }
    let Some(calico) = cluster.calico.as_deref_mut() else {
        return true;
    };
    let result = calico.ipam.release_host_affinities(host, true);
    if result.is_ok() {
        calico.gone.remove(host);
    }
    let events = calico.ipam.take_events();
    tell_ipam_events(cluster, &object, host, events.clone(), None);
    super::told::written(cluster, &events, true);
    match result {
        Ok(()) => true,
        Err(err) => {
            if !retrying {
                cluster.log(
                    object,
                    EventKind::Warning,
                    Reason::BlockAffinity,
                    format_args!(
                        "IPAM controller: Error cleaning up node, will retry on next sync: {err} (a pod of another node holds an address of it); the sync is retried after 5ms, doubling to 30s, until it is freed"
                    ),
                    Some(host.into()),
                    &upstream::CALICO_CLEANUP_NODE,
                );
            }
            false
        }
    }
}

/// The addresses assigned on `host`, each judged as `allocationIsValid` judges it with the node gone.
fn allocations(cluster: &Cluster, host: &str) -> Vec<Allocation> {
    let Some(calico) = cluster.calico.as_deref() else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for block in calico.ipam.blocks().values() {
        for (ip, attr) in block.allocations_on(host) {
            let Some(handle) = attr.handle_id.clone() else {
                continue;
            };
            let tunnel = attr.active_owner_attrs.get("type").map(String::as_str)
                == Some(ATTRIBUTE_TYPE_IPIP);
            let valid = !tunnel
                && attr
                    .active_owner_attrs
                    .get(ATTRIBUTE_POD)
                    .and_then(|pod| cluster.pods.get(pod))
                    .is_some_and(|pod| pod.ips().is_empty() || pod.ips().contains(&ip));
            found.push(Allocation {
                ip,
                handle,
                tunnel,
                valid,
            });
        }
    }
    found
}
