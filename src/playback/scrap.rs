//! Runs and logs done with, taken apart in slices: dropping a run of thousands of pods at once is one
//! long task for a page.

use super::run::Run;
use crate::sim::{EventLog, Simulation};
use std::rc::Rc;

/// What is done with, still to take apart.
#[derive(Default)]
pub struct Scrap(Vec<Piece>);

enum Piece {
    Sim(Box<Simulation>),
    Log(EventLog),
}

impl Scrap {
    /// Keep `sim` to take apart.
    pub fn sim(&mut self, sim: Simulation) {
        self.0.push(Piece::Sim(Box::new(sim)));
    }

    /// Keep `run`'s timeline to take apart, when nothing else holds the run.
    pub fn run(&mut self, run: Rc<Run>) {
        if let Ok(run) = Rc::try_unwrap(run) {
            self.0.push(Piece::Log(run.into_timeline()));
        }
    }

    /// Take in what `other` holds.
    pub fn append(&mut self, other: Scrap) {
        self.0.extend(other.0);
    }

    /// Whether nothing is left.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Take apart what is left while there is time; whether it is all gone.
    pub fn dismantle(&mut self, more_time: &mut dyn FnMut() -> bool) -> bool {
        while let Some(last) = self.0.last_mut() {
            let gone = match last {
                Piece::Sim(sim) => sim.dismantle(more_time),
                Piece::Log(log) => loop {
                    if !log.drop_chunk() {
                        break true;
                    }
                    if !more_time() {
                        break false;
                    }
                },
            };
            if !gone {
                return false;
            }
            self.0.pop();
        }
        true
    }
}
