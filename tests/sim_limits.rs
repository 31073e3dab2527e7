//! podip's limits (`sim::limits`): a line over one is refused with `line N: …` naming the limit; the
//! budget scenario and the stories stay inside them; a run that logs more than the most podip shows
//! stops there and says so.
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use podip::sim::limits::{MAX_MANY, MAX_NODES, MAX_PODS};
use podip::sim::{builtin, Scenario};

const CLUSTER: &str = "cluster --cluster-cidr=10.0.0.0/8 --node-cidr-mask-size=24\n";

fn nodes(n: u64) -> String {
    (1..=n).map(|i| format!("node add n{i}\n")).collect()
}

fn error(text: &str) -> String {
    match Scenario::parse(text) {
        Ok(_) => panic!("accepted, though over a limit"),
        Err(err) => err.to_string(),
    }
}

#[test]
fn table_of_lines_over_a_limit() {
    let rows: [(String, String); 7] = [
        (
            format!("{CLUSTER}{}", nodes(MAX_NODES + 1)),
            format!("line {}: more than {MAX_NODES} nodes in one scenario (podip's limit: the route mesh grows with the square of the nodes)", MAX_NODES + 2),
        ),
        (
            format!("{CLUSTER}node add a\npod add-many p --node=a --count={}", MAX_MANY + 1),
            format!("line 3: invalid --count \"{}\": want a whole number from 1 to {MAX_MANY}", MAX_MANY + 1),
        ),
        (
            format!(
                "{CLUSTER}node add a\n{}",
                (0..=MAX_PODS / MAX_MANY).map(|i| format!("pod add-many p{i} --node=a --count={MAX_MANY}\n")).collect::<String>()
            ),
            format!("line {}: more than {MAX_PODS} pods created in one scenario (podip's limit)", 3 + MAX_PODS / MAX_MANY),
        ),
        (
            format!("{CLUSTER}wait 4m\nwait 1m1s"),
            "line 3: the scenario runs longer than 5m0s (podip's limit: resyncs and retries grow with time)".into(),
        ),
        (
            "set kindnet-resync-period=500ms".into(),
            "line 1: kindnet-resync-period: at least 1s (podip's limit: it repeats over the whole run)".into(),
        ),
        (
            "set sandbox-retry-period=10ms".into(),
            "line 1: sandbox-retry-period: at least 1s (podip's limit: it repeats over the whole run)".into(),
        ),
        (
            "set node-ipam-backoff-max=5ms".into(),
            "line 1: node-ipam-backoff-max: at least 1s (podip's limit: it repeats over the whole run)".into(),
        ),
    ];
    for (text, want) in rows {
        assert_eq!(error(&text), want);
    }
}

/// Deleted and re-created pods count again: the limit is on pods created over the run.
#[test]
fn pods_created_count_over_the_whole_run() {
    let round = |r: u64| {
        format!("pod add-many r{r} --node=a --count={MAX_MANY}\nwait 5s\npod delete-many r{r} --count={MAX_MANY}\nwait 5s\n")
    };
    let rounds: String = (0..MAX_PODS / MAX_MANY).map(round).collect();
    assert!(Scenario::parse(&format!("{CLUSTER}node add a\n{rounds}")).is_ok());
    let one_more = format!("{CLUSTER}node add a\n{rounds}pod add x --node=a\n");
    assert!(error(&one_more).contains(&format!("more than {MAX_PODS} pods")));
}

/// What the stories and the budget scenario need fits: a /16 in /24s filled and one node more, the
/// 256-node × 110-pod churn, every built-in scenario.
#[test]
fn the_stories_and_the_budget_fit() {
    let full = format!("{CLUSTER}{}wait 1s\n", nodes(257));
    assert!(Scenario::parse(&full).is_ok());
    let mut churn = format!("{CLUSTER}{}wait 1s\n", nodes(256));
    for i in 1..=256 {
        churn.push_str(&format!("pod add-many a{i} --node=n{i} --count=110\n"));
    }
    churn.push_str("wait 1s\n");
    for i in 1..=256 {
        churn.push_str(&format!("pod delete-many a{i} --count=55\n"));
    }
    churn.push_str("wait 3s\n");
    for i in 1..=256 {
        churn.push_str(&format!("pod add-many b{i} --node=n{i} --count=55\n"));
    }
    assert!(Scenario::parse(&churn).is_ok());
    for (name, text) in builtin::ALL {
        assert!(Scenario::parse(text).is_ok(), "{name}");
    }
}

/// A run that logs more events than podip shows halts there, says where, and goes no further: a few
/// hundred pods without an address, each retrying every 10 s for minutes.
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn a_run_over_the_most_events_halts_where_it_reached_them() {
    use podip::playback::Player;
    use podip::sim::limits::MAX_EVENTS;
    let mut text = String::from("cluster --cluster-cidr=10.0.0.0/8 --node-cidr-mask-size=29\n");
    text.push_str(&nodes(256));
    text.push_str("wait 1s\n");
    for i in 1..=256 {
        text.push_str(&format!("pod add-many p{i} --node=n{i} --count=110\n"));
    }
    text.push_str("wait 4m50s\n");
    let mut cursor = Player::load(text, None)
        .expect("within the limits")
        .into_cursor();
    let run = cursor.run().clone();
    let halted_at = run.halted_at().expect("the run halts");
    assert!(halted_at < run.scenario().end, "{halted_at}");
    assert!(run.timeline().len() >= MAX_EVENTS);
    assert!(run.timeline().len() < MAX_EVENTS + 100);
    cursor.seek(run.horizon());
    cursor.finish();
    assert_eq!(cursor.now(), halted_at);
    assert!(cursor.at_end());
}
