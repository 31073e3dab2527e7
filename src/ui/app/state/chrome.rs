//! The page around the stage: the shortcuts dialog, what the learner picked (an event, a pod, a
//! node, the address map's zoom), the export's problem, the language and the theme.

use super::{Action, AppState};

impl AppState {
    /// Carry out an action of the page's own state ([`Action::Help`], [`Action::SelectNode`],
    /// [`Action::Language`] …); whether the page is to be drawn again.
    pub(super) fn chrome(&mut self, action: Action) -> bool {
        match action {
            Action::Help(open) => self.help = open.unwrap_or(!self.help),
            Action::SelectEvent(index) => self.selected_event = index,
            Action::SelectPod(pod) => self.selected_pod = pod,
            Action::SelectNode(node) => self.selected_node = node,
            Action::PodNode(node) => self.pod_node = node,
            Action::Zoom(family, window) => {
                self.map_windows
                    .resize(self.map_windows.len().max(family + 1), None);
                self.map_windows[family] = window;
            }
            Action::Export(_) => return false,
            Action::ExportProblem(problem) => self.export_problem = problem,
            Action::Language(lang) => {
                self.lang = lang;
                self.unavailable = None;
            }
            Action::LanguageUnavailable(why) => self.unavailable = why,
            Action::Theme(theme) => self.theme = theme,
            Action::CloseLinkProblem => self.link_problem_closed = true,
            // Another concern's, which `reduce` hands it.
            _ => return false,
        }
        self.refresh()
    }
}
