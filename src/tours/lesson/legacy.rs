//! A draft as the first "Write a lesson" kept it in the browser: serde's JSON of the draft's types.
//! Read through `serde_json::Value`, which the app already holds (it reads conflists), rather than
//! by derived decoders, which cost the wasm more; read once, the draft is kept in the line form after.

use super::draft::{Draft, DraftQuestion, DraftScenario, DraftStep};
use crate::tours::{LessonText, Source};
use serde_json::{Map, Value};

/// The draft a JSON draft of the first writer holds, if it is one.
pub(super) fn draft(json: &str) -> Option<Draft> {
    let value: Value = serde_json::from_str(json).ok()?;
    let draft = value.as_object()?;
    let scenario = draft.get("scenario")?.as_object()?;
    let scenario = match (scenario.get("Builtin"), scenario.get("Written")) {
        (Some(name), None) => DraftScenario::Builtin(name.as_str()?.to_string()),
        (None, Some(text)) => DraftScenario::Written(text.as_str()?.to_string()),
        _ => return None,
    };
    let sources = list(draft, "sources")?
        .iter()
        .map(|source| {
            let source = source.as_object()?;
            Some(Source {
                label: string(source, "label")?,
                url: string(source, "url")?,
            })
        })
        .collect::<Option<_>>()?;
    let steps = list(draft, "steps")?
        .iter()
        .map(step)
        .collect::<Option<_>>()?;
    Some(Draft {
        title: text(draft.get("title")?)?,
        scenario,
        intro: text(draft.get("intro")?)?,
        steps,
        sources,
    })
}

fn step(step: &Value) -> Option<DraftStep> {
    let step = step.as_object()?;
    let question = match step.get("question")? {
        Value::Null => None,
        question => {
            let question = question.as_object()?;
            Some(DraftQuestion {
                text: text(question.get("text")?)?,
                choices: list(question, "choices")?
                    .iter()
                    .map(text)
                    .collect::<Option<_>>()?,
                correct: usize::try_from(question.get("correct")?.as_u64()?).ok()?,
                why: text(question.get("why")?)?,
            })
        }
    };
    Some(DraftStep {
        id: string(step, "id")?,
        waits_for: string(step, "waits_for")?,
        shows: list(step, "shows")?
            .iter()
            .map(|name| Some(name.as_str()?.to_string()))
            .collect::<Option<_>>()?,
        command: optional(step.get("command")?)?,
        words: text(step.get("words")?)?,
        question,
    })
}

/// `{"en": …, "zh": … or null, "ja": … or null}`.
fn text(text: &Value) -> Option<LessonText> {
    let text = text.as_object()?;
    let mut said = LessonText::english(string(text, "en")?);
    said.zh = optional(text.get("zh")?)?;
    said.ja = optional(text.get("ja")?)?;
    Some(said)
}

fn string(object: &Map<String, Value>, key: &str) -> Option<String> {
    Some(object.get(key)?.as_str()?.to_string())
}

fn list<'a>(object: &'a Map<String, Value>, key: &str) -> Option<&'a Vec<Value>> {
    object.get(key)?.as_array()
}

/// A string or null (`Some(None)`); anything else is no draft.
fn optional(value: &Value) -> Option<Option<String>> {
    match value {
        Value::Null => Some(None),
        value => Some(Some(value.as_str()?.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A draft as the first writer kept it: serde's JSON of its types.
    const KEPT: &str = r#"{"title":{"en":"Mine","zh":"我的","ja":null},"scenario":{"Builtin":"kind"},"intro":{"en":"What it shows.","zh":null,"ja":null},"steps":[{"id":"a-ipamreserve","waits_for":"IPAMReserve pod/a","shows":["pod:a@kind-worker"],"command":null,"words":{"en":"a gets .2","zh":null,"ja":"a は .2"},"question":{"text":{"en":"Which?","zh":null,"ja":null},"choices":[{"en":".2","zh":null,"ja":null},{"en":".3","zh":null,"ja":null}],"correct":0,"why":{"en":"First free.","zh":null,"ja":null}}}],"sources":[{"label":"kubernetes/kubernetes#1","url":"https://github.com/kubernetes/kubernetes/issues/1"}]}"#;

    #[test]
    fn a_json_draft_of_the_first_writer_is_read_whole() {
        let draft = Draft::unkept(KEPT).expect("read");
        assert_eq!(draft.title.zh.as_deref(), Some("我的"));
        assert_eq!(draft.scenario, DraftScenario::Builtin("kind".into()));
        let step = &draft.steps[0];
        assert_eq!(step.shows, ["pod:a@kind-worker"]);
        assert_eq!(step.words.ja.as_deref(), Some("a は .2"));
        assert_eq!(step.question.as_ref().map(|q| q.choices.len()), Some(2));
        assert_eq!(draft.sources[0].label, "kubernetes/kubernetes#1");
        // Kept again, it is kept in the line form.
        assert_eq!(Draft::unkept(&draft.kept()), Some(draft));
    }

    #[test]
    fn json_that_is_no_draft_is_none() {
        for broken in [
            "{",
            "{}",
            &KEPT.replace("\"Builtin\"", "\"Named\""),
            &KEPT.replace("\"correct\":0", "\"correct\":-1"),
            &KEPT.replace("\"command\":null", "\"command\":3"),
        ] {
            assert_eq!(Draft::unkept(broken), None, "{broken}");
        }
    }
}
