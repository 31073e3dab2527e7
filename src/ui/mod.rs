//! The Yew front end (being written).

/// Mount the app on the page.
pub fn start() {}
