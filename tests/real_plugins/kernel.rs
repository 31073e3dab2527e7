//! The machine's side: network namespaces the test creates and removes, and what `ip`, the sysctls and
//! the data directory hold in them.
//!
//! Every namespace is named `podip-rp-<pid>-<n>-<role>`, so parallel tests and parallel runs never meet,
//! and is removed when its [`Netns`] is dropped — at the end of a test or while a failed one unwinds. A
//! run killed before it could clean up leaves namespaces whose pid is gone; the next run removes them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Once;
use std::time::{Duration, Instant};

/// Where `ip netns add` bind-mounts a namespace, the directory containerd uses too.
const NETNS_DIR: &str = "/var/run/netns";

/// The prefix of every namespace this test creates.
const PREFIX: &str = "podip-rp-";

/// Tells the namespaces of one test process apart.
static NEXT: AtomicU32 = AtomicU32::new(0);

/// A network namespace of the test's own, removed on drop.
pub struct Netns {
    /// Its name under `/var/run/netns`.
    pub name: String,
    /// Links the kernel puts into every new namespace besides `lo` (fallback tunnels such as `tunl0` or
    /// `sit0` when their modules are loaded): podip models only the ifindexes they take, not the links.
    pub fallback_links: Vec<String>,
    /// The ifindex the first link created here gets.
    pub first_free_ifindex: u32,
}

impl Netns {
    /// `ip netns add podip-rp-<pid>-<n>-<role>`, with `lo` up as a node's (and, through the loopback
    /// plugin, a sandbox's) is.
    pub fn create(role: &str) -> Netns {
        static SWEEP: Once = Once::new();
        SWEEP.call_once(remove_leftovers);
        let name = format!(
            "{PREFIX}{}-{}-{role}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        run("ip", &["netns", "add", &name]);
        let mut ns = Netns {
            name,
            fallback_links: Vec::new(),
            first_free_ifindex: 2,
        };
        for link in ns.links() {
            ns.first_free_ifindex = ns.first_free_ifindex.max(link.ifindex + 1);
            if link.name != "lo" {
                ns.fallback_links.push(link.name);
            }
        }
        ns
    }

    /// The path a CNI runtime passes as `CNI_NETNS`.
    pub fn path(&self) -> String {
        format!("{NETNS_DIR}/{}", self.name)
    }

    /// `ip -n <name> ARGS…`; panics with `ip`'s words if it fails.
    pub fn ip(&self, args: &[&str]) -> String {
        let mut full = vec!["-n", &self.name];
        full.extend_from_slice(args);
        run("ip", &full)
    }

    /// Runs `program` inside this namespace (`ip netns exec`), as the runtime runs a CNI plugin inside
    /// its own.
    pub fn exec(&self, program: &str, env: &[(&str, &str)], stdin: &[u8]) -> Output {
        let mut command = Command::new("ip");
        command
            .args(["netns", "exec", &self.name, program])
            .envs(env.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = command
            .spawn()
            .unwrap_or_else(|err| panic!("ip netns exec {program}: {err}"));
        if let Some(mut input) = child.stdin.take() {
            use std::io::Write;
            input
                .write_all(stdin)
                .unwrap_or_else(|err| panic!("writing {program}'s stdin: {err}"));
        }
        child
            .wait_with_output()
            .unwrap_or_else(|err| panic!("ip netns exec {program}: {err}"))
    }

    /// Writes a sysctl of this namespace (`/proc/sys/<key with / for .>`).
    pub fn write_sysctl(&self, path: &str, value: &str) {
        let out = self.exec(
            "sh",
            &[],
            format!("echo {value} > /proc/sys/{path}").as_bytes(),
        );
        assert!(
            out.status.success(),
            "writing {path} in {}: {}",
            self.name,
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// The `net` sysctls of this namespace under `/proc/sys/net`: forwarding and every link's
    /// `accept_ra`, by path (`ipv6/conf/eth0/accept_ra`).
    pub fn net_sysctls(&self) -> BTreeMap<String, String> {
        let script = "cd /proc/sys/net && grep -H . ipv4/ip_forward ipv6/conf/all/forwarding ipv6/conf/*/accept_ra";
        let out = self.exec("sh", &[], script.as_bytes());
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|line| line.split_once(':'))
            .map(|(path, value)| (path.to_string(), value.trim().to_string()))
            .collect()
    }

    /// The sysctls of the pod's `eth0` that a plugin may write, as `sysctl` prints them, where they differ
    /// from what a new namespace's link starts with (`accept_ra` 1, `accept_dad` 1, `arp_notify` 0,
    /// `keep_addr_on_down` 0): what a plugin changed.
    pub fn pod_sysctls(&self) -> Vec<String> {
        let script =
            "cd /proc/sys/net && grep -H . ipv6/conf/eth0/accept_ra ipv6/conf/eth0/accept_dad \
                      ipv4/conf/eth0/arp_notify ipv6/conf/eth0/keep_addr_on_down";
        let out = self.exec("sh", &[], script.as_bytes());
        let defaults = [
            ("ipv6/conf/eth0/accept_ra", "1"),
            ("ipv6/conf/eth0/accept_dad", "1"),
            ("ipv4/conf/eth0/arp_notify", "0"),
            ("ipv6/conf/eth0/keep_addr_on_down", "0"),
        ];
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|line| line.split_once(':'))
            .filter(|(path, value)| !defaults.contains(&(*path, value.trim())))
            .map(|(path, value)| format!("net.{} = {}", path.replace('/', "."), value.trim()))
            .collect()
    }

    /// The links as `ip -j -d link` reports them, by ifindex.
    pub fn links(&self) -> Vec<LinkInfo> {
        let json: serde_json::Value = serde_json::from_str(&self.ip(&["-j", "-d", "link"]))
            .unwrap_or_else(|err| panic!("ip -j -d link in {}: {err}", self.name));
        json.as_array()
            .into_iter()
            .flatten()
            .map(|link| LinkInfo {
                ifindex: link["ifindex"].as_u64().unwrap_or_default() as u32,
                name: link["ifname"].as_str().unwrap_or_default().to_string(),
                mac: link["address"].as_str().unwrap_or_default().to_string(),
                kind: link["linkinfo"]["info_kind"].as_str().map(str::to_string),
                port: link["linkinfo"]["info_slave_kind"].as_str().map(|kind| {
                    let hairpin = link["linkinfo"]["info_slave_data"]["hairpin"].as_bool();
                    let hairpin = if hairpin == Some(true) { "on" } else { "off" };
                    format!("{kind} hairpin {hairpin}")
                }),
            })
            .collect()
    }

    /// What `ip` prints here, each command's lines with iproute2's trailing blanks trimmed (as podip's
    /// renderings are), the fallback tunnels left out; and each link's kind.
    pub fn ip_views(&self) -> IpViews {
        let lines = |args: &[&str]| -> Vec<String> {
            self.ip(args)
                .lines()
                .map(|line| line.trim_end().to_string())
                .collect()
        };
        IpViews {
            link: self.without_fallback_links(lines(&["-o", "link"])),
            addr: self.without_fallback_links(lines(&["addr"])),
            route: lines(&["route"]),
            route6: lines(&["-6", "route"]),
            kinds: self
                .links()
                .into_iter()
                .filter(|link| !self.fallback_links.contains(&link.name))
                .map(|link| {
                    kind_line(
                        link.ifindex,
                        &link.name,
                        link.kind.as_deref(),
                        link.port.as_deref(),
                    )
                })
                .collect(),
            bridge_link: run("bridge", &["-n", &self.name, "link"])
                .lines()
                .map(|line| line.trim_end().to_string())
                .collect(),
        }
    }

    /// Drops the lines of the fallback tunnels from `ip -o link` or `ip addr` output: a link's block runs
    /// from its `N: name…` header to the next header.
    fn without_fallback_links(&self, lines: Vec<String>) -> Vec<String> {
        let mut keep = true;
        lines
            .into_iter()
            .filter(|line| {
                if let Some(name) = header_name(line) {
                    keep = !self.fallback_links.iter().any(|l| l == name);
                }
                keep
            })
            .collect()
    }
}

impl Drop for Netns {
    fn drop(&mut self) {
        // Removing a namespace takes its links along, and a veth's peer in another namespace with it.
        let _ = Command::new("ip")
            .args(["netns", "del", &self.name])
            .stderr(Stdio::null())
            .status();
    }
}

/// What `ip -j link` says of one link.
#[derive(Debug, Clone)]
pub struct LinkInfo {
    /// Its index in its namespace.
    pub ifindex: u32,
    /// Its name.
    pub name: String,
    /// Its hardware address.
    pub mac: String,
    /// Its rtnetlink kind (`veth`, `bridge`); `lo` has none.
    pub kind: Option<String>,
    /// As a bridge port: its slave kind and hairpin flag, `bridge hairpin on`.
    pub port: Option<String>,
}

/// The `ip` views podip renders for a namespace, and the links' kinds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IpViews {
    /// `ip -o link`.
    pub link: Vec<String>,
    /// `ip addr`.
    pub addr: Vec<String>,
    /// `ip route`.
    pub route: Vec<String>,
    /// `ip -6 route`.
    pub route6: Vec<String>,
    /// Each link's kind, as [`kind_line`] writes it.
    pub kinds: Vec<String>,
    /// `bridge link`: the bridge ports.
    pub bridge_link: Vec<String>,
}

/// `<ifindex>: <name> <kind>[ <slave kind> hairpin on|off]` (`ip -d link`'s kind, `-` for none; a bridge
/// port's slave kind and hairpin flag), one line per link.
pub fn kind_line(ifindex: u32, name: &str, kind: Option<&str>, port: Option<&str>) -> String {
    let line = format!("{ifindex}: {name} {}", kind.unwrap_or("-"));
    match port {
        Some(port) => format!("{line} {port}"),
        None => line,
    }
}

/// The link name of an `ip addr` / `ip -o link` header line (`12: veth0a1b2c3d@if2: <…`), if it is one.
pub fn header_name(line: &str) -> Option<&str> {
    let (index, rest) = line.split_once(": ")?;
    if index.is_empty() || !index.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let name = rest.split(": ").next()?;
    Some(name.split('@').next().unwrap_or(name))
}

/// A temporary directory of the test's own (host-local's `dataDir`), removed on drop.
pub struct TempDir(pub PathBuf);

impl TempDir {
    /// A new empty directory under the system's temporary directory.
    pub fn create(role: &str) -> TempDir {
        let path = std::env::temp_dir().join(format!(
            "{PREFIX}{}-{}-{role}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&path)
            .unwrap_or_else(|err| panic!("mkdir {}: {err}", path.display()));
        TempDir(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A directory as `ls` lists it in the C locale (bytewise order), with each file's exact bytes;
/// `None` while it does not exist.
pub fn read_dir(dir: &Path) -> Option<Vec<(String, String)>> {
    let entries = std::fs::read_dir(dir).ok()?;
    let mut files: Vec<(String, String)> = entries
        .filter_map(Result::ok)
        .map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            let content = std::fs::read(entry.path())
                .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
                .unwrap_or_else(|err| format!("<unreadable: {err}>"));
            (name, content)
        })
        .collect();
    files.sort();
    Some(files)
}

/// Polls `observe` until `done` holds of what it returns, or `limit` passes; returns the last
/// observation. The kernel finishes some of a plugin's work after the plugin exits: a veth's carrier,
/// and with it the link-local addresses, come up through linkwatch up to a second later.
pub fn settle<T>(limit: Duration, mut observe: impl FnMut() -> T, done: impl Fn(&T) -> bool) -> T {
    let deadline = Instant::now() + limit;
    loop {
        let seen = observe();
        if done(&seen) || Instant::now() >= deadline {
            return seen;
        }
        std::thread::sleep(Duration::from_millis(25));
    }
}

/// Runs a command to completion; panics with its standard error if it fails.
pub fn run(program: &str, args: &[&str]) -> String {
    let out = Command::new(program)
        .args(args)
        .output()
        .unwrap_or_else(|err| panic!("{program} {}: {err}", args.join(" ")));
    assert!(
        out.status.success(),
        "{program} {} failed: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Removes the namespaces and directories of test runs whose process is gone (killed before its drops
/// ran).
fn remove_leftovers() {
    let dead = |name: &str| {
        name.strip_prefix(PREFIX)
            .and_then(|rest| rest.split('-').next())
            .and_then(|pid| pid.parse::<u32>().ok())
            .is_some_and(|pid| !Path::new(&format!("/proc/{pid}")).exists())
    };
    for entry in std::fs::read_dir(NETNS_DIR).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if dead(&name) {
            let _ = Command::new("ip").args(["netns", "del", &name]).status();
        }
    }
    for entry in std::fs::read_dir(std::env::temp_dir())
        .into_iter()
        .flatten()
        .flatten()
    {
        if dead(&entry.file_name().to_string_lossy()) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}
