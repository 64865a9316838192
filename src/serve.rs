//! `zonal serve`: the analysis board in the browser (issue 16). A local HTTP server (axum on
//! tokio, bound to 127.0.0.1) serving one page whose assets are built into the binary, and the
//! small JSON API the page uses:
//!
//! | request | answer |
//! | --- | --- |
//! | `GET /api/games` | the games, their starts, what each can show |
//! | `POST /api/moves {game, position}` | `zonal moves --json`, plus `squares` and `over` |
//! | `POST /api/play {game, position, moves, text?}` | `zonal play --json`, plus `positions`, `notation`, `export`; an illegal move is refused with 422 |
//! | `POST /api/zones {game, position, horizon?, force?}` | `{zones: <zonal zones --json>, svg: <zonal render --zones>}` |
//! | `POST /api/render {game, position, force?}` | `{svg: <zonal render>}` |
//! | `GET /api/analyse?game=G&position=P&moves=M...&movetime=MS` | server-sent events: `start {id}`, `info {...}` per iteration, `bestmove {...}` |
//! | `POST /api/stop {id}` | stops that analysis (closing the stream stops it too) |
//!
//! Bad requests get a 4xx answer `{"error": "..."}`; bodies are limited to [`MAX_BODY_BYTES`],
//! an analysis to [`MAX_MOVETIME_MS`] and [`MAX_ANALYSES`] at once. Nothing is written to disk.

mod games;

use crate::cli::CliError;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::{StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use games::{Board, PlayRequest};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Largest request body, in bytes.
pub const MAX_BODY_BYTES: usize = 64 * 1024;
/// Longest analysis, in milliseconds.
pub const MAX_MOVETIME_MS: u64 = 10_000;
/// Analysis time when a request names none, in milliseconds.
pub const DEFAULT_MOVETIME_MS: u64 = 3_000;
/// Most analyses running at once (over all tabs); one more is refused with 503.
pub const MAX_ANALYSES: usize = 4;

const INDEX_HTML: &str = include_str!("serve/assets/index.html");
const APP_JS: &str = include_str!("serve/assets/app.js");
const STYLE_CSS: &str = include_str!("serve/assets/style.css");

/// A refused request: its status and the message sent as `{"error": message}`.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    /// A request the server cannot read (400).
    pub fn bad_request(message: String) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message,
        }
    }

    /// A well-formed request the rules refuse, such as an illegal move (422).
    pub fn illegal(message: String) -> ApiError {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message,
        }
    }

    /// A failure of the server itself (500).
    pub fn internal(message: String) -> ApiError {
        ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message,
        }
    }

    fn with_status(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, axum::Json(json!({ "error": self.message }))).into_response()
    }
}

/// What all requests share: the games and the running analyses.
struct Shared {
    games: Vec<Box<dyn Board>>,
    analyses: Mutex<HashMap<u64, Arc<AtomicBool>>>,
    running: AtomicUsize,
    next_id: AtomicU64,
}

impl Shared {
    fn game(&self, id: &str) -> Result<&dyn Board, ApiError> {
        self.games
            .iter()
            .find(|g| g.id() == id)
            .map(|g| &**g)
            .ok_or_else(|| {
                let names: Vec<&str> = self.games.iter().map(|g| g.id()).collect();
                ApiError::bad_request(format!(
                    "unknown game {:?} (games: {})",
                    chess_t1::excerpt::excerpt(id),
                    names.join(", ")
                ))
            })
    }
}

type AppState = Arc<Shared>;

/// `zonal serve`: serves the page on 127.0.0.1:`port` (0: a free port) until the process is
/// stopped; prints the address on stdout; with `open`, asks the desktop to open it.
pub fn run(port: u16, open: bool) -> Result<(), CliError> {
    // A bug in one request must not end the server (the binary's hook exits): say it and go on;
    // the request is answered with 500 where it can be.
    std::panic::set_hook(Box::new(|info| {
        eprintln!("error: internal error (a bug in zonal: please report it): {info}");
    }));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| CliError {
            message: format!("cannot start the server: {e}"),
            code: 1,
        })?;
    runtime.block_on(serve(port, open))
}

async fn serve(port: u16, open: bool) -> Result<(), CliError> {
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port))
        .await
        .map_err(|e| CliError {
            message: format!("cannot listen on 127.0.0.1:{port}: {e}"),
            code: 1,
        })?;
    let address = listener.local_addr().map_err(|e| CliError {
        message: format!("cannot read the bound address: {e}"),
        code: 1,
    })?;
    let url = format!("http://{address}/");
    crate::cli::write_out(format_args!("zonal serve: listening on {url}\n"))?;
    if open {
        open_browser(&url);
    }
    axum::serve(listener, router()).await.map_err(|e| CliError {
        message: format!("the server stopped: {e}"),
        code: 1,
    })
}

/// Asks the desktop to open `url`; a failure is only reported.
fn open_browser(url: &str) {
    let tried = ["xdg-open", "open"]
        .iter()
        .any(|cmd| std::process::Command::new(cmd).arg(url).spawn().is_ok());
    if !tried {
        eprintln!("zonal serve: could not open a browser; open {url} yourself");
    }
}

/// The page and the API.
fn router() -> Router {
    let state: AppState = Arc::new(Shared {
        games: games::all(),
        analyses: Mutex::new(HashMap::new()),
        running: AtomicUsize::new(0),
        next_id: AtomicU64::new(1),
    });
    Router::new()
        .route(
            "/",
            get(|| async { asset("text/html; charset=utf-8", INDEX_HTML) }),
        )
        .route(
            "/app.js",
            get(|| async { asset("text/javascript; charset=utf-8", APP_JS) }),
        )
        .route(
            "/style.css",
            get(|| async { asset("text/css; charset=utf-8", STYLE_CSS) }),
        )
        .route("/api/games", get(games_list))
        .route("/api/moves", post(moves))
        .route("/api/play", post(play))
        .route("/api/zones", post(zones))
        .route("/api/render", post(render))
        .route("/api/analyse", get(analyse))
        .route("/api/stop", post(stop))
        .fallback(|| async { ApiError::with_status(StatusCode::NOT_FOUND, "no such page or API") })
        .method_not_allowed_fallback(|| async {
            ApiError::with_status(StatusCode::METHOD_NOT_ALLOWED, "method not allowed here")
        })
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .with_state(state)
}

fn asset(kind: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

/// A JSON body read into `T`, or a 4xx with what is wrong (too large: 413).
fn read_json<T: serde::de::DeserializeOwned>(
    body: Result<Bytes, axum::extract::rejection::BytesRejection>,
) -> Result<T, ApiError> {
    let bytes = body.map_err(|e| ApiError::with_status(e.status(), e.body_text()))?;
    serde_json::from_slice(&bytes)
        .map_err(|e| ApiError::bad_request(format!("the request is not the JSON expected: {e}")))
}

/// Runs `work` on the blocking pool, a panic becoming a 500.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(move || {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(work))
            .unwrap_or_else(|_| Err(ApiError::internal("internal error (a bug in zonal)".into())))
    })
    .await
    .unwrap_or_else(|e| Err(ApiError::internal(format!("internal error: {e}"))))
}

/// Runs a quick `work` here, a panic becoming a 500.
fn guarded<T>(work: impl FnOnce() -> Result<T, ApiError>) -> Result<T, ApiError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(work))
        .unwrap_or_else(|_| Err(ApiError::internal("internal error (a bug in zonal)".into())))
}

async fn games_list(State(state): State<AppState>) -> Response {
    let games: Vec<games::GameInfo> = state.games.iter().map(|g| g.info()).collect();
    axum::Json(json!({ "games": games })).into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionRequest {
    game: String,
    position: String,
    #[serde(default)]
    horizon: Option<i32>,
    #[serde(default)]
    force: bool,
}

async fn moves(
    State(state): State<AppState>,
    body: Result<Bytes, axum::extract::rejection::BytesRejection>,
) -> Result<Response, ApiError> {
    let request: PositionRequest = read_json(body)?;
    let text = guarded(|| state.game(&request.game)?.moves(&request.position))?;
    Ok(([(header::CONTENT_TYPE, "application/json")], text).into_response())
}

async fn play(
    State(state): State<AppState>,
    body: Result<Bytes, axum::extract::rejection::BytesRejection>,
) -> Result<axum::Json<Value>, ApiError> {
    let request: PlayRequest = read_json(body)?;
    state.game(&request.game)?;
    blocking(move || state.game(&request.game)?.play(&request))
        .await
        .map(axum::Json)
}

async fn zones(
    State(state): State<AppState>,
    body: Result<Bytes, axum::extract::rejection::BytesRejection>,
) -> Result<axum::Json<Value>, ApiError> {
    let request: PositionRequest = read_json(body)?;
    let game = state.game(&request.game)?;
    let horizon = request.horizon.unwrap_or(game.info().horizon);
    if !games::HORIZONS.contains(&horizon) {
        return Err(ApiError::bad_request(format!(
            "horizon {horizon}: the horizon is 1 to 12 half-moves"
        )));
    }
    blocking(move || {
        let (zones, svg) =
            state
                .game(&request.game)?
                .zones(&request.position, horizon, request.force)?;
        Ok(json!({ "zones": zones, "svg": svg }))
    })
    .await
    .map(axum::Json)
}

async fn render(
    State(state): State<AppState>,
    body: Result<Bytes, axum::extract::rejection::BytesRejection>,
) -> Result<axum::Json<Value>, ApiError> {
    let request: PositionRequest = read_json(body)?;
    state.game(&request.game)?;
    blocking(move || {
        let svg = state
            .game(&request.game)?
            .render(&request.position, request.force)?;
        Ok(json!({ "svg": svg }))
    })
    .await
    .map(axum::Json)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AnalyseQuery {
    game: String,
    position: String,
    /// Moves played from `position`, separated by spaces.
    #[serde(default)]
    moves: String,
    /// Milliseconds, at most [`MAX_MOVETIME_MS`].
    #[serde(default)]
    movetime: Option<u64>,
}

/// Stops its analysis when the stream is dropped (the client went away) and forgets it.
struct StopOnDrop {
    id: u64,
    stop: Arc<AtomicBool>,
    state: AppState,
}

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Ok(mut map) = self.state.analyses.lock() {
            map.remove(&self.id);
        }
    }
}

/// Gives back an analysis slot when the search thread ends, however it ends.
struct Slot(AppState);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.running.fetch_sub(1, Ordering::AcqRel);
    }
}

async fn analyse(
    State(state): State<AppState>,
    query: Result<Query<AnalyseQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(q) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let movetime = q.movetime.unwrap_or(DEFAULT_MOVETIME_MS);
    if movetime == 0 || movetime > MAX_MOVETIME_MS {
        return Err(ApiError::bad_request(format!(
            "movetime {movetime}: an analysis takes 1 to {MAX_MOVETIME_MS} ms"
        )));
    }
    let moves: Vec<String> = q.moves.split_whitespace().map(str::to_string).collect();
    let work = guarded(|| state.game(&q.game)?.analysis(&q.position, &moves))?;
    // Claim a slot.
    if state.running.fetch_add(1, Ordering::AcqRel) >= MAX_ANALYSES {
        state.running.fetch_sub(1, Ordering::AcqRel);
        return Err(ApiError::with_status(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("{MAX_ANALYSES} analyses are running already; stop one first"),
        ));
    }
    let slot = Slot(state.clone());
    let id = state.next_id.fetch_add(1, Ordering::Relaxed);
    let stop = Arc::new(AtomicBool::new(false));
    if let Ok(mut map) = state.analyses.lock() {
        map.insert(id, stop.clone());
    }
    let guard = StopOnDrop {
        id,
        stop: stop.clone(),
        state: state.clone(),
    };
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel::<Event>();
    let _ = tx.send(json_event(
        "start",
        &json!({ "id": id, "movetime": movetime }),
    ));
    let thread = std::thread::Builder::new()
        .name(format!("analysis-{id}"))
        .spawn(move || {
            let _slot = slot;
            let info_tx = tx.clone();
            let mut sink = move |v: Value| {
                let _ = info_tx.send(json_event("info", &v));
            };
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                work(movetime, &stop, &mut sink)
            }));
            let event = match result {
                Ok(v) => json_event("bestmove", &v),
                Err(_) => json_event(
                    "failed",
                    &json!({ "error": "internal error in the search (a bug in zonal)" }),
                ),
            };
            let _ = tx.send(event);
        });
    if let Err(e) = thread {
        return Err(ApiError::internal(format!("cannot start the search: {e}")));
    }
    let stream = futures_util::stream::unfold((rx, guard), |(mut rx, guard)| async move {
        rx.recv()
            .await
            .map(|event| (Ok::<Event, std::convert::Infallible>(event), (rx, guard)))
    });
    Ok(Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(5)))
        .into_response())
}

fn json_event(name: &str, value: &Value) -> Event {
    Event::default().event(name).data(value.to_string())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StopRequest {
    id: u64,
}

async fn stop(
    State(state): State<AppState>,
    body: Result<Bytes, axum::extract::rejection::BytesRejection>,
) -> Result<axum::Json<Value>, ApiError> {
    let request: StopRequest = read_json(body)?;
    let flag = state
        .analyses
        .lock()
        .ok()
        .and_then(|map| map.get(&request.id).cloned());
    match flag {
        Some(flag) => {
            flag.store(true, Ordering::Relaxed);
            Ok(axum::Json(json!({ "stopped": request.id })))
        }
        None => Err(ApiError::with_status(
            StatusCode::NOT_FOUND,
            format!("no running analysis {}", request.id),
        )),
    }
}
