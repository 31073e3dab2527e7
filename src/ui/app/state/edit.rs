//! The learner's changes to the cluster: the actions' commands, and the settings card — its fields
//! as typed, a preset picked, the deletion mode.

use super::{Action, AppState};
use crate::ipam::kcm::KcmFlag;
use crate::playback::Player;
use crate::sim::preset::{self, PodIps, Preset};
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
    loaded: SettingsDraft,
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
    before: SettingsDraft,
    /// The settings in force before it.
    settings: ClusterSettings,
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
    fn replaced_by(&self, edited: &SettingsDraft) -> Vec<String> {
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

impl AppState {
    /// Carry out a change to the cluster ([`Action::Apply`], [`Action::Settings`],
    /// [`Action::DeletionMode`], [`Action::EditSetting`], [`Action::Preset`],
    /// [`Action::UndoPreset`]); whether the page is to be drawn again.
    pub(super) fn edit(&mut self, action: Action) -> bool {
        match action {
            Action::Apply(commands) => self.change(|player| player.apply(&commands)),
            Action::Settings(settings) => {
                self.edit.replaced = None;
                self.change(|player| player.set_settings(*settings));
            }
            Action::DeletionMode(mode) => self.change(|player| {
                let mut settings = player.settings();
                settings.deletion_mode = mode;
                player.set_settings(settings);
            }),
            Action::EditSetting(field, text) => {
                self.edit.replaced = None;
                let edited = self.edit.fields.clone().edit(field, text);
                self.submit(edited);
            }
            Action::Preset(name) => {
                // A platform without node subnets is only explained: it changes nothing.
                self.edit.elsewhere = None;
                self.edit.replaced = None;
                if let Some(preset) = preset::by_name(&name) {
                    if preset.pod_ips == PodIps::Elsewhere {
                        self.edit.elsewhere = Some(preset);
                    } else {
                        let edited = self.edit.fields.clone().with_preset(preset);
                        let fields = self.edit.replaced_by(&edited);
                        let replaced = (!fields.is_empty()).then(|| PresetReplaced {
                            preset,
                            fields,
                            before: self.edit.fields.clone(),
                            settings: self.player.settings(),
                        });
                        self.submit(edited);
                        self.edit.replaced = replaced;
                    }
                }
            }
            Action::UndoPreset => {
                let Some(replaced) = self.edit.replaced.take() else {
                    return false;
                };
                self.edit.elsewhere = None;
                self.edit.refusal = replaced.before.validate(&replaced.settings).err();
                self.edit.fields = replaced.before;
                self.change(|player| player.set_settings(replaced.settings));
            }
            // Another concern's, which `reduce` hands it.
            _ => return false,
        }
        self.refresh()
    }

    /// The card's fields as `edited`: in force if valid over the settings in force, else refused.
    fn submit(&mut self, edited: SettingsDraft) {
        match edited.validate(&self.player.settings()) {
            Ok(settings) => {
                self.edit.refusal = None;
                self.change(|player| player.set_settings(settings));
            }
            Err(err) => self.edit.refusal = Some(err),
        }
        self.edit.fields = edited;
    }
}
