//! The learner's changes to the cluster: the actions' commands, and the settings card — its fields
//! as typed, a preset picked, the deletion mode.

use super::{Action, AppState};
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
    /// The load of the player the fields were taken from.
    pub(super) load: u32,
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
            load,
        }
    }
}

impl AppState {
    /// Carry out a change to the cluster ([`Action::Apply`], [`Action::Settings`],
    /// [`Action::DeletionMode`], [`Action::EditSetting`], [`Action::Preset`]); whether the page is to
    /// be drawn again.
    pub(super) fn edit(&mut self, action: Action) -> bool {
        match action {
            Action::Apply(commands) => self.change(|player| player.apply(&commands)),
            Action::Settings(settings) => self.change(|player| player.set_settings(*settings)),
            Action::DeletionMode(mode) => self.change(|player| {
                let mut settings = player.settings();
                settings.deletion_mode = mode;
                player.set_settings(settings);
            }),
            Action::EditSetting(field, text) => {
                let edited = self.edit.fields.clone().edit(field, text);
                self.submit(edited);
            }
            Action::Preset(name) => {
                // A platform without node subnets is only explained: it changes nothing.
                self.edit.elsewhere = None;
                if let Some(preset) = preset::by_name(&name) {
                    if preset.pod_ips == PodIps::Elsewhere {
                        self.edit.elsewhere = Some(preset);
                    } else {
                        let edited = self.edit.fields.clone().with_preset(preset);
                        self.submit(edited);
                    }
                }
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
