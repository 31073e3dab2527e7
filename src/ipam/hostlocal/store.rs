//! host-local's on-disk state (`backend/disk/backend.go`), modelled as an in-memory directory.
//!
//! The real store is the directory `<dataDir>/<network name>` holding
//!
//! * one file per reserved IP, named by the IP's Go string form, containing `<id>\r\n<ifname>` (no
//!   trailing newline), or just `<id>` if a pre-v0.8.0 plugin wrote it;
//! * `last_reserved_ip.<rangeID>`, the bare IP of the last successful reservation of range set `<rangeID>`;
//! * `lock`, an empty file held with `flock` while `Get`/`Release` run.
//!
//! Upstream finds a container's files by walking the directory and comparing each file's trimmed content.
//! This model keeps the same observable behaviour with indexes instead of scans: IP files in pages of
//! consecutive addresses (`ip_files.rs`), plus an in-memory index from the hash of a file's trimmed content
//! to the addresses holding it. Every index hit is confirmed against the file itself, so the index only
//! replaces upstream's walk, never its comparison; it is derived data, not a file. The directory listing
//! ([`Store::ls`], [`Store::cat`]) renders the files exactly as `ls` and `cat` show them on a node.

use super::ip_files::IpFiles;
use crate::ipam::goip::{ip_string, parse_ip};
use crate::order;
use rustc_hash::FxHasher;
use std::collections::hash_map::Entry;
use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};
use std::net::IpAddr;

/// `disk.defaultDataDir`, used when the config has no `dataDir`.
pub const DEFAULT_DATA_DIR: &str = "/var/lib/cni/networks";
/// `lastIPFilePrefix`.
pub const LAST_IP_FILE_PREFIX: &str = "last_reserved_ip.";
/// `LineBreak`: the separator between container ID and ifname in an IP file.
pub const LINE_BREAK: &str = "\r\n";

/// The container ID an IP file's content names: what comes before [`LINE_BREAK`], trimmed.
pub fn container_id(content: &str) -> &str {
    content.split(LINE_BREAK).next().unwrap_or(content).trim()
}
/// The lock file's name (`disk.NewFileLock`).
pub const LOCK_FILE: &str = "lock";

/// The disk store of one network (`disk.Store`).
#[derive(Debug, Clone)]
pub struct Store {
    /// `<dataDir>/<network>`, as `filepath.Join` cleans it.
    dir: String,
    /// IP files: address → exact content, laid out for the walk (see [`IpFiles`]).
    ip_files: IpFiles,
    /// Hash of trimmed content → addresses whose file's trimmed content has that hash; the index behind
    /// `GetByID`, `FindByID` and `ReleaseByID`. Keyed by hash so that it owns no strings: growing and
    /// dropping it never touches the contents, and a collision costs one comparison, never a wrong answer.
    by_content: HashMap<u64, Owners, FxBuild>,
    /// How many IP files hold a bare ID (no line break once trimmed), as pre-v0.8.0 plugins wrote them.
    /// While there are none, `GetByID`'s second look, for a file holding just the ID, cannot find one
    /// (unless the ID itself has a line break), and is skipped: it was a hash and a lookup per `Get`.
    bare_id_files: usize,
    /// `last_reserved_ip.<rangeID>` files: range ID → address written.
    last_reserved: BTreeMap<String, IpAddr>,
    /// Whether the empty `lock` file exists (a `ReleaseByID` quirk can delete it; `disk.New` recreates it).
    lock: bool,
}

impl Store {
    /// `disk.New(network, dataDir)`: the directory `<dataDir>/<network>` (default data dir when empty)
    /// with its `lock` file.
    ///
    /// # Examples
    /// ```
    /// use podip::ipam::hostlocal::Store;
    /// let store = Store::new("/run/cni-ipam-state", "kindnet");
    /// assert_eq!(store.dir(), "/run/cni-ipam-state/kindnet");
    /// assert_eq!(store.ls(), vec!["lock"]);
    /// assert_eq!(Store::new("", "mynet").dir(), "/var/lib/cni/networks/mynet");
    /// ```
    pub fn new(data_dir: &str, network: &str) -> Self {
        let data_dir = if data_dir.is_empty() {
            DEFAULT_DATA_DIR
        } else {
            data_dir
        };
        Self {
            dir: go_path_clean(&format!("{data_dir}/{network}")),
            ip_files: IpFiles::default(),
            by_content: HashMap::default(),
            bare_id_files: 0,
            last_reserved: BTreeMap::new(),
            lock: true,
        }
    }

    /// What `disk.New` does to an existing directory on every plugin invocation: recreate `lock`.
    pub fn reopen(&mut self) {
        self.lock = true;
    }

    /// The directory path, `<dataDir>/<network>`.
    pub fn dir(&self) -> &str {
        &self.dir
    }

    /// The full path of a file in the directory.
    pub fn path(&self, name: &str) -> String {
        format!("{}/{name}", self.dir)
    }

    /// `Store.Reserve`: exclusive-create the IP's file with `<trimmed id>\r\n<ifname>`. False if the file
    /// exists. On success `last_reserved_ip.<range_id>` is rewritten, whatever the range set's cursor was.
    pub fn reserve(&mut self, id: &str, ifname: &str, ip: IpAddr, range_id: &str) -> bool {
        self.reserve_content(
            &FileContent::in_buffer(&mut String::new(), id, ifname),
            ip,
            range_id,
        )
    }

    /// [`reserve`](Self::reserve) with the content built (and hashed) once by the caller
    /// (`IPAllocator.Get` tries many addresses for one container); the file's own copy is made only
    /// when it is created.
    pub(super) fn reserve_content(
        &mut self,
        content: &FileContent,
        ip: IpAddr,
        range_id: &str,
    ) -> bool {
        if !self.ip_files.create(ip, content.text) {
            return false;
        }
        self.index_keyed(ip, content.trimmed_key);
        self.bare_id_files += usize::from(content.bare_id);
        match self.last_reserved.get_mut(range_id) {
            Some(last) => *last = ip,
            None => {
                self.last_reserved.insert(range_id.to_string(), ip);
            }
        }
        true
    }

    /// Place an IP file with arbitrary content, as another writer would (a pre-v0.8.0 plugin writing the
    /// bare container ID, or the upstream tests' fixtures). Replaces an existing file.
    pub fn write_ip_file(&mut self, ip: IpAddr, content: &str) {
        self.remove_ip_file(ip);
        self.ip_files.create(ip, content);
        self.index(ip, content);
        self.bare_id_files += usize::from(is_bare_id(content.trim()));
    }

    /// Write `last_reserved_ip.<range_id>` directly, as the upstream tests' fixtures do.
    pub fn write_last_reserved_ip(&mut self, range_id: &str, ip: IpAddr) {
        self.last_reserved.insert(range_id.to_string(), ip);
    }

    /// `Store.LastReservedIP`: the content of `last_reserved_ip.<range_id>`, if the file exists.
    pub fn last_reserved_ip(&self, range_id: &str) -> Option<IpAddr> {
        self.last_reserved.get(range_id).copied()
    }

    /// `Store.Release(ip)`: remove the IP's file. `last_reserved_ip` is untouched.
    pub fn release(&mut self, ip: IpAddr) {
        self.remove_ip_file(ip);
    }

    /// `Store.ReleaseByID`: remove every file whose trimmed content is `<trimmed id>\r\n<ifname>`; only if
    /// none matched, every file whose trimmed content is the bare trimmed ID (the pre-v0.8.0 format).
    /// Returns the IPs whose files were removed.
    pub fn release_by_id(&mut self, id: &str, ifname: &str) -> Vec<IpAddr> {
        let released = self.release_by_key(&file_content(id, ifname));
        if released.found {
            released.ips
        } else {
            self.release_by_key(id.trim()).ips
        }
    }

    /// `Store.GetByID`: the IPs whose file holds `<id>\r\n<ifname>` or the bare ID, in the order
    /// `filepath.Walk` visits them (file names sorted bytewise). Only names that parse as IPs count.
    pub fn get_by_id(&self, id: &str, ifname: &str) -> Vec<IpAddr> {
        self.get_by_content(&FileContent::in_buffer(&mut String::new(), id, ifname), id)
    }

    /// [`get_by_id`](Self::get_by_id) with the `<id>\r\n<ifname>` content built by the caller.
    pub(super) fn get_by_content(&self, content: &FileContent, id: &str) -> Vec<IpAddr> {
        let id = id.trim();
        let bare_id_possible = self.bare_id_files > 0 || content.id_has_break;
        let mut ips: Vec<IpAddr> = self
            .owners_keyed(content.text, content.key)
            .chain(
                bare_id_possible
                    .then(|| self.owners_of(id))
                    .into_iter()
                    .flatten(),
            )
            .collect();
        if ips.len() > 1 {
            // `filepath.Walk` order: the file names sorted bytewise. Two or three addresses at
            // most in practice (a dual-stack pod), so formatting them per comparison costs nothing.
            ips = order::sorted_by(ips, |a, b| ip_string(*a).cmp(&ip_string(*b)));
            ips.dedup();
        }
        ips
    }

    /// `Store.FindByID`: whether any file holds `<id>\r\n<ifname>`, or else the bare ID. Like upstream
    /// it compares every file of the directory, `last_reserved_ip.*` and `lock` included.
    pub fn find_by_id(&self, id: &str, ifname: &str) -> bool {
        self.find_by_key(&file_content(id, ifname)) || self.find_by_key(id.trim())
    }

    /// `Store.HasReservedIP`-like check: whether the IP's file belongs to `<id>` (either format).
    pub fn has_reserved_ip(&self, id: &str, ip: IpAddr) -> bool {
        self.ip_files.get(ip).is_some_and(|content| {
            let trimmed = content.trim();
            trimmed == id.trim() || trimmed.split(LINE_BREAK).next() == Some(id.trim())
        })
    }

    /// The reserved IPs with their files' content, ascending by address.
    pub fn reservations(&self) -> impl Iterator<Item = (IpAddr, &str)> {
        self.ip_files.iter()
    }

    /// How many IP files exist.
    pub fn reserved_count(&self) -> usize {
        self.ip_files.len()
    }

    /// The directory's file names as `ls` prints them in the C locale: sorted bytewise, so
    /// `10.244.1.10` comes before `10.244.1.2`, and IPs before `last_reserved_ip.0` and `lock`.
    pub fn ls(&self) -> Vec<String> {
        let mut names: Vec<String> = self.ip_files.iter().map(|(ip, _)| ip_string(ip)).collect();
        names.extend(
            self.last_reserved
                .keys()
                .map(|id| format!("{LAST_IP_FILE_PREFIX}{id}")),
        );
        if self.lock {
            names.push(LOCK_FILE.to_string());
        }
        order::sorted_by(names, String::cmp)
    }

    /// `cat <name>`: the file's exact bytes, or `None` if there is no such file.
    pub fn cat(&self, name: &str) -> Option<String> {
        if name == LOCK_FILE {
            return self.lock.then(String::new);
        }
        if let Some(range_id) = name.strip_prefix(LAST_IP_FILE_PREFIX) {
            return self.last_reserved.get(range_id).map(|ip| ip_string(*ip));
        }
        // A file is named by the Go string form, so `10.0.0.1` exists but `::ffff:10.0.0.1` does not.
        let ip = parse_ip(name).filter(|ip| ip_string(*ip) == name)?;
        self.ip_files.get(ip).map(str::to_string)
    }

    /// The IP files whose trimmed content equals `content`, ascending by address: the index narrows
    /// the walk to the files with the same hash, and each is compared as upstream compares every file.
    fn owners_of<'s>(&'s self, content: &'s str) -> impl Iterator<Item = IpAddr> + 's {
        self.owners_keyed(content, content_key(content))
    }

    /// [`owners_of`](Self::owners_of) with `content`'s key computed by the caller.
    fn owners_keyed<'s>(&'s self, content: &'s str, key: u64) -> impl Iterator<Item = IpAddr> + 's {
        self.by_content
            .get(&key)
            .into_iter()
            .flat_map(Owners::iter)
            .filter(move |ip| {
                self.ip_files
                    .get(*ip)
                    .is_some_and(|file| file.trim() == content)
            })
    }

    /// Add `ip` to the index under its file's trimmed content.
    fn index(&mut self, ip: IpAddr, content: &str) {
        self.index_keyed(ip, content_key(content.trim()));
    }

    /// [`index`](Self::index) with the key of the file's trimmed content computed by the caller.
    fn index_keyed(&mut self, ip: IpAddr, key: u64) {
        match self.by_content.entry(key) {
            Entry::Occupied(mut owners) => owners.get_mut().insert(ip),
            Entry::Vacant(slot) => {
                slot.insert(Owners::One(ip));
            }
        }
    }

    /// Drop `ip` from the index entry `key` (its file's trimmed content), and the entry once it has no
    /// owner.
    fn unindex(&mut self, ip: IpAddr, key: u64) {
        if let Some(owners) = self.by_content.get_mut(&key) {
            if owners.remove(ip) {
                self.by_content.remove(&key);
            }
        }
    }

    fn remove_ip_file(&mut self, ip: IpAddr) {
        if let Some(content) = self.ip_files.remove(ip) {
            let trimmed = content.trim();
            self.bare_id_files -= usize::from(is_bare_id(trimmed));
            let key = content_key(trimmed);
            self.unindex(ip, key);
        }
    }

    /// `Store.FindByKey`: any file of the directory whose trimmed content equals `content`.
    fn find_by_key(&self, content: &str) -> bool {
        self.owners_of(content).next().is_some()
            || self.last_reserved.values().any(|ip| reads_as(*ip, content))
            || (self.lock && content.is_empty())
    }

    /// `Store.ReleaseByKey`: remove every file of the directory whose trimmed content equals `content`.
    /// Upstream walks all files, so an ID equal to an IP string removes a matching `last_reserved_ip.*`,
    /// and an empty ID removes the empty `lock` file; both quirks are kept.
    fn release_by_key(&mut self, content: &str) -> Released {
        let ips: Vec<IpAddr> = self.owners_of(content).collect();
        for ip in &ips {
            self.remove_ip_file(*ip);
        }
        let before = self.last_reserved.len();
        self.last_reserved.retain(|_, ip| !reads_as(*ip, content));
        let mut found = !ips.is_empty() || self.last_reserved.len() != before;
        if self.lock && content.is_empty() {
            self.lock = false;
            found = true;
        }
        Released { found, ips }
    }
}

/// Whether `content` is the text of `ip` (a `last_reserved_ip.*` file's). A container ID never is, and
/// no address text is longer than 39 characters: every CNI DEL compares its `<id>\r\n<ifname>` with
/// these files, and formatting the address each time was a CNI call's largest cost after the walk.
fn reads_as(ip: IpAddr, content: &str) -> bool {
    content.len() <= 39 && ip_string(ip) == content
}

/// The index is derived data, so two stores are equal when their directories are.
impl PartialEq for Store {
    fn eq(&self, other: &Self) -> bool {
        self.dir == other.dir
            && self.ip_files == other.ip_files
            && self.last_reserved == other.last_reserved
            && self.lock == other.lock
    }
}

impl Eq for Store {}

/// What `ReleaseByKey` removed: whether any file matched, and which IP files.
struct Released {
    found: bool,
    ips: Vec<IpAddr>,
}

/// The addresses whose files share one trimmed content, ascending: nearly always one, so nothing is
/// allocated, and otherwise a handful (a dual-stack pod's two), kept in a sorted `Vec` rather than a
/// `BTreeSet` of its own (3 KB of wasm).
#[derive(Debug, Clone)]
enum Owners {
    One(IpAddr),
    Many(Vec<IpAddr>),
}

impl Owners {
    fn insert(&mut self, ip: IpAddr) {
        match self {
            Self::One(first) if *first != ip => {
                *self = Self::Many(vec![(*first).min(ip), (*first).max(ip)])
            }
            Self::One(_) => {}
            Self::Many(ips) => {
                if let Err(at) = ips.binary_search(&ip) {
                    ips.insert(at, ip);
                }
            }
        }
    }

    /// Removes `ip`; true when no owner is left.
    fn remove(&mut self, ip: IpAddr) -> bool {
        match self {
            Self::One(only) => *only == ip,
            Self::Many(ips) => {
                if let Ok(at) = ips.binary_search(&ip) {
                    ips.remove(at);
                }
                ips.is_empty()
            }
        }
    }

    fn iter(&self) -> impl Iterator<Item = IpAddr> + '_ {
        let (one, many) = match self {
            Self::One(ip) => (Some(*ip), None),
            Self::Many(ips) => (None, Some(ips.iter().copied())),
        };
        one.into_iter().chain(many.into_iter().flatten())
    }
}

/// rustc's FxHash for the content index (see [`content_key`] for why not SipHash).
type FxBuild = BuildHasherDefault<FxHasher>;

/// The index key of a trimmed content.
///
/// The index hashes a 64-hex container ID and its content on every `Get`; SipHash's flooding
/// resistance buys nothing for an in-memory simulation, so rustc's own FxHash does the job.
fn content_key(content: &str) -> u64 {
    let mut hasher = FxHasher::default();
    hasher.write(content.as_bytes());
    hasher.finish()
}

/// The content `Reserve` writes for `(id, ifname)`, which `ReleaseByID` and `GetByID` also match.
fn file_content(id: &str, ifname: &str) -> String {
    let mut content = String::new();
    write_file_content(&mut content, id, ifname);
    content
}

/// [`file_content`] into `buffer`, replacing what it held.
fn write_file_content(buffer: &mut String, id: &str, ifname: &str) {
    let id = id.trim();
    buffer.clear();
    // One allocation for the 64-digit ID and the ifname, not a first one the line break outgrows.
    buffer.reserve(id.len() + LINE_BREAK.len() + ifname.len());
    buffer.push_str(id);
    buffer.push_str(LINE_BREAK);
    buffer.push_str(ifname);
}

/// A container's IP file content with its index keys, hashed once for the many lookups and the
/// reservation of one `Get`.
/// Whether a file's trimmed content is a bare ID (no `\r\n<ifname>`).
fn is_bare_id(trimmed: &str) -> bool {
    find_line_break(trimmed).is_none()
}

/// Where the first `\r\n` starts. Found from the `\r`s (a `memchr` search): `str::find` with a
/// two-byte pattern runs the general two-way search, most of the cost of building a `Get`'s content.
fn find_line_break(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(at) = text.get(from..)?.find('\r').map(|offset| from + offset) {
        if bytes.get(at + 1) == Some(&b'\n') {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

pub(super) struct FileContent<'b> {
    /// `<trimmed id>\r\n<ifname>`, as [`file_content`] builds it.
    text: &'b str,
    /// The key of `text` (what `GetByID` matches: the file's trimmed content against it).
    key: u64,
    /// The key of `text` trimmed (what a created file is indexed under).
    trimmed_key: u64,
    /// Whether the trimmed text is a bare ID (an empty ifname).
    bare_id: bool,
    /// Whether the trimmed ID itself holds a line break.
    id_has_break: bool,
}

impl<'b> FileContent<'b> {
    /// The content for `(id, ifname)`, written into `buffer`, and its keys.
    pub(super) fn in_buffer(buffer: &'b mut String, id: &str, ifname: &str) -> Self {
        write_file_content(buffer, id, ifname);
        let text = buffer.as_str();
        let key = content_key(text);
        // One search for the first line break answers both questions: the trimmed ID cannot end in
        // `\r`, so a break starting inside it lies wholly inside it.
        let id_len = id.trim().len();
        let first_break = find_line_break(text);
        let id_has_break = first_break.is_some_and(|at| at + LINE_BREAK.len() <= id_len);
        let trimmed = text.trim();
        // The ID is trimmed already; only an ifname with trailing space makes the two differ.
        let trimmed_key = if trimmed.len() == text.len() {
            key
        } else {
            content_key(trimmed)
        };
        // With a non-empty ID the text has no leading blank, so a position in it is one in `trimmed`.
        let bare_id = if id_len > 0 {
            first_break.is_none_or(|at| at + LINE_BREAK.len() > trimmed.len())
        } else {
            is_bare_id(trimmed)
        };
        FileContent {
            text,
            key,
            trimmed_key,
            bare_id,
            id_has_break,
        }
    }
}

/// Go's `filepath.Clean` on a slash path, as `filepath.Join` applies it: collapse `//`, drop `.`,
/// resolve `..` (never above the root), no trailing slash.
fn go_path_clean(path: &str) -> String {
    let rooted = path.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                if parts.last().is_some_and(|last| *last != "..") {
                    parts.pop();
                } else if !rooted {
                    parts.push("..");
                }
            }
            _ => parts.push(part),
        }
    }
    let joined = parts.join("/");
    match (rooted, joined.is_empty()) {
        (true, _) => format!("/{joined}"),
        (false, true) => ".".to_string(),
        (false, false) => joined,
    }
}

#[cfg(test)]
mod tests {
    use super::{find_line_break, go_path_clean, LINE_BREAK};

    #[test]
    fn finds_the_first_crlf_as_str_find_does() {
        for text in [
            "",
            "\r",
            "\n",
            "a\r\n",
            "\r\r\n",
            "a\rb\r\nc\r\n",
            "é\r\n",
            "\n\r",
            "id\r\neth0",
        ] {
            assert_eq!(find_line_break(text), text.find(LINE_BREAK), "{text:?}");
        }
    }

    #[test]
    fn path_clean_matches_go_filepath_join() {
        for (input, want) in [
            ("/run/cni-ipam-state/kindnet", "/run/cni-ipam-state/kindnet"),
            (
                "/run/cni-ipam-state//kindnet/",
                "/run/cni-ipam-state/kindnet",
            ),
            ("/var/lib/cni/networks/../x", "/var/lib/cni/x"),
            ("/../../etc", "/etc"),
            ("data/./net", "data/net"),
            ("../net", "../net"),
            ("a/..", "."),
        ] {
            assert_eq!(go_path_clean(input), want, "{input}");
        }
    }
}
