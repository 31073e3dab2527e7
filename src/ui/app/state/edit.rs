//! The settings card's fields, held in the app's state.

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
