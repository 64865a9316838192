//! `zonal serve`: the analysis board in the browser (issue 16). A local HTTP server (axum on
//! tokio, bound to 127.0.0.1) serving one page whose assets are built into the binary, and the
//! small JSON API the page uses:
//!
//! | request | answer |
//! | --- | --- |
//! | `GET /api/games` | the games, their starts, what each can show |
//! | `POST /api/moves {game, position}` | `zonal moves --json`, plus `squares` and `over` |
//! | `POST /api/play {game, position, moves, text?}` | `zonal play --json`, plus `positions`, `notation`, `export`; an illegal move is refused with 422 |
//! | `POST /api/zones {game, position, horizon?, force?, draw?, draw_open?, brief?}` | `{zones: <zonal zones --json>, svg: <zonal render --zones>, drawn}`: with `draw`, only those zones (and the open ones with `draw_open`) are drawn; `brief` lists chess-t1's zones without trajectories and graphs |
//! | `POST /api/render {game, position, force?}` | `{svg: <zonal render>}` |
//! | `GET /api/analyse?game=G&position=P&moves=M...&movetime=MS&horizon=H&lines=K` | server-sent events: `start {id}`, `info {...}` per iteration, `bestmove {...}` (its `top`: the K best moves scored exactly, each with `line` and `depth`) |
//! | `POST /api/stop {id}` | stops that analysis (closing the stream stops it too) |
//!
//! Bad requests get a 4xx answer `{"error": "..."}`; bodies are limited to [`MAX_BODY_BYTES`],
//! an analysis to [`MAX_MOVETIME_MS`] and [`MAX_ANALYSES`] at once. Nothing is written to disk.
//!
//! Limits under load (issue 29): a request whose `Content-Length` is over [`MAX_BODY_BYTES`] is
//! refused with 413 before its body is read; headers must come within [`HEADER_TIMEOUT_MS`]
//! (also the most a kept-alive connection idles), a body within [`BODY_TIMEOUT_MS`], an answer
//! within [`REQUEST_TIMEOUT_MS`] (503 after); at most [`MAX_ZONES_AT_ONCE`] zones and
//! [`MAX_RENDERS_AT_ONCE`] pictures are computed at once, one more is refused at once with 503;
//! a zones answer over [`games::MAX_ZONES_BYTES`] is refused with 422, naming the horizon to
//! lower; at most [`MAX_CONNECTIONS`] connections are open, a new one beyond closing the oldest
//! that has not sent a request yet. Only requests whose `Host` is `127.0.0.1:PORT` or
//! `localhost:PORT` are answered, with no `Origin` or that one (403 otherwise), and POSTs only
//! as `application/json` (415 otherwise): a web page elsewhere cannot drive the server.

pub mod games;

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
/// Most zones requests computed at once; one more is refused with 503.
pub const MAX_ZONES_AT_ONCE: usize = 2;
/// Most pictures (`/api/render`) drawn at once; one more is refused with 503.
pub const MAX_RENDERS_AT_ONCE: usize = 4;
/// Most connections open at once.
pub const MAX_CONNECTIONS: usize = 1024;
/// Time for a request's headers to arrive (and for a kept-alive connection's next request to
/// begin), in milliseconds.
pub const HEADER_TIMEOUT_MS: u64 = 5_000;
/// Time for a request's body to arrive, in milliseconds.
pub const BODY_TIMEOUT_MS: u64 = 10_000;
/// Time for an answer to begin, in milliseconds (an analysis's stream begins at once).
pub const REQUEST_TIMEOUT_MS: u64 = 30_000;

/// Game reviews computed at once (each takes every core); one more is refused with 503.
pub const MAX_REVIEWS_AT_ONCE: usize = 1;

const INDEX_HTML: &str = include_str!("assets/index.html");
const APP_JS: &str = include_str!("assets/app.js");
const BOARD_JS: &str = include_str!("assets/board.js");
const STYLE_CSS: &str = include_str!("assets/style.css");

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

    /// An answer that would be larger than the server gives (422).
    pub fn too_large(message: String) -> ApiError {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
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

/// Why the server did not run.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// It could not start: no runtime, no port.
    #[error("{0}")]
    Start(String),
    /// Its address could not be written (a closed pipe, a full disk).
    #[error("cannot write the address: {0}")]
    Announce(std::io::Error),
}

/// `zonal serve`: serves the page on 127.0.0.1:`port` (0: a free port) until the process is
/// stopped; prints the address on stdout; with `open`, asks the desktop to open it.
pub fn run(
    port: u16,
    open: bool,
    games: Vec<Box<dyn games::Board>>,
    announce: impl FnOnce(&str) -> std::io::Result<()>,
) -> Result<(), Error> {
    // A bug in one request must not end the server (the binary's hook exits): say it and go on;
    // the request is answered with 500 where it can be.
    std::panic::set_hook(Box::new(|info| {
        eprintln!("error: internal error (a bug in zonal: please report it): {info}");
    }));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| Error::Start(format!("cannot start the server: {e}")))?;
    runtime.block_on(serve(port, open, games, announce))
}

async fn serve(
    port: u16,
    open: bool,
    games: Vec<Box<dyn games::Board>>,
    announce: impl FnOnce(&str) -> std::io::Result<()>,
) -> Result<(), Error> {
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port))
        .await
        .map_err(|e| Error::Start(format!("cannot listen on 127.0.0.1:{port}: {e}")))?;
    let address = listener
        .local_addr()
        .map_err(|e| Error::Start(format!("cannot read the bound address: {e}")))?;
    let url = format!("http://{address}/");
    announce(&url).map_err(Error::Announce)?;
    if open {
        open_browser(&url);
    }
    accept_loop(listener, router(address.port(), games)).await;
    Ok(())
}

/// An open connection, as the accept loop knows it.
struct Connection {
    /// Whether it has sent a whole request's headers.
    served: AtomicBool,
    /// Closes it.
    close: tokio::sync::Notify,
}

/// Accepts connections for ever and serves each on its own task: HTTP/1.1 with
/// [`HEADER_TIMEOUT_MS`] for headers, at most [`MAX_CONNECTIONS`] at once. Beyond that the
/// oldest connection that has not sent a request is closed for the new one (a flood of
/// half-sent requests cannot lock a real client out), or the new one waits a second for a
/// place and is closed if none frees.
async fn accept_loop(listener: tokio::net::TcpListener, app: Router) {
    use hyper_util::rt::{TokioIo, TokioTimer};
    let places = Arc::new(tokio::sync::Semaphore::new(MAX_CONNECTIONS));
    let mut open: std::collections::VecDeque<Arc<Connection>> = std::collections::VecDeque::new();
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(e) => {
                // Out of file descriptors, or a connection reset before it was accepted.
                tracing::debug!("accept: {e}");
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        // Forget connections that ended (only the list holds them).
        open.retain(|c| Arc::strong_count(c) > 1);
        let place = match places.clone().try_acquire_owned() {
            Ok(place) => place,
            Err(_) => {
                if let Some(i) = open.iter().position(|c| !c.served.load(Ordering::Relaxed))
                    && let Some(idle) = open.remove(i)
                {
                    idle.close.notify_one();
                }
                let wait = places.clone().acquire_owned();
                match tokio::time::timeout(Duration::from_secs(1), wait).await {
                    Ok(Ok(place)) => place,
                    _ => continue,
                }
            }
        };
        let connection = Arc::new(Connection {
            served: AtomicBool::new(false),
            close: tokio::sync::Notify::new(),
        });
        open.push_back(connection.clone());
        let app = app.clone();
        tokio::spawn(async move {
            let _place = place;
            let marker = connection.clone();
            let service = hyper::service::service_fn(move |request| {
                marker.served.store(true, Ordering::Relaxed);
                tower::ServiceExt::oneshot(app.clone(), request)
            });
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new())
                .header_read_timeout(Duration::from_millis(HEADER_TIMEOUT_MS));
            let serving = http.serve_connection(TokioIo::new(stream), service);
            tokio::select! {
                _ = serving => {}
                () = connection.close.notified() => {}
            }
        });
    }
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

/// Refuses requests from elsewhere than the page: a `Host` other than `127.0.0.1:PORT` or
/// `localhost:PORT` (DNS rebinding), an `Origin` other than those (another site's page), a POST
/// other than `application/json` (a form or a `text/plain` fetch that needs no preflight).
async fn same_origin(
    State(port): State<u16>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let hosts = [format!("127.0.0.1:{port}"), format!("localhost:{port}")];
    if let Some(refusal) = refusal(&hosts, request.method(), request.headers()) {
        return refusal.into_response();
    }
    next.run(request).await
}

/// Why [`same_origin`] refuses a request, if it does.
fn refusal(
    hosts: &[String; 2],
    method: &axum::http::Method,
    headers: &axum::http::HeaderMap,
) -> Option<ApiError> {
    let header_text = |name| {
        headers
            .get(name)
            .map(|v: &header::HeaderValue| String::from_utf8_lossy(v.as_bytes()).into_owned())
    };
    let host = header_text(header::HOST);
    if !host
        .as_deref()
        .is_some_and(|h| hosts.iter().any(|a| a == h))
    {
        return Some(ApiError::with_status(
            StatusCode::FORBIDDEN,
            format!(
                "Host {:?} refused: this server answers only to {} or {}",
                chess_t1::excerpt::excerpt(host.as_deref().unwrap_or("")),
                hosts[0],
                hosts[1]
            ),
        ));
    }
    if let Some(origin) = header_text(header::ORIGIN)
        && !hosts.iter().any(|a| origin == format!("http://{a}"))
    {
        return Some(ApiError::with_status(
            StatusCode::FORBIDDEN,
            format!(
                "Origin {:?} refused: only the page of http://{} may call this server",
                chess_t1::excerpt::excerpt(&origin),
                hosts[0]
            ),
        ));
    }
    if method == axum::http::Method::POST {
        let kind = header_text(header::CONTENT_TYPE).unwrap_or_default();
        let essence = kind.split(';').next().unwrap_or("").trim();
        if !essence.eq_ignore_ascii_case("application/json") {
            return Some(ApiError::with_status(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                format!(
                    "Content-Type {:?} refused: POST a body of application/json",
                    chess_t1::excerpt::excerpt(&kind)
                ),
            ));
        }
    }
    None
}

/// Gives the refusals of the HTTP layers (a body too large, a timeout) a JSON body like the
/// API's own.
async fn json_refusals(response: Response) -> Response {
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    let status = response.status();
    let message = match status {
        StatusCode::PAYLOAD_TOO_LARGE => {
            format!("the request body is larger than {MAX_BODY_BYTES} bytes")
        }
        StatusCode::REQUEST_TIMEOUT => {
            format!("the request body did not arrive within {BODY_TIMEOUT_MS} ms")
        }
        StatusCode::SERVICE_UNAVAILABLE => {
            format!("no answer within {REQUEST_TIMEOUT_MS} ms; try a smaller request")
        }
        _ => return response,
    };
    if json {
        return response;
    }
    ApiError::with_status(status, message).into_response()
}

/// A layer admitting at most `most` requests at once and refusing one more at once with 503,
/// naming `what`.
fn at_most(
    most: usize,
    what: &'static str,
) -> impl tower::Layer<
    axum::routing::Route,
    Service: tower::Service<
        axum::extract::Request,
        Response = Response,
        Error = std::convert::Infallible,
        Future: Send + 'static,
    > + Clone
                 + Send
                 + Sync
                 + 'static,
> + Clone
+ Send
+ Sync
+ 'static {
    tower::ServiceBuilder::new()
        .layer(axum::error_handling::HandleErrorLayer::new(
            move |_: tower::BoxError| async move {
                ApiError::with_status(
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!("{most} {what} are being computed already; try again in a moment"),
                )
            },
        ))
        .load_shed()
        .concurrency_limit(most)
}

/// The page and the API, answering to `127.0.0.1:port` and `localhost:port`.
fn router(port: u16, games: Vec<Box<dyn games::Board>>) -> Router {
    let state: AppState = Arc::new(Shared {
        games,
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
            "/board.js",
            get(|| async { asset("text/javascript; charset=utf-8", BOARD_JS) }),
        )
        .route(
            "/style.css",
            get(|| async { asset("text/css; charset=utf-8", STYLE_CSS) }),
        )
        .route("/api/games", get(games_list))
        .route("/api/moves", post(moves))
        .route("/api/play", post(play))
        .route(
            "/api/zones",
            post(zones).layer(at_most(MAX_ZONES_AT_ONCE, "zones requests")),
        )
        .route(
            "/api/render",
            post(render).layer(at_most(MAX_RENDERS_AT_ONCE, "pictures")),
        )
        .route(
            "/api/review",
            post(review).layer(at_most(MAX_REVIEWS_AT_ONCE, "reviews")),
        )
        .route("/api/analyse", get(analyse))
        .route("/api/stop", post(stop))
        .fallback(|| async { ApiError::with_status(StatusCode::NOT_FOUND, "no such page or API") })
        .method_not_allowed_fallback(|| async {
            ApiError::with_status(StatusCode::METHOD_NOT_ALLOWED, "method not allowed here")
        })
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(tower_http::limit::RequestBodyLimitLayer::new(
            MAX_BODY_BYTES,
        ))
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(
            Duration::from_millis(BODY_TIMEOUT_MS),
        ))
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            Duration::from_millis(REQUEST_TIMEOUT_MS),
        ))
        .layer(axum::middleware::from_fn_with_state(port, same_origin))
        .layer(axum::middleware::map_response(json_refusals))
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
    /// Moves played from `position` (coordinate form): the position they reach is the one
    /// answered, with the game's end if they ended it (a repetition needs them).
    #[serde(default)]
    moves: Vec<String>,
    #[serde(default)]
    force: bool,
}

async fn moves(
    State(state): State<AppState>,
    body: Result<Bytes, axum::extract::rejection::BytesRejection>,
) -> Result<Response, ApiError> {
    let request: PositionRequest = read_json(body)?;
    let text = guarded(|| {
        state
            .game(&request.game)?
            .moves(&request.position, &request.moves)
    })?;
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

async fn review(
    State(state): State<AppState>,
    body: Result<Bytes, axum::extract::rejection::BytesRejection>,
) -> Result<axum::Json<Value>, ApiError> {
    let request: PositionRequest = read_json(body)?;
    state.game(&request.game)?;
    blocking(move || {
        state
            .game(&request.game)?
            .review(&request.position, &request.moves)
    })
    .await
    .map(axum::Json)
}

/// A zones request: a position request, and which zones to draw and list how.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ZonesRequest {
    game: String,
    position: String,
    #[serde(default)]
    moves: Vec<String>,
    #[serde(default)]
    horizon: Option<i32>,
    #[serde(default)]
    force: bool,
    /// Draw only these zones (with `draw_open`, the open ones too); absent: every zone.
    #[serde(default)]
    draw: Option<Vec<usize>>,
    #[serde(default)]
    draw_open: bool,
    /// The zones listed without their trajectories and graphs (chess-t1).
    #[serde(default)]
    brief: bool,
}

async fn zones(
    State(state): State<AppState>,
    body: Result<Bytes, axum::extract::rejection::BytesRejection>,
) -> Result<Response, ApiError> {
    let request: ZonesRequest = read_json(body)?;
    if request
        .draw
        .as_ref()
        .is_some_and(|d| d.len() > games::MAX_DRAWN)
    {
        return Err(ApiError::bad_request(format!(
            "draw: at most {} zones",
            games::MAX_DRAWN
        )));
    }
    let game = state.game(&request.game)?;
    let horizon = request.horizon.unwrap_or(game.info().horizon);
    if !games::HORIZONS.contains(&horizon) {
        return Err(ApiError::bad_request(format!(
            "horizon {horizon}: the horizon is 1 to 12 half-moves"
        )));
    }
    let body = blocking(move || {
        let view = games::ZoneView {
            draw: request.draw,
            draw_open: request.draw_open,
            brief: request.brief,
        };
        let answer = state.game(&request.game)?.zones(
            &request.position,
            &request.moves,
            horizon,
            request.force,
            &view,
        )?;
        let svg = serde_json::to_string(&answer.svg)
            .map_err(|e| ApiError::internal(format!("cannot write the picture: {e}")))?;
        let drawn = serde_json::to_string(&answer.drawn)
            .map_err(|e| ApiError::internal(format!("cannot write the zones drawn: {e}")))?;
        Ok(format!(
            "{{\"zones\":{},\"svg\":{svg},\"drawn\":{drawn}}}",
            answer.json
        ))
    })
    .await?;
    Ok(([(header::CONTENT_TYPE, "application/json")], body).into_response())
}

async fn render(
    State(state): State<AppState>,
    body: Result<Bytes, axum::extract::rejection::BytesRejection>,
) -> Result<axum::Json<Value>, ApiError> {
    let request: PositionRequest = read_json(body)?;
    state.game(&request.game)?;
    blocking(move || {
        let svg =
            state
                .game(&request.game)?
                .render(&request.position, &request.moves, request.force)?;
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
    /// The horizon of the zones the reasons name (the board's, so that "zone N" is the zone
    /// shown); the game's default when absent.
    #[serde(default)]
    horizon: Option<i32>,
    /// How many of the best moves get an exact score and their own line (multi-PV), 1 to
    /// [`games::MAX_LINES`]; [`games::DEFAULT_LINES`] when absent.
    #[serde(default)]
    lines: Option<usize>,
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
    let game = state.game(&q.game)?;
    let horizon = q.horizon.unwrap_or(game.info().horizon);
    if !games::HORIZONS.contains(&horizon) {
        return Err(ApiError::bad_request(format!(
            "horizon {horizon}: the horizon is 1 to 12 half-moves"
        )));
    }
    let lines = q.lines.unwrap_or(games::DEFAULT_LINES);
    if !(1..=games::MAX_LINES).contains(&lines) {
        return Err(ApiError::bad_request(format!(
            "lines {lines}: an analysis shows 1 to {} lines",
            games::MAX_LINES
        )));
    }
    let work = guarded(|| game.analysis(&q.position, &moves, horizon, lines))?;
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
