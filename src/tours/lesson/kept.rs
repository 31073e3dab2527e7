//! A draft as the browser keeps it between visits: every field as typed, one a line, so a draft with a
//! problem comes back as it was (its file would not read back). A hand-written form rather than serde's
//! JSON: the derived decoder of every draft type cost the app's wasm more than this file does. The
//! forms kept before are read too: `podip draft 1` (without the translations' fingerprints) and the
//! first writer's serde JSON (`legacy.rs`).

use super::draft::{Draft, DraftQuestion, DraftScenario, DraftStep};
use crate::tours::{LessonText, Source};

/// The first line, which names the form: version 2 writes each text's translations' fingerprints.
const HEAD: &str = "podip draft 2";
/// The first line of the form before, whose texts have no fingerprints.
const HEAD_1: &str = "podip draft 1";
/// The line of a text not written (a missing translation, no command, no question).
const NONE: &str = "\\0";

impl Draft {
    /// The draft as the browser keeps it ([`Draft::unkept`] reads it back).
    pub fn kept(&self) -> String {
        let mut out = Out(vec![HEAD.to_string()]);
        out.text(&self.title);
        match &self.scenario {
            DraftScenario::Builtin(name) => out.some(&format!("b{name}")),
            DraftScenario::Written(text) => out.some(&format!("w{text}")),
        }
        out.text(&self.intro);
        out.count(self.sources.len());
        for source in &self.sources {
            out.some(&source.label);
            out.some(&source.url);
        }
        out.count(self.steps.len());
        for step in &self.steps {
            out.some(&step.id);
            out.some(&step.waits_for);
            out.count(step.shows.len());
            step.shows.iter().for_each(|name| out.some(name));
            out.line(step.command.as_deref());
            out.text(&step.words);
            match &step.question {
                None => out.line(None),
                Some(question) => {
                    out.text(&question.text);
                    out.count(question.choices.len());
                    question.choices.iter().for_each(|choice| out.text(choice));
                    out.count(question.correct);
                    out.text(&question.why);
                }
            }
        }
        out.0.join("\n")
    }

    /// The draft `kept` holds, if it is one [`Draft::kept`] wrote.
    pub fn unkept(kept: &str) -> Option<Draft> {
        if kept.starts_with('{') {
            return super::legacy::draft(kept);
        }
        let mut lines = kept.split('\n');
        let fingerprints = match lines.next()? {
            HEAD => true,
            HEAD_1 => false,
            _ => return None,
        };
        let mut r#in = In(lines, fingerprints);
        let title = r#in.text()?;
        let scenario = r#in.some()?;
        let scenario = match scenario.split_at_checked(1)? {
            ("b", name) => DraftScenario::Builtin(name.to_string()),
            ("w", text) => DraftScenario::Written(text.to_string()),
            _ => return None,
        };
        let intro = r#in.text()?;
        let sources = (0..r#in.count()?)
            .map(|_| {
                Some(Source {
                    label: r#in.some()?,
                    url: r#in.some()?,
                })
            })
            .collect::<Option<_>>()?;
        let steps = (0..r#in.count()?)
            .map(|_| {
                let (id, waits_for) = (r#in.some()?, r#in.some()?);
                let shows = (0..r#in.count()?)
                    .map(|_| r#in.some())
                    .collect::<Option<_>>()?;
                let (command, words) = (r#in.line()?, r#in.text()?);
                let question = match r#in.line()? {
                    None => None,
                    Some(en) => {
                        let text = r#in.translated(en)?;
                        let choices = (0..r#in.count()?)
                            .map(|_| r#in.text())
                            .collect::<Option<_>>()?;
                        let (correct, why) = (r#in.count()?, r#in.text()?);
                        Some(DraftQuestion {
                            text,
                            choices,
                            correct,
                            why,
                        })
                    }
                };
                Some(DraftStep {
                    id,
                    waits_for,
                    shows,
                    command,
                    words,
                    question,
                })
            })
            .collect::<Option<_>>()?;
        // Nothing may follow: a longer form is another draft's.
        r#in.0.next().is_none().then_some(Draft {
            title,
            scenario,
            intro,
            steps,
            sources,
        })
    }
}

/// The lines written.
struct Out(Vec<String>);

impl Out {
    /// A text written (`None`: not written), its backslashes and line ends escaped.
    fn line(&mut self, text: Option<&str>) {
        self.0.push(match text {
            None => NONE.to_string(),
            Some(text) => text.replace('\\', "\\\\").replace('\n', "\\n"),
        });
    }

    fn some(&mut self, text: &str) {
        self.line(Some(text));
    }

    fn count(&mut self, n: usize) {
        self.some(&n.to_string());
    }

    /// A text's English, then its Chinese and Japanese, then the fingerprints of the English they
    /// were written for.
    fn text(&mut self, text: &LessonText) {
        self.some(&text.en);
        self.line(text.zh.as_deref());
        self.line(text.ja.as_deref());
        for of in text.of {
            self.line(of.map(|of| format!("{of:08x}")).as_deref());
        }
    }
}

/// The lines read, and whether its texts have fingerprints (version 2).
struct In<'a>(std::str::Split<'a, char>, bool);

impl In<'_> {
    /// The next line's text (`Some(None)`: not written).
    fn line(&mut self) -> Option<Option<String>> {
        let line = self.0.next()?;
        if line == NONE {
            return Some(None);
        }
        let mut text = String::with_capacity(line.len());
        let mut chars = line.chars();
        while let Some(c) = chars.next() {
            text.push(match c {
                '\\' => match chars.next()? {
                    'n' => '\n',
                    '\\' => '\\',
                    _ => return None,
                },
                c => c,
            });
        }
        Some(Some(text))
    }

    fn some(&mut self) -> Option<String> {
        self.line()?
    }

    fn count(&mut self) -> Option<usize> {
        self.some()?.parse().ok()
    }

    /// A text whose English is `en`: its Chinese and Japanese follow.
    fn translated(&mut self, en: String) -> Option<LessonText> {
        let (zh, ja) = (self.line()?, self.line()?);
        let mut of = [None; 2];
        if self.1 {
            for slot in &mut of {
                *slot = match self.line()? {
                    None => None,
                    Some(hex) => Some(u32::from_str_radix(&hex, 16).ok()?),
                };
            }
        }
        Some(LessonText { en, zh, ja, of })
    }

    fn text(&mut self) -> Option<LessonText> {
        let en = self.some()?;
        self.translated(en)
    }
}
