//! The learner's changes to the cluster: the actions' commands, and the settings card — its fields
//! as typed, a preset picked, the deletion mode.

use super::fields::PresetReplaced;
use super::{Action, AppState};
use crate::sim::preset::{self, PodIps};
use crate::sim::SettingsDraft;

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
