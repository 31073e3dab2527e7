//! A tour's stops as the build renders them (native only): each step, and each question asked before
//! one, as the page draws it, with where the tour's controls and a remote's keys go from there —
//! found by the app's own reducer, so the page built at build time steps as the app does before the
//! app has loaded (`ui::build::tour_stops`). The page's own first view is rendered here too, its work
//! done, so that a busy build machine renders the same page as an idle one.

use super::opened::Opened;
use super::state::{Action, AppState};
use super::view::Shown;
use super::{state_for, Page};
use crate::playback::stage::Stage;
use crate::sim::VirtualTime;
use crate::ui::shared::Shared;
use std::collections::VecDeque;
use yew::prelude::*;

/// A stop of a tour: the step shown (`None`: the introduction) and the question asked before a step
/// (not answered yet).
type Key = (Option<usize>, Option<usize>);

/// Where a press goes from a stop.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Goes {
    /// Another stop, by its name.
    To(String),
    /// Where only the engine can go (an answer shown, a step's motion over a question): the press
    /// waits for it.
    Engine,
    /// Nowhere: the control is disabled, or the key does nothing.
    Stays,
}

/// One stop, rendered.
#[derive(Debug, Clone, PartialEq)]
pub struct Stop {
    /// `0` the introduction, `3` the third step, `q3` the question asked before it (digits and `q`
    /// only: it goes into an attribute as it is).
    pub name: String,
    /// The link's `step=` that opens the app at the step this stop shows (0: the introduction).
    pub step: usize,
    /// The question asked, which the app asks again by its next-step control once opened there.
    pub asks: bool,
    /// The page's markup at this stop.
    pub markup: String,
    /// Its stage's picture, for drawing it again at another width.
    pub stage: Shared<Stage>,
    /// Where the next-step and previous-step controls, PageDown and PageUp go.
    pub next: Goes,
    pub prev: Goes,
    pub down: Goes,
    pub up: Goes,
}

/// The name of a stop.
fn name((current, asked): Key) -> String {
    match asked {
        Some(step) => format!("q{}", step + 1),
        None => current.map_or(0, |i| i + 1).to_string(),
    }
}

/// The page opened at `key`: at its step by the link, then its question asked by the next-step
/// control, as the app is when the page hands the stop over.
fn state_at(opened: &Opened, (current, asked): Key) -> (Opened, AppState) {
    let mut opened = opened.clone();
    opened.link.step = current;
    let (opened, mut state) = state_for(opened);
    settle(&mut state);
    if let Some(step) = asked {
        state.reduce(Action::TourStep(step));
        settle(&mut state);
    }
    (opened, state)
}

/// `state` with its work done: the app works in slices of a wall-clock budget, which a busy build
/// machine can run out of before the step is reached.
fn settle(state: &mut AppState) {
    while state.has_work() {
        state.reduce(Action::Work);
    }
}

/// The stop `state` shows; `None` when it shows an answer (the engine's alone).
fn key_of(state: &AppState) -> Option<Key> {
    let tour = &state.shown().tour;
    match &tour.asked {
        Some(asked) if asked.answer.is_some() => None,
        asked => Some((tour.current, asked.as_ref().map(|a| a.step))),
    }
}

/// A tour control's action at `shown`: the step's, or the start for the introduction.
fn go(step: Option<usize>) -> Action {
    match step {
        Some(i) => Action::TourStep(i),
        None => Action::Seek(VirtualTime::ZERO),
    }
}

/// Every stop of the tour `opened` shows (from its introduction, as far as its controls and a
/// remote's presses reach), in the order found; empty without a tour.
pub fn tour_stops(opened: &Opened) -> Vec<Stop> {
    let start: Key = (None, None);
    let mut seen = vec![start];
    let mut queue = VecDeque::from([start]);
    let mut stops = Vec::new();
    while let Some(key) = queue.pop_front() {
        let (page, state) = state_at(opened, key);
        let shown = state.shown().tour.clone();
        if shown.name.is_none() {
            return Vec::new();
        }
        let (next, prev) = (shown.next_step(), shown.previous_step());
        let mut goes = |enabled: bool, action: Action| {
            if !enabled {
                return Goes::Stays;
            }
            let (_, mut moved) = state_at(opened, key);
            moved.reduce(action);
            settle(&mut moved);
            match key_of(&moved) {
                None => Goes::Engine,
                Some(to) if to == key => Goes::Stays,
                Some(to) => {
                    if !seen.contains(&to) {
                        seen.push(to);
                        queue.push_back(to);
                    }
                    Goes::To(name(to))
                }
            }
        };
        let stop = Stop {
            name: name(key),
            step: key.0.map_or(0, |i| i + 1),
            asks: key.1.is_some(),
            markup: render(page, state.shown().clone()),
            stage: state.shown().stage.shared(),
            next: goes(next.is_some(), go(next)),
            prev: goes(shown.current.is_some(), go(prev)),
            down: goes(true, Action::Press(true)),
            up: goes(true, Action::Press(false)),
        };
        stops.push(stop);
    }
    stops
}

#[derive(Properties)]
struct StillProps {
    opened: Opened,
    shown: Shown,
}

impl PartialEq for StillProps {
    fn eq(&self, _: &Self) -> bool {
        false
    }
}

/// The page as it shows `shown`, with nothing to send to.
#[function_component]
fn Still(props: &StillProps) -> Html {
    html! { <Page opened={props.opened.clone()} shown={props.shown.clone()} dispatch={Callback::noop()} /> }
}

/// The page `opened` shows (the app's first view, its work done), as the server renders it.
pub fn render_opened(opened: Opened) -> String {
    first_view(opened).0
}

/// [`render_opened`], and the stage's picture it shows.
pub fn first_view(opened: Opened) -> (String, Shared<Stage>) {
    let (opened, mut state) = state_for(opened);
    settle(&mut state);
    let stage = state.shown().stage.shared();
    (render(opened, state.shown().clone()), stage)
}

/// The page's markup showing `shown`, as the server renders it.
fn render(opened: Opened, shown: Shown) -> String {
    let renderer = yew::LocalServerRenderer::<Still>::with_props(StillProps { opened, shown })
        .hydratable(false);
    futures::executor::block_on(renderer.render())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::share::Link;
    use crate::tours::TourId;

    fn kind() -> Opened {
        Opened::page(Link {
            tour: Some("kind".into()),
            ..Link::default()
        })
    }

    #[test]
    fn every_step_of_a_tour_is_a_stop_and_its_questions_come_between() {
        let stops = tour_stops(&kind());
        let steps = TourId::Kind.tour().steps.len();
        let questions = TourId::Kind.tour().questions.len();
        assert_eq!(
            stops.len(),
            1 + steps + questions,
            "{:?}",
            stops.iter().map(|s| &s.name).collect::<Vec<_>>()
        );
        let by = |name: &str| stops.iter().find(|s| s.name == name).expect(name);
        let intro = by("0");
        assert_eq!((&intro.prev, &intro.up), (&Goes::Stays, &Goes::Stays));
        assert!(intro.markup.contains(r#"data-step="0""#));
        // The first step's question is asked before it; the next-step control then goes to the step,
        // PageDown shows the answer (the engine's), PageUp goes back to where it was asked.
        let first_question = stops.iter().find(|s| s.asks).expect("a question");
        let answered = first_question.name[1..].to_string();
        assert_eq!(first_question.next, Goes::To(answered.clone()));
        assert_eq!(first_question.down, Goes::Engine);
        assert!(first_question.markup.contains(r#"data-testid="quiz""#));
        assert_eq!(by(&answered).step.to_string(), answered);
        let last = by(&steps.to_string());
        assert_eq!((&last.next, &last.down), (&Goes::Stays, &Goes::Stays));
        // A step shown by its link is the step the app shows there.
        let mut at = kind();
        at.link.step = Some(3);
        assert_eq!(by("4").markup, render_opened(at));
    }

    #[test]
    fn without_questions_the_controls_walk_the_steps() {
        let mut opened = kind();
        opened.link.quiz = false;
        let stops = tour_stops(&opened);
        assert!(stops.iter().all(|s| !s.asks));
        assert_eq!(stops[0].next, Goes::To("1".into()));
        assert_eq!(stops[1].prev, Goes::To("0".into()));
        assert_eq!(stops[2].up, Goes::To("1".into()));
    }
}
