//! `podip run` and `podip state`: read a scenario, simulate it, print a transcript, JSON Lines or the
//! final state.

use podip::sim::{builtin, limits, transcript, Chain, Scenario, Simulation};
use std::io::Read;

/// Where a scenario comes from: a path, `-` for standard input, or `builtin:NAME`.
pub fn read_scenario(source: &str) -> Result<(String, Scenario), String> {
    let (label, text) = read_text(source)?;
    let scenario = Scenario::parse(&text).map_err(|err| format!("{label}: {err}"))?;
    Ok((label, scenario))
}

/// A scenario's text from where [`read_scenario`] reads it, and its name for messages.
pub fn read_text(source: &str) -> Result<(String, String), String> {
    let text = if source == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|err| format!("cannot read standard input: {err}"))?;
        text
    } else if let Some(name) = source.strip_prefix("builtin:") {
        builtin::by_name(name)
            .ok_or_else(|| {
                let names: Vec<&str> = builtin::ALL.iter().map(|(n, _)| *n).collect();
                format!(
                    "no built-in scenario {name:?} (there are: {})",
                    names.join(", ")
                )
            })?
            .to_string()
    } else {
        std::fs::read_to_string(source).map_err(|err| format!("cannot read {source}: {err}"))?
    };
    let label = if source == "-" { "<stdin>" } else { source };
    Ok((label.to_string(), text))
}

/// The scenario at `source`, on the chain `cni` when one is given: `set cni=NAME` before its first line,
/// so a `set cni=` of its own still wins.
fn read_on_chain(source: &str, cni: Option<&str>) -> Result<Scenario, String> {
    let Some(name) = cni else {
        return Ok(read_scenario(source)?.1);
    };
    let chain = Chain::named(name).ok_or_else(|| {
        let names: Vec<&str> = Chain::ALL.iter().map(|c| c.name()).collect();
        format!("cni: {name:?} is not one of {}", names.join(", "))
    })?;
    let (label, text) = read_text(source)?;
    Scenario::parse(&format!("set cni={chain}\n{text}"))
        .map_err(|err| format!("{label} (after set cni={chain}): {err}"))
}

/// `podip run`: the transcript (or, with `json`, the events as JSON Lines).
pub fn run(source: &str, json: bool, cni: Option<&str>) -> Result<String, String> {
    let scenario = read_on_chain(source, cni)?;
    let mut sim = Simulation::new(scenario);
    if json {
        sim.run_to_end();
        warn_if_halted(&sim);
        let mut out = String::new();
        for event in sim.events() {
            out.push_str(&serde_json::to_string(event).map_err(|err| err.to_string())?);
            out.push('\n');
        }
        return Ok(out);
    }
    let end = sim.end();
    let text = transcript(&mut sim, end, usize::MAX);
    warn_if_halted(&sim);
    Ok(text)
}

/// Say on standard error when the run stopped at podip's limit on events.
fn warn_if_halted(sim: &Simulation) {
    if sim.halted() {
        eprintln!(
            "podip: the run stopped at {}: it logged {} events, podip's limit",
            sim.now(),
            limits::MAX_EVENTS
        );
    }
}

/// `podip state`: the state at the scenario's end, as JSON.
pub fn state(source: &str, cni: Option<&str>) -> Result<String, String> {
    let scenario = read_on_chain(source, cni)?;
    let mut sim = Simulation::new(scenario);
    sim.run_to_end();
    warn_if_halted(&sim);
    sim.state().to_json().map_err(|err| err.to_string())
}
