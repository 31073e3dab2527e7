//! What the stage's view model holds, named as the page's `data-shows` names it
//! ([`podip::tours::Shows`]): `pod:a@kind-worker`, `packet:web>db`.

use podip::playback::stage::Stage;
use podip::tours::{On, Shows};
use std::collections::BTreeSet;

/// Every thing the stage holds, by its name and node (a packet by its name alone).
pub fn names(stage: &Stage) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for node in stage.nodes.iter().flatten() {
        let mut on = |thing: Shows| names.insert(format!("{thing}@{}", node.name));
        on(Shows::Node(&node.name));
        for cidr in &node.pod_cidrs {
            on(Shows::PodCidr(cidr));
        }
        for file in &node.files {
            on(Shows::IpFile(file));
        }
        for pod in &node.pods {
            on(Shows::Pod(&pod.name));
            for ip in &pod.ips {
                on(Shows::Address(ip));
            }
            if pod.ip_files.iter().any(|f| node.files.contains(f)) {
                on(Shows::IpFile(&pod.name));
            }
            if let Some(veth) = &pod.veth {
                on(Shows::Veth(&pod.name));
                on(Shows::Veth(&veth.name));
            }
            for prefix in pod.route_prefixes() {
                on(Shows::Route(&prefix));
            }
            for address in &pod.host_addresses {
                on(Shows::VethAddress(address));
            }
            if pod.borrowed.is_some() {
                for ip in &pod.ips {
                    on(Shows::Borrowed(ip));
                }
            }
        }
        let Some(chain) = stage.chains.iter().find(|c| c.node == node.name) else {
            continue;
        };
        if node.conflist {
            on(Shows::File(chain.cni.conflist_name()));
        }
        if let Some(subnet) = &chain.flannel_subnet {
            on(Shows::File("subnet.env"));
            on(Shows::SubnetEnv(subnet));
        }
        let (prefixes, dev) = chain.node_route_prefixes();
        for prefix in &prefixes {
            on(Shows::Route(prefix));
        }
        if let Some(dev) = dev.filter(|_| !prefixes.is_empty()) {
            on(Shows::RouteDev(&dev));
        }
        if let Some(bridge) = &chain.bridge {
            on(Shows::Bridge(&bridge.name));
            for gateway in &bridge.gateways {
                on(Shows::Gateway(gateway));
            }
            let connected = bridge.connected_route.as_deref();
            if let Some(prefix) = connected.and_then(|r| r.split_whitespace().next()) {
                on(Shows::Route(prefix));
            }
        }
        for block in chain.calico.iter().flat_map(|c| &c.blocks) {
            on(Shows::Block(&block.cidr));
        }
        for prefix in chain.calico.iter().flat_map(|c| c.blackhole_prefixes()) {
            on(Shows::Route(&prefix));
        }
        for neighbour in &chain.neighbours {
            on(Shows::Neighbour(&neighbour.ip));
            on(Shows::NeighbourState(&neighbour.ip, neighbour.state));
        }
    }
    if let Some(packet) = &stage.packet {
        names.insert(Shows::Packet(&packet.from, &packet.to).to_string());
    }
    names
}

/// What of `declared` the stage does not hold.
pub fn missing(stage: &Stage, declared: &[On]) -> Vec<String> {
    let held = names(stage);
    declared
        .iter()
        .flat_map(On::names)
        .filter(|name| !held.contains(name))
        .collect()
}
