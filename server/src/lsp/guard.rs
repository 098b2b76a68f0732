//! Keeping the server alive: work runs on tokio's blocking pool (off the threads that read and
//! write messages), and a panic there becomes an error answer instead of the end of the server.
//! The panic message itself reaches stderr through the standard panic hook. Locks poisoned by
//! such a panic are recovered here too ([`lock`]).

use std::future::Future;
use std::pin::Pin;
use std::sync::{Mutex, MutexGuard, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::task::{Context, Poll};
use tower_lsp_server::jsonrpc;

/// Runs `work` on the blocking pool; a panic in it is answered with an internal error naming
/// the request.
pub async fn blocking<T, F>(what: &'static str, work: F) -> jsonrpc::Result<T>
where
    F: FnOnce() -> T + Send + 'static,
    T: Send + 'static,
{
    match tokio::task::spawn_blocking(work).await {
        Ok(value) => Ok(value),
        Err(e) => {
            eprintln!("kibitzer lsp: {what} failed: {e}");
            internal_error(what)
        }
    }
}

/// A future whose panics are caught and replaced by `on_panic(what)`: request handlers answer an
/// error, notification handlers drop the notification. Without it a panic would unwind through
/// the server loop and end the process.
pub struct CatchUnwind<F: Future> {
    future: Pin<Box<F>>,
    what: &'static str,
    on_panic: fn(&'static str) -> F::Output,
}

impl<F: Future> Future for CatchUnwind<F> {
    type Output = F::Output;
    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<F::Output> {
        let (what, on_panic) = (self.what, self.on_panic);
        let inner = self.future.as_mut();
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| inner.poll(cx))) {
            Ok(poll) => poll,
            Err(_) => {
                eprintln!("kibitzer lsp: handling {what} panicked");
                Poll::Ready(on_panic(what))
            }
        }
    }
}

/// Guards a notification handler.
pub fn notification<F: Future<Output = ()>>(what: &'static str, future: F) -> CatchUnwind<F> {
    CatchUnwind { future: Box::pin(future), what, on_panic: |_| () }
}

/// Guards a request handler.
pub fn request<T, F: Future<Output = jsonrpc::Result<T>>>(what: &'static str, future: F) -> CatchUnwind<F> {
    CatchUnwind { future: Box::pin(future), what, on_panic: internal_error }
}

fn internal_error<T>(what: &'static str) -> jsonrpc::Result<T> {
    let mut error = jsonrpc::Error::internal_error();
    error.message = format!("kibitzer failed while handling {what} (see the server log)").into();
    Err(error)
}

/// Locks a mutex even after a panic elsewhere poisoned it: the data are whole either way (every
/// mutation is a single assignment or completes before any code that may panic). This and
/// [`read`] and [`write`] are the server's one recovery from poisoned locks.
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// [`lock`] for reading a read-write lock.
pub fn read<T>(l: &RwLock<T>) -> RwLockReadGuard<'_, T> {
    l.read().unwrap_or_else(|e| e.into_inner())
}

/// [`lock`] for writing a read-write lock.
pub fn write<T>(l: &RwLock<T>) -> RwLockWriteGuard<'_, T> {
    l.write().unwrap_or_else(|e| e.into_inner())
}
