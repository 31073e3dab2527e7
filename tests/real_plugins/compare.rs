//! Both sides as the same text — sections of lines, titled like the command that prints them — made
//! comparable by explicit normalisations, and the report of what differs.

use super::kernel::{header_name, kind_line, IpViews};
use podip::ipam::ptp::iproute2::{
    bridge_link_lines, ip6_route_lines, ip_addr_lines, ip_link_lines, ip_route_lines,
};
use podip::ipam::ptp::{LinkKind, MacAddr, NetNs};
use std::fmt::Write;

/// What one side shows after a step: `(title, lines)` in a fixed order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Snapshot(pub Vec<(String, Vec<String>)>);

impl Snapshot {
    /// Adds a section.
    pub fn push(&mut self, title: impl Into<String>, lines: Vec<String>) {
        self.0.push((title.into(), lines));
    }

    /// The same snapshot with `normalise` applied to every line (given its section's title too); a line
    /// it maps to `None` is dropped.
    pub fn map(self, normalise: impl Fn(&str, &str) -> Option<String>) -> Snapshot {
        Snapshot(
            self.0
                .into_iter()
                .map(|(title, lines)| {
                    let lines = lines.iter().filter_map(|l| normalise(&title, l)).collect();
                    (title, lines)
                })
                .collect(),
        )
    }
}

/// One section whose lines differ, with both sides.
#[derive(Debug, Clone)]
pub struct Difference {
    /// The section's title.
    pub title: String,
    /// podip's lines.
    pub podip: Vec<String>,
    /// The real plugins' (and the kernel's) lines.
    pub real: Vec<String>,
}

/// The sections that differ between two snapshots, in podip's order, then those only the real side has.
pub fn differences(podip: &Snapshot, real: &Snapshot) -> Vec<Difference> {
    let lines_of = |snapshot: &Snapshot, title: &str| {
        snapshot
            .0
            .iter()
            .find(|(t, _)| t == title)
            .map(|(_, lines)| lines.clone())
    };
    let mut titles: Vec<&String> = podip.0.iter().map(|(t, _)| t).collect();
    titles.extend(
        real.0
            .iter()
            .map(|(t, _)| t)
            .filter(|t| lines_of(podip, t).is_none()),
    );
    let absent = || vec!["(no such section)".to_string()];
    titles
        .into_iter()
        .filter_map(|title| {
            let ours = lines_of(podip, title).unwrap_or_else(absent);
            let theirs = lines_of(real, title).unwrap_or_else(absent);
            (ours != theirs).then(|| Difference {
                title: title.clone(),
                podip: ours,
                real: theirs,
            })
        })
        .collect()
}

/// The failure message: every differing section with both sides, and what the normalisations stood for.
pub fn report(step: &str, differences: &[Difference], legend: &[String]) -> String {
    let mut text = format!("{step}: podip's model and the real plugins differ\n");
    for d in differences {
        let _ = writeln!(text, "\n── {} ──\n  podip:", d.title);
        for line in &d.podip {
            let _ = writeln!(text, "    {line}");
        }
        let _ = writeln!(text, "  real plugins:");
        for line in &d.real {
            let _ = writeln!(text, "    {line}");
        }
    }
    if !legend.is_empty() {
        let _ = writeln!(text, "\nnormalised:");
        for entry in legend {
            let _ = writeln!(text, "  {entry}");
        }
    }
    text
}

/// Texts that are random on each side (veth names, MACs and the link-local addresses made from them)
/// and the token both sides' texts stand for.
#[derive(Debug, Clone, Default)]
pub struct Tokens(Vec<(String, String)>);

impl Tokens {
    /// From now on `text` reads as `token`.
    pub fn add(&mut self, text: &str, token: &str) {
        if !text.is_empty() && !self.0.iter().any(|(t, _)| t == text) {
            self.0.push((text.to_string(), token.to_string()));
            // Longest first, so no text is replaced inside a longer one.
            self.0.sort_by_key(|(t, _)| std::cmp::Reverse(t.len()));
        }
    }

    /// A MAC and the EUI-64 link-local address the kernel derives from it.
    pub fn add_mac(&mut self, mac: &str, token: &str) {
        self.add(mac, &format!("«mac {token}»"));
        if let Some(mac) = parse_mac(mac) {
            self.add(
                &mac.eui64_link_local().to_string(),
                &format!("«fe80 {token}»"),
            );
        }
    }

    /// `line` with every known text replaced by its token.
    pub fn apply(&self, line: &str) -> String {
        self.0.iter().fold(line.to_string(), |line, (text, token)| {
            line.replace(text, token)
        })
    }

    /// What each token stood for on this side.
    pub fn legend(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0
            .iter()
            .map(|(text, token)| (token.as_str(), text.as_str()))
    }
}

/// `aa:bb:cc:dd:ee:ff` as a [`MacAddr`].
pub fn parse_mac(text: &str) -> Option<MacAddr> {
    let bytes: Vec<u8> = text
        .split(':')
        .map(|pair| u8::from_str_radix(pair, 16).ok())
        .collect::<Option<_>>()?;
    Some(MacAddr(bytes.try_into().ok()?))
}

/// Either side's `ip -o link` / `ip addr` header of a veth a plugin made (in a pod's section, or named by
/// a token on the node), without its `qlen`.
///
/// Debian's plugins 1.1.1 create veths with `txqueuelen` 0, so `ip` prints no `qlen` for them; upstream
/// creates them with the kernel's default (1000) since containernetworking/plugins#1100 (2024), as
/// podip models.
pub fn without_plugin_veth_qlen(title: &str, line: &str) -> String {
    let made_by_plugin = title.starts_with("pod ") || line.contains('«');
    let is_veth = header_name(line).is_some() && line.contains("@if");
    if !(is_veth && made_by_plugin) {
        return line.to_string();
    }
    let mut line = line.to_string();
    if let Some(at) = line.find(" qlen ") {
        let digits = at + " qlen ".len();
        let end = line[digits..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(line.len(), |n| digits + n);
        line.replace_range(at..end, "");
    }
    // Without a qlen, the blank iproute2 ends the field before it with stays inside `ip -o link`'s line.
    line.replace(" \\    link/", "\\    link/")
}

/// The data directory as `ls` and `cat` of each file (its bytes written as a Rust string, so `\r\n`
/// shows).
pub fn push_dir(snapshot: &mut Snapshot, dir: &str, files: Option<Vec<(String, String)>>) {
    let files = files.unwrap_or_default();
    snapshot.push(
        format!("ls {dir}"),
        files.iter().map(|(name, _)| name.clone()).collect(),
    );
    for (name, content) in files {
        snapshot.push(format!("cat {dir}/{name}"), vec![format!("{content:?}")]);
    }
}

/// A namespace's `ip` views and its links' kinds as sections.
pub fn push_views(snapshot: &mut Snapshot, whose: &str, views: IpViews) {
    snapshot.push(format!("{whose}: link kinds (ip -d link)"), views.kinds);
    snapshot.push(format!("{whose}: ip -o link"), views.link);
    snapshot.push(format!("{whose}: ip addr"), views.addr);
    snapshot.push(format!("{whose}: ip route"), views.route);
    snapshot.push(format!("{whose}: ip -6 route"), views.route6);
    snapshot.push(format!("{whose}: bridge link"), views.bridge_link);
}

/// podip's renderings of a modelled namespace.
pub fn model_views(ns: &NetNs) -> IpViews {
    IpViews {
        link: ip_link_lines(ns),
        addr: ip_addr_lines(ns),
        route: ip_route_lines(ns),
        route6: ip6_route_lines(ns),
        kinds: ns
            .links()
            .iter()
            .map(|link| {
                // The loopback device has no rtnetlink kind.
                let kind = match link.kind {
                    LinkKind::Loopback => None,
                    LinkKind::Veth { .. } => Some("veth"),
                    LinkKind::Bridge { .. } => Some("bridge"),
                    LinkKind::Vxlan { .. } => Some("vxlan"),
                };
                let port = link.port.map(|port| {
                    let hairpin = if port.hairpin { "on" } else { "off" };
                    // rtnetlink's `IFLA_INFO_SLAVE_KIND` of a bridge port is `bridge`.
                    format!("bridge hairpin {hairpin}")
                });
                kind_line(link.ifindex, &link.name, kind, port.as_deref())
            })
            .collect(),
        bridge_link: bridge_link_lines(ns),
    }
}
