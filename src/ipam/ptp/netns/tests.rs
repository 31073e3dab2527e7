//! The namespace's tests: links and ifindexes, and the main table seen through the namespace's requests.

use super::*;

fn net(text: &str) -> IpNet {
    text.parse().expect("literal prefix")
}

fn ip(text: &str) -> IpAddr {
    text.parse().expect("literal address")
}

fn name(text: &str) -> IfName {
    IfName::new(text).expect("a name of at most 15 bytes")
}

/// (destination, device, gateway) of one family's routes in dump order.
fn dump(ns: &NetNs, v6: bool) -> Vec<(IpNet, u32, Option<IpAddr>)> {
    ns.routes(v6)
        .into_iter()
        .map(|r| (r.dst, r.dev, r.gateway))
        .collect()
}

/// fib_table_insert: an exclusive IPv4 add conflicts with any route of the same prefix and metric,
/// on any device; a non-exclusive one only with an identical next hop, and the new alias dumps
/// first. ip6_fib refuses only a duplicate next hop and appends aliases after the older one.
#[test]
fn route_conflicts_and_alias_order() {
    // Devices 5 and 6.
    let mut ns = NetNs::new(NetNsId::Root, 5);
    for dev in ["veth5", "veth6"] {
        ns.add_link(
            name(dev),
            LinkKind::Loopback,
            1500,
            MacAddr([2, 0, 0, 0, 0, 5]),
        );
    }
    let (v4, v6, via) = (
        net("10.244.1.2/32"),
        net("fd00::2/128"),
        Some(ip("fe80::1")),
    );
    // (destination, gateway, device, exclusive, the kernel's answer), added in this order.
    for (dst, gateway, dev, exclusive, want) in [
        (v4, None, 5, true, Ok(())),
        (v4, None, 6, true, Err(Errno::Exist)),
        (v4, None, 5, false, Err(Errno::Exist)),
        (v4, None, 6, false, Ok(())),
        (v6, None, 5, true, Ok(())),
        (v6, None, 6, true, Ok(())),
        (v6, via, 5, true, Ok(())),
        (v6, via, 5, false, Err(Errno::Exist)),
    ] {
        let scope = if dst == v4 {
            RouteScope::Host
        } else {
            RouteScope::Universe
        };
        assert_eq!(
            ns.add_route(Route::new(dst, gateway, dev, scope), exclusive),
            want,
            "{dst} via {gateway:?} dev {dev}, exclusive: {exclusive}"
        );
    }
    assert_eq!(dump(&ns, false), [(v4, 6, None), (v4, 5, None)]);
    assert_eq!(
        dump(&ns, true)
            .into_iter()
            .filter(|(dst, _, _)| *dst == v6)
            .collect::<Vec<_>>(),
        [(v6, 5, None), (v6, 6, None), (v6, 5, via)]
    );
}

/// `dev_index_reserve`: indexes climb, a freed one is not reused, and past `INT_MAX` the cursor wraps
/// to the first free index (1 is `lo`'s), keeping the links in ifindex order.
#[test]
fn ifindexes_climb_skip_freed_ones_and_wrap_past_int_max() {
    let mac = MacAddr([2, 0, 0, 0, 0, 1]);
    let mut ns = NetNs::new(NetNsId::Root, 2);
    let a = ns.add_link(name("a"), LinkKind::Loopback, 1500, mac);
    let b = ns.add_link(name("b"), LinkKind::Loopback, 1500, mac);
    assert_eq!((a, b), (2, 3));
    assert!(ns.remove_link(a).is_some());
    assert_eq!(ns.add_link(name("c"), LinkKind::Loopback, 1500, mac), 4);

    let mut ns = NetNs::new(NetNsId::Root, MAX_IFINDEX - 1);
    let indexes: Vec<u32> = ["a", "b", "c", "d"]
        .iter()
        .map(|n| ns.add_link(name(n), LinkKind::Loopback, 1500, mac))
        .collect();
    assert_eq!(indexes, [MAX_IFINDEX - 1, MAX_IFINDEX, 2, 3]);
    assert_eq!(
        ns.ifindexes().collect::<Vec<_>>(),
        [1, 2, 3, MAX_IFINDEX - 1, MAX_IFINDEX]
    );
    assert_eq!(ns.link_by_name("c").map(|l| l.ifindex), Some(2));
    assert_eq!(
        ns.link_by_index(MAX_IFINDEX).map(|l| l.name.as_str()),
        Some("b")
    );
    // A start beyond the kernel's range is clamped into it.
    let mut ns = NetNs::new(NetNsId::Root, u32::MAX);
    assert_eq!(
        ns.add_link(name("a"), LinkKind::Loopback, 1500, mac),
        MAX_IFINDEX
    );
}

/// The index of a large table counts exactly the routes there are, through adds, deletes, link
/// flushes and addresses; and the checks it lets skip give the walk's answers.
#[test]
fn a_large_tables_index_counts_its_routes_and_keeps_the_walks_answers() {
    fn consistent(ns: &NetNs) {
        ns.table.assert_index_counts_routes();
    }
    let mut ns = NetNs::new(NetNsId::Root, 2);
    // Veths, not loopbacks: a loopback's IPv4 prefix routes live in the local table.
    let veth = || LinkKind::Veth {
        peer_ifindex: 2,
        peer_netns: LinkNetns::Id(0),
    };
    let mut devs = Vec::new();
    for n in 0..8u8 {
        let mac = MacAddr([2, 0, 0, 0, 0, n]);
        let dev = ns.add_link(name(&format!("veth{n}")), veth(), 1500, mac);
        ns.carrier_up(dev);
        devs.push(dev);
    }
    // 24 host routes: past the index's threshold.
    for n in 0..24u32 {
        let dst = net(&format!("10.244.1.{}/32", n + 2));
        let dev = devs[(n % 8) as usize];
        assert_eq!(
            ns.add_route(Route::new(dst, None, dev, RouteScope::Host), true),
            Ok(())
        );
    }
    consistent(&ns);
    // An exclusive add to a taken prefix on another device is still refused.
    let taken = net("10.244.1.5/32");
    assert_eq!(
        ns.add_route(Route::new(taken, None, devs[7], RouteScope::Host), true),
        Err(Errno::Exist)
    );
    // Each device already routes fe80::/64: a second link-local address reuses it.
    let routes = ns.table.route_total();
    assert!(ns.add_addr(devs[0], net("fe80::1234/64")));
    assert_eq!(ns.table.route_total(), routes);
    // A pseudo-random walk of deletes, flushes and re-adds.
    let mut seed = 0x2545_f491_u32;
    for _ in 0..400 {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        let n = (seed >> 16) % 40;
        let dst = net(&format!("10.244.1.{}/32", n + 2));
        let dev = devs[((seed >> 8) % 8) as usize];
        match seed % 4 {
            0 => {
                let walk = ns.table.all().any(|r| r.dst == dst && r.metric == 0);
                let added = ns.add_route(Route::new(dst, None, dev, RouteScope::Host), true);
                assert_eq!(added.is_err(), walk);
            }
            1 => {
                let walk = ns.table.all().any(|r| r.dst == dst && r.dev == dev);
                assert_eq!(ns.del_route(dst, dev).is_ok(), walk);
            }
            2 => {
                let mac = MacAddr([2, 0, 0, 0, 1, (seed >> 24) as u8]);
                ns.remove_link(dev);
                let readded = ns.add_link(name(&format!("v{seed:x}")), veth(), 1500, mac);
                let position = devs.iter().position(|d| *d == dev).expect("known device");
                devs[position] = readded;
                ns.carrier_up(readded);
                assert!(ns.table.all().all(|r| r.dev != dev));
            }
            _ => {
                let before = ns.table.route_total();
                let address = net(&format!("10.{}.0.1/24", n));
                let fresh = !ns
                    .table
                    .all()
                    .any(|r| r.dev == dev && r.dst == address.trunc());
                if ns.add_addr(dev, address) {
                    assert_eq!(ns.table.route_total(), before + usize::from(fresh));
                }
            }
        }
        consistent(&ns);
    }
}

/// Deleting a route takes the first match on its device; deleting a link flushes its routes and
/// frees their prefixes for an exclusive add on another device.
#[test]
fn route_delete_and_link_flush() {
    let mut ns = NetNs::new(NetNsId::Root, 2);
    let veth = ns.add_link(
        name("veth1"),
        LinkKind::Loopback,
        1500,
        MacAddr([2, 0, 0, 0, 0, 1]),
    );
    let pod = net("10.244.1.2/32");
    let other = net("10.244.1.3/32");
    assert_eq!(
        ns.add_route(Route::new(pod, None, veth, RouteScope::Host), true),
        Ok(())
    );
    assert_eq!(
        ns.add_route(Route::new(other, None, veth, RouteScope::Host), true),
        Ok(())
    );
    assert_eq!(ns.del_route(other, veth), Ok(()));
    assert_eq!(ns.del_route(other, veth), Err(Errno::NoSuchProcess));
    assert_eq!(ns.del_route(pod, veth + 1), Err(Errno::NoSuchProcess));
    assert!(ns.remove_link(veth).is_some());
    assert!(ns.routes_via(veth).is_empty());
    let next = ns.add_link(
        name("veth2"),
        LinkKind::Loopback,
        1500,
        MacAddr([2, 0, 0, 0, 0, 2]),
    );
    assert_eq!(
        ns.add_route(Route::new(pod, None, next, RouteScope::Host), true),
        Ok(())
    );
    assert_eq!(dump(&ns, false), [(pod, next, None)]);
}

/// A device's routes, kept beside it, dump in the order a walk of the whole table gives them; a
/// link's removal takes exactly its routes, and a route through a device the namespace lacks is
/// refused with `ENODEV` before any conflict check.
#[test]
fn routes_kept_by_device_dump_as_one_table() {
    let mut ns = NetNs::new(NetNsId::Root, 2);
    let mac = MacAddr([2, 0, 0, 0, 0, 1]);
    let old = ns.add_link(name("veth0"), LinkKind::Loopback, 1500, mac);
    ns.carrier_up(old);
    let new = ns.add_link(name("veth1"), LinkKind::Loopback, 1500, mac);
    ns.carrier_up(new);
    for (dst, dev) in [
        ("10.244.1.2/32", old),
        ("10.244.1.4/32", new),
        ("10.244.1.3/32", new),
        ("10.244.1.5/32", old),
    ] {
        assert_eq!(
            ns.add_route(Route::new(net(dst), None, dev, RouteScope::Host), true),
            Ok(())
        );
    }
    let whole = |ns: &NetNs, dev: u32| -> Vec<Route> {
        let mut routes = ns.routes(false);
        routes.extend(ns.routes(true));
        routes
            .into_iter()
            .filter(|r| r.dev == dev)
            .cloned()
            .collect()
    };
    for dev in [old, new] {
        let via: Vec<Route> = ns.routes_via(dev).into_iter().cloned().collect();
        assert_eq!(via, whole(&ns, dev));
    }
    assert_eq!(
        ns.routes_via(new).iter().map(|r| r.dst).collect::<Vec<_>>(),
        [net("10.244.1.3/32"), net("10.244.1.4/32"), net("fe80::/64")]
    );
    let kept = whole(&ns, old);
    assert!(ns.remove_link(new).is_some());
    assert!(ns.routes_via(new).is_empty());
    assert_eq!(whole(&ns, old), kept);
    assert_eq!(
        ns.add_route(
            Route::new(net("10.244.1.2/32"), None, new, RouteScope::Host),
            true
        ),
        Err(Errno::NoSuchDevice)
    );
    assert_eq!(Errno::NoSuchDevice.to_string(), "no such device");
}
