//! kindnetd's CNI config (`kubernetes-sigs/kind`, `images/kindnetd/cmd/kindnetd/cni.go`): the node's podCIDRs
//! become `/etc/cni/net.d/10-kindnet.conflist`, a ptp + host-local + portmap chain.
//!
//! * [`compute_cni_config_inputs`] models `ComputeCNIConfigInputs`: which ranges and default routes.
//! * [`CniConfigInputs::render`] models executing `cniConfigTemplate` with Go's `text/template`, byte for
//!   byte: the template's tabs, the blank lines its `{{$first := true}}` actions leave, the leading newline,
//!   and the comma that lands on a line of its own before a second range or route.
//! * [`CniConfigWriter`] models `CNIConfigWriter.Write`: the MTU comes from the writer, and nothing is
//!   written when the inputs did not change.
//!
//! # Examples
//! ```
//! use podip::ipam::kindnet::compute_cni_config_inputs;
//! let inputs = compute_cni_config_inputs(&["10.244.1.0/24".to_string()]);
//! let conflist: serde_json::Value = serde_json::from_str(&inputs.with_mtu(65535).render()).unwrap();
//! assert_eq!(conflist["plugins"][0]["ipam"]["ranges"][0][0]["subnet"], "10.244.1.0/24");
//! assert_eq!(conflist["plugins"][0]["mtu"], 65535);
//! ```

use crate::ipam::goip::parse_cidr;
use crate::ipam::hostlocal::NetConf;
use std::net::IpAddr;

/// Where kindnetd writes the config (`cniConfigPath`).
pub const CNI_CONFIG_PATH: &str = "/etc/cni/net.d/10-kindnet.conflist";

/// The file written first and then renamed over [`CNI_CONFIG_PATH`], so the runtime never reads half a file.
pub const CNI_CONFIG_TEMP_PATH: &str = "/etc/cni/net.d/10-kindnet.conflist.temp";

/// The template's inputs (`CNIConfigInputs`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CniConfigInputs {
    /// One host-local range set per entry, in this order (`PodCIDRs`).
    pub pod_cidrs: Vec<String>,
    /// `ipam.routes` destinations (`DefaultRoutes`).
    pub default_routes: Vec<String>,
    /// The node's `eth0` MTU; 0 when it could not be read, and then no `mtu` key is written (`Mtu`).
    pub mtu: u32,
    /// host-local's `dataDir`. kindnetd's template fixes it to [`IPAM_DATA_DIR`]; another value stands
    /// for a CNI config that keeps host-local's state elsewhere (its default is `/var/lib/cni/networks`).
    pub ipam_data_dir: &'static str,
}

/// `ComputeCNIConfigInputs` for a node whose `spec.podCIDRs` are `pod_cidrs` (kcm sets `spec.podCIDR` to the
/// first).
///
/// * More than one podCIDR (dual-stack): every one, in order, and the routes `0.0.0.0/0` then `::/0` —
///   that order whatever the family order of the podCIDRs.
/// * Otherwise the legacy `spec.podCIDR`, and `::/0` if it reads as an IPv6 CIDR (`isIPv6CIDRString`),
///   else `0.0.0.0/0`. A node kcm has not given a podCIDR yet has an empty one, and kindnetd writes it
///   (`"subnet": ""`): its own node is written before any "has no CIDR" check.
///
/// The strings are the Node object's, written as they are: a podCIDR with host bits, an empty one or one
/// that does not parse reaches host-local, which refuses it when a pod's sandbox is set up.
///
/// # Examples
/// ```
/// use podip::ipam::kindnet::compute_cni_config_inputs;
/// let dual = compute_cni_config_inputs(&["fd00:10:244:1::/64".into(), "10.244.1.0/24".into()]);
/// assert_eq!(dual.pod_cidrs, ["fd00:10:244:1::/64", "10.244.1.0/24"]);
/// assert_eq!(dual.default_routes, ["0.0.0.0/0", "::/0"]);
/// let v6 = compute_cni_config_inputs(&["fd00:10:244:1::/64".into()]);
/// assert_eq!(v6.default_routes, ["::/0"]);
/// let host_bits = compute_cni_config_inputs(&["10.244.1.5/24".into()]);
/// assert_eq!(host_bits.pod_cidrs, ["10.244.1.5/24"]);
/// let none_yet = compute_cni_config_inputs(&[]);
/// assert_eq!(none_yet.pod_cidrs, [""]);
/// ```
pub fn compute_cni_config_inputs(pod_cidrs: &[String]) -> CniConfigInputs {
    let (pod_cidrs, default_routes) = if pod_cidrs.len() > 1 {
        (pod_cidrs.to_vec(), vec!["0.0.0.0/0", "::/0"])
    } else {
        let pod_cidr = pod_cidrs.first().cloned().unwrap_or_default();
        let route = if is_ipv6_cidr_string(&pod_cidr) {
            "::/0"
        } else {
            "0.0.0.0/0"
        };
        (vec![pod_cidr], vec![route])
    };
    CniConfigInputs {
        pod_cidrs,
        default_routes: default_routes.into_iter().map(String::from).collect(),
        mtu: 0,
        ipam_data_dir: IPAM_DATA_DIR,
    }
}

/// kindnetd's `isIPv6CIDRString`: `net.ParseCIDR`'s address is IPv6 and not IPv4-mapped (`To4() == nil`);
/// a string that does not parse is not IPv6.
fn is_ipv6_cidr_string(cidr: &str) -> bool {
    matches!(parse_cidr(cidr), Ok((IpAddr::V6(ip), _)) if ip.to_ipv4_mapped().is_none())
}

impl CniConfigInputs {
    /// The same inputs with the MTU the writer knows (`Write` sets `inputs.Mtu = c.mtu`).
    pub fn with_mtu(mut self, mtu: u32) -> Self {
        self.mtu = mtu;
        self
    }

    /// The text `cniConfigTemplate` produces for these inputs.
    ///
    /// Each range action leaves its indentation and a newline behind, and `{{- range}}` / `{{- end}}` trim
    /// only what touches them, so every list opens with two tab-indented blank lines and separates items
    /// with a line holding just the comma. The `{{if .Mtu}}` block likewise leaves `\t\t,` on its own line
    /// and a blank line after the value.
    pub fn render(&self) -> String {
        let mut text = format!(
            "\n{{\n\t\"cniVersion\": \"{CNI_VERSION}\",\n\t\"name\": \"{NETWORK_NAME}\",\n\t\"plugins\": [\n\t{{\n\
             \t\t\"type\": \"ptp\",\n\t\t\"ipMasq\": false,\n\t\t\"ipam\": {{\n\
             \t\t\t\"type\": \"{IPAM_TYPE}\",\n\t\t\t\"dataDir\": \"{data_dir}\",\n\
             \t\t\t\"routes\": [\n\t\t\t\t",
            data_dir = self.ipam_data_dir,
        );
        for (i, route) in self.default_routes.iter().enumerate() {
            text.push_str(list_separator(i));
            text.push_str(&format!("\n\t\t\t\t{{ \"dst\": \"{route}\" }}"));
        }
        text.push_str("\n\t\t\t],\n\t\t\t\"ranges\": [\n\t\t\t\t");
        for (i, cidr) in self.pod_cidrs.iter().enumerate() {
            text.push_str(list_separator(i));
            text.push_str(&format!("\n\t\t\t\t[ {{ \"subnet\": \"{cidr}\" }} ]"));
        }
        text.push_str("\n\t\t\t]\n\t\t}\n\t\t");
        if self.mtu != 0 {
            text.push_str(&format!(",\n\t\t\"mtu\": {}\n\t\t", self.mtu));
        }
        text.push_str(
            "\n\t},\n\t{\n\t\t\"type\": \"portmap\",\n\t\t\"capabilities\": {\n\
             \t\t\t\"portMappings\": true\n\t\t}\n\t}\n\t]\n}\n",
        );
        text
    }

    /// What host-local reads from the ptp entry of [`render`](Self::render)'s conflist, with the list's
    /// `name` and `cniVersion` that libcni copies in, without writing and decoding the text.
    pub fn ptp_netconf(&self) -> NetConf {
        NetConf {
            name: NETWORK_NAME.to_string(),
            cni_version: CNI_VERSION.to_string(),
            ipam_type: IPAM_TYPE.to_string(),
            data_dir: self.ipam_data_dir.to_string(),
            routes: self.default_routes.clone(),
            ranges: self
                .pod_cidrs
                .iter()
                .map(|cidr| vec![cidr.clone()])
                .collect(),
        }
    }
}

/// The template's fixed values.
const CNI_VERSION: &str = "0.3.1";
const NETWORK_NAME: &str = "kindnet";
const IPAM_TYPE: &str = "host-local";
/// The template's `dataDir`: a tmpfs in kind's node image, so host-local starts empty at every boot.
pub const IPAM_DATA_DIR: &str = "/run/cni-ipam-state";

/// What one `{{if $first}}…{{else}},{{end}}` iteration emits before its item: the range body's leading
/// newline and indentation, then nothing for the first item and a comma for the rest.
fn list_separator(index: usize) -> &'static str {
    if index == 0 {
        "\n\t\t\t\t"
    } else {
        "\n\t\t\t\t,"
    }
}

/// `CNIConfigWriter`: remembers the last inputs written and the node's MTU, and (apart from it) what the
/// file on disk holds, which outlives the process.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CniConfigWriter {
    /// The node's `eth0` MTU (`computeBridgeMTU`), 0 if unknown.
    mtu: u32,
    /// What this kindnetd process last wrote, if anything (`lastInputs`, held in memory).
    last_inputs: Option<CniConfigInputs>,
    /// The inputs the file on disk was rendered from.
    on_disk: Option<CniConfigInputs>,
}

impl CniConfigWriter {
    /// A writer for a node whose `eth0` MTU is `mtu` (0 if it could not be read).
    pub fn new(mtu: u32) -> Self {
        CniConfigWriter {
            mtu,
            last_inputs: None,
            on_disk: None,
        }
    }

    /// kindnetd starts again (its node rebooted): the file stays, the inputs held in memory do not, so
    /// its first `Write` writes the file again even when nothing changed.
    ///
    /// # Examples
    /// ```
    /// use podip::ipam::kindnet::{compute_cni_config_inputs, CniConfigWriter};
    /// let mut writer = CniConfigWriter::new(1500);
    /// let inputs = compute_cni_config_inputs(&["10.244.1.0/24".into()]);
    /// assert!(writer.write(inputs.clone()).is_some());
    /// writer.restart();
    /// assert!(writer.written().is_some());
    /// assert!(writer.write(inputs).is_some());
    /// ```
    pub fn restart(&mut self) {
        self.last_inputs = None;
    }

    /// `Write`: the new file content when the inputs (with the writer's MTU) differ from the last written,
    /// `None` when kindnetd would leave the file alone.
    ///
    /// # Examples
    /// ```
    /// use podip::ipam::kindnet::{compute_cni_config_inputs, CniConfigWriter};
    /// let mut writer = CniConfigWriter::new(1500);
    /// let inputs = compute_cni_config_inputs(&["10.244.1.0/24".into()]);
    /// assert!(writer.write(inputs.clone()).is_some());
    /// assert!(writer.write(inputs).is_none());
    /// ```
    pub fn write(&mut self, inputs: CniConfigInputs) -> Option<String> {
        let inputs = inputs.with_mtu(self.mtu);
        if self.last_inputs.as_ref() == Some(&inputs) {
            return None;
        }
        let text = inputs.render();
        self.on_disk = Some(inputs.clone());
        self.last_inputs = Some(inputs);
        Some(text)
    }

    /// The inputs of the file on disk, with the MTU written into it.
    pub fn written(&self) -> Option<&CniConfigInputs> {
        self.on_disk.as_ref()
    }
}
