//! `$/progress` (work done progress, LSP 3.15) of the solver's sessions: the token created with
//! `window/workDoneProgress/create`, then `begin` (cancellable), a `report` a deal solved with
//! the count and the percentage, and `end`. The client's `window/workDoneProgress/cancel` ends
//! the session ([`super::double_dummy::cancel`]).

use super::double_dummy::Session;
use tower_lsp_server::ls_types::notification::Progress;
use tower_lsp_server::ls_types::{
    NumberOrString, ProgressParams, ProgressParamsValue, WorkDoneProgress, WorkDoneProgressBegin, WorkDoneProgressEnd,
    WorkDoneProgressReport,
};
use tower_lsp_server::Client;

pub struct Solving {
    client: Client,
    token: NumberOrString,
}

impl Solving {
    /// Creates the session's progress and begins it; `None` when the client refuses.
    pub async fn begin(client: &Client, session: &Session) -> Option<Solving> {
        let token = NumberOrString::String(session.token.clone());
        client.create_work_done_progress(token.clone()).await.ok()?;
        let solving = Solving { client: client.clone(), token };
        let total = session.keys.len();
        solving
            .send(WorkDoneProgress::Begin(WorkDoneProgressBegin {
                title: "Double dummy".to_owned(),
                cancellable: Some(true),
                message: Some(format!("0/{total} deals")),
                percentage: Some(0),
            }))
            .await;
        Some(solving)
    }

    pub async fn report(&self, done: usize, total: usize) {
        self.send(WorkDoneProgress::Report(WorkDoneProgressReport {
            cancellable: Some(true),
            message: Some(format!("{done}/{total} deals")),
            percentage: Some((done * 100 / total.max(1)) as u32),
        }))
        .await;
    }

    pub async fn end(self, finished: bool) {
        let message = if finished { "solved" } else { "cancelled" };
        self.send(WorkDoneProgress::End(WorkDoneProgressEnd { message: Some(message.to_owned()) })).await;
    }

    async fn send(&self, value: WorkDoneProgress) {
        let params = ProgressParams { token: self.token.clone(), value: ProgressParamsValue::WorkDone(value) };
        self.client.send_notification::<Progress>(params).await;
    }
}
