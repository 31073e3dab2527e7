//! What the commands print: a value as JSON, and a capacity plan as text.

use podip::ipam::capacity::{BitRole, CapacityPlan, FamilyCapacity};
use podip::ipam::goip::net_string;
use podip::sim::Chain;

/// `value` as pretty JSON, with a newline.
pub fn to_json(value: &impl serde::Serialize) -> Result<String, String> {
    serde_json::to_string_pretty(value)
        .map(|text| text + "\n")
        .map_err(|err| err.to_string())
}

/// Calico's pool for these cluster CIDRs as calico-node creates it, and what it gives nodes before one
/// borrows; the node subnets above stay kube-controller-manager's, unused by calico-ipam.
fn render_calico_plan(cluster_cidrs: &[ipnet::IpNet], max_pods: u32) -> String {
    let pool = match podip::sim::chain::calico::calico_node::default_pool(cluster_cidrs) {
        Ok(pool) => pool,
        Err(err) => return format!("calico-node: {err}\n"),
    };
    let plan = pool.plan(max_pods);
    format!(
        "Calico IP pool {name} {cidr} (kubeadm's podSubnet, else 192.168.0.0/16) in /{size} blocks\n\
         \x20 blocks in the pool       {blocks}\n\
         \x20 addresses per block      {addresses}\n\
         \x20 pods in a node's first   {first} (tunl0 takes its first address)\n\
         \x20 blocks per node          {per_node} for --max-pods {max_pods}\n\
         \x20 pods per node            {pods} from its own blocks, before borrowing\n\
         \x20 nodes before borrowing   {nodes} (then a node borrows from another node's block)\n",
        name = pool.name,
        cidr = pool.cidr,
        size = pool.block_size,
        blocks = plan.blocks,
        addresses = plan.block_addresses,
        first = plan.first_block_pods,
        per_node = plan.blocks_per_node,
        pods = plan.pods_per_node,
        nodes = plan.nodes_before_borrowing,
    )
}

/// The capacity planner's figures as text for nodes on `chain`: on Calico, kube-controller-manager's
/// split (the podCIDRs calico-ipam does not read) and Calico's pool, in place of host-local's figures.
pub fn render_capacity(plan: &CapacityPlan, chain: Chain) -> String {
    let calico = chain == Chain::Calico;
    let mut out = String::new();
    for warning in &plan.warnings {
        out.push_str(&format!("warning: {warning}\n"));
    }
    for family in &plan.families {
        out.push_str(&render_family(family, plan.max_pods, calico));
    }
    if calico {
        let cidrs: Vec<ipnet::IpNet> = plan.families.iter().map(|f| f.cluster_cidr).collect();
        out.push_str(&render_calico_plan(&cidrs, plan.max_pods));
    }
    out
}

fn render_family(f: &FamilyCapacity, max_pods: u32, calico: bool) -> String {
    let bits = f.cluster_cidr.max_prefix_len();
    let group = if bits == 32 { 8 } else { 16 };
    // IPv4 on one line of octets; IPv6 on two lines of four hextets, so it fits a terminal.
    let per_line = if bits == 32 { 32 } else { 64 };
    let separator = if bits == 32 { "." } else { ":" };
    let ruler: String = f
        .bits
        .chunks(per_line)
        .map(|line| {
            let render = |cell: fn(&podip::ipam::capacity::Bit) -> char| {
                line.chunks(group)
                    .map(|chunk| chunk.iter().map(cell).collect::<String>())
                    .collect::<Vec<_>>()
                    .join(separator)
            };
            let values = render(|b| if b.value { '1' } else { '0' });
            let roles = render(|b| match b.role {
                BitRole::ClusterPrefix => 'c',
                BitRole::NodeIndex => 'n',
                BitRole::PodHost => 'p',
            });
            format!("  {values}\n  {roles}\n")
        })
        .collect();
    let usable_note = if f.usable_pod_ips_per_node == 0 {
        "host-local refuses a subnet this small"
    } else if bits == 32 {
        "host-local: network, gateway and broadcast excluded"
    } else {
        "host-local: network and gateway excluded"
    };
    let host_local = if calico {
        "\x20 pod addresses            not from spec.podCIDR: calico-ipam takes them from the IP pool's blocks\n"
            .to_string()
    } else {
        format!(
            "\x20 usable pod IPs per node  {usable} ({usable_note})\n\
             \x20 usable pod IPs in all    {total}\n",
            usable = f.usable_pod_ips_per_node,
            total = f.usable_pod_ips_total,
        )
    };
    format!(
        "{cidr} split into /{node} node subnets\n\
         {ruler}\
         \x20 c = cluster prefix ({cm} bits), n = node index ({nb} bits), p = pod host ({pb} bits)\n\
         \x20 node subnets             {subnets} (2^{nb})\n\
         \x20 addresses per node       {per_node} (2^{pb})\n\
         {host_local}\
         \x20 first node subnet        {first}\n\
         \x20 last node subnet         {last}\n\
         {max_pods_line}",
        cidr = net_string(&f.cluster_cidr),
        node = f.node_mask_size,
        cm = f.cluster_mask_size,
        nb = f.node_index_bits,
        pb = f.pod_host_bits,
        subnets = f.node_subnets,
        per_node = power_of_two(f.pod_host_bits, f.addresses_per_node),
        first = net_string(&f.first_node_subnet),
        last = net_string(&f.last_node_subnet),
        max_pods_line = if calico {
            String::new()
        } else {
            format!("\x20 kubelet --max-pods       {max_pods} ({})\n", max_pods_fit(f))
        },
    )
}

/// Whether `max_pods` fit a node subnet as host-local hands it out, in host-local's words when not.
fn max_pods_fit(f: &FamilyCapacity) -> String {
    if f.max_pods_fit {
        "fits".to_string()
    } else if f.usable_pod_ips_per_node == 0 {
        format!(
            "no pod gets an address: host-local fails every ADD with \"invalid range set 0: Network {} too small to allocate from\"",
            net_string(&f.first_node_subnet)
        )
    } else {
        "more than the usable addresses: pods beyond them fail with host-local's \"no IP addresses available in range set\"".to_string()
    }
}

/// `2^128` does not fit in a u128; say it as a power.
fn power_of_two(exponent: u8, value: u128) -> String {
    if exponent >= 128 {
        "2^128".to_string()
    } else {
        value.to_string()
    }
}
