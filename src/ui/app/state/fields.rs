//! The settings card's fields as typed, and what a preset replaced of them: plain values the page
//! draws (`view.rs`) and the reducer changes (`edit.rs`), apart from the reducer so the view does not
//! import it.

use crate::ipam::kcm::KcmFlag;
use crate::playback::Player;
use crate::sim::preset::Preset;
use crate::sim::{ClusterSettings, SettingsDraft};

/// The settings card's fields as typed: what was typed stays, valid or not, until a new scenario
/// brings its own settings.
#[derive(Debug, Clone, PartialEq)]
pub struct SettingsEdit {
    /// The fields.
    pub fields: SettingsDraft,
    /// Why the fields were refused (the settings in force stay).
    pub refusal: Option<String>,
    /// A platform picked that does not use node subnets: explained, nothing changed.
    pub elsewhere: Option<&'static Preset>,
    /// What the last preset picked replaced of the fields the learner set, with the way back.
    pub replaced: Option<PresetReplaced>,
    /// The fields as the scenario brought them: a field that differs was set by the learner.
    pub(super) loaded: SettingsDraft,
    /// The load of the player the fields were taken from.
    pub(super) load: u32,
}

/// A preset that replaced fields the learner set: said in one line, with the way back.
#[derive(Debug, Clone, PartialEq)]
pub struct PresetReplaced {
    /// The preset picked.
    pub preset: &'static Preset,
    /// Each field it replaced, as the scenario would set it: `--node-cidr-mask-size=26`, `max-pods=30`.
    pub fields: Vec<String>,
    /// The fields before it.
    pub(super) before: SettingsDraft,
    /// The settings in force before it.
    pub(super) settings: ClusterSettings,
}

impl SettingsEdit {
    /// The fields of the settings in force in `player`.
    pub(crate) fn of(player: &Player) -> SettingsEdit {
        SettingsEdit::of_settings(&player.settings(), player.load_number())
    }

    /// The fields of `settings`, taken from load number `load`.
    pub(crate) fn of_settings(settings: &ClusterSettings, load: u32) -> SettingsEdit {
        SettingsEdit {
            fields: settings.draft(),
            refusal: None,
            elsewhere: None,
            replaced: None,
            loaded: settings.draft(),
            load,
        }
    }

    /// The fields the learner set that `edited` replaces, as the scenario would set them.
    pub(super) fn replaced_by(&self, edited: &SettingsDraft) -> Vec<String> {
        let (before, loaded) = (&self.fields, &self.loaded);
        let flags = KcmFlag::ALL.into_iter().filter_map(|flag| {
            let value = flag.value(&before.flags);
            (value != flag.value(&loaded.flags) && value != flag.value(&edited.flags))
                .then(|| format!("{}={value}", flag.flag()))
        });
        let knobs = before
            .knobs()
            .filter(|&(id, value)| value != loaded.knob(id) && value != edited.knob(id))
            .map(|(id, value)| format!("{}={value}", id.name()));
        flags.chain(knobs).collect()
    }
}
