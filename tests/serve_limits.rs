//! `zonal serve` under load (issue 29): origin checks, a body refused by its `Content-Length`
//! before it is read, a burst of heavy zones requests in bounded memory given back after, and
//! a real request answered while thousands of half-sent requests hold connections. The server's
//! memory is read from `/proc/<pid>/status`; every connection is to 127.0.0.1.

use crate::serve_support;

use serde_json::json;
use serve_support::{Server, http, post, read_answer};
use std::io::{BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// A field of `/proc/<pid>/status` in KiB (`VmRSS`, `VmHWM`).
fn memory_kib(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with(field))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// Sends `head` (request line and headers, without the blank line ending them unless given)
/// and `body` on a new connection; the answer.
fn raw(addr: &str, text: &str) -> serve_support::Answer {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .expect("timeout");
    stream.write_all(text.as_bytes()).expect("send");
    read_answer(&mut BufReader::new(stream)).expect("an answer")
}

#[test]
fn only_the_pages_own_origin_and_json_posts_are_answered() {
    let server = Server::start();
    let addr = &server.addr;
    let port = addr.rsplit(':').next().unwrap_or("");
    let get = |host: &str, extra: &str| {
        raw(
            addr,
            &format!("GET /api/games HTTP/1.1\r\nHost: {host}\r\n{extra}Connection: close\r\n\r\n"),
        )
    };
    assert_eq!(get(addr, "").status, 200);
    assert_eq!(get(&format!("localhost:{port}"), "").status, 200);
    let origin = format!("Origin: http://{addr}\r\n");
    assert_eq!(get(addr, &origin).status, 200);
    // DNS rebinding: the attacker's name resolves to 127.0.0.1.
    let a = get(&format!("evil.example:{port}"), "");
    assert_eq!(a.status, 403, "{}", a.body);
    assert!(a.json()["error"].as_str().unwrap_or("").contains("Host"));
    let a = get(addr, "");
    assert_eq!(a.status, 200);
    let a = get(
        &format!("127.0.0.1:{}", port.parse::<u32>().unwrap_or(0) + 1),
        "",
    );
    assert_eq!(a.status, 403);
    // Another site's page.
    let a = get(addr, "Origin: http://evil.example\r\n");
    assert_eq!(a.status, 403, "{}", a.body);
    assert!(a.json()["error"].as_str().unwrap_or("").contains("Origin"));
    // A POST that needs no preflight (text/plain, a form) is refused.
    let body = json!({"game": "chess-t1", "position": "startpos"}).to_string();
    for kind in ["text/plain", "application/x-www-form-urlencoded", ""] {
        let a = raw(
            addr,
            &format!(
                "POST /api/moves HTTP/1.1\r\nHost: {addr}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            ),
        );
        assert_eq!(a.status, 415, "{kind}: {}", a.body);
    }
    let a = raw(
        addr,
        &format!(
            "POST /api/moves HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        ),
    );
    assert_eq!(a.status, 200, "{}", a.body);
}

#[test]
fn a_body_declared_too_large_is_refused_before_it_is_sent() {
    let server = Server::start();
    let addr = &server.addr;
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .expect("timeout");
    let began = Instant::now();
    stream
        .write_all(
            format!(
                "POST /api/moves HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: 99000000\r\nExpect: 100-continue\r\n\r\n"
            )
            .as_bytes(),
        )
        .expect("send");
    // No body follows: the answer must come without it, and be no `100 Continue`.
    let a = read_answer(&mut BufReader::new(stream)).expect("an answer");
    assert_eq!(a.status, 413, "{}", a.body);
    assert!(began.elapsed() < Duration::from_secs(2));
    assert!(
        a.json()["error"]
            .as_str()
            .is_some_and(|e| e.contains("65536")),
        "{}",
        a.body
    );
}

#[test]
fn a_burst_of_heavy_zones_requests_stays_bounded_and_memory_comes_back() {
    let mut server = Server::start();
    let pid = server.pid();
    let position = "1sp1kc1r/1nnn1nnn/r3ns2/n1p5/8/S1CN1S1N/NNN1NNN1/R1P1KP1R w Pp 12 7";
    // Alone, horizon 12 is refused naming the horizon; a lower one is answered.
    let a = post(
        &server.addr,
        "/api/zones",
        &json!({"game": "chess-t1", "position": position, "horizon": 12}),
    );
    assert_eq!(a.status, 422, "{}", a.body);
    assert!(
        a.json()["error"]
            .as_str()
            .is_some_and(|e| e.contains("lower the horizon (below 12)")),
        "{}",
        a.body
    );
    let a = post(
        &server.addr,
        "/api/zones",
        &json!({"game": "chess-t1", "position": position, "horizon": 4}),
    );
    assert_eq!(a.status, 200);
    // 20 at once.
    let statuses: Vec<u16> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..20)
            .map(|_| {
                scope.spawn(|| {
                    let a = post(
                        &server.addr,
                        "/api/zones",
                        &json!({"game": "chess-t1", "position": position, "horizon": 12}),
                    );
                    if a.status != 200 {
                        assert!(a.json()["error"].is_string(), "{}", a.body);
                    }
                    a.status
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a client"))
            .collect()
    });
    assert!(
        statuses.iter().all(|s| [200, 422, 503].contains(s)),
        "{statuses:?}"
    );
    assert!(server.alive());
    let peak = memory_kib(pid, "VmHWM:");
    assert!(peak < 1024 * 1024, "peak {peak} KiB");
    // The memory comes back (the blocking threads end after 10 s idle).
    let began = Instant::now();
    let mut rss = memory_kib(pid, "VmRSS:");
    while rss >= 100 * 1024 && began.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(500));
        rss = memory_kib(pid, "VmRSS:");
    }
    assert!(rss < 100 * 1024, "RSS {rss} KiB a minute after");
    eprintln!(
        "20 zones requests at horizon 12: {statuses:?}; peak {peak} KiB, {rss} KiB after {:?}",
        began.elapsed()
    );
}

#[test]
fn half_sent_requests_do_not_lock_out_a_real_one() {
    let server = Server::start();
    let addr = server.addr.clone();
    let mut held = Vec::new();
    for _ in 0..2_000 {
        let Ok(mut stream) = TcpStream::connect(&addr) else {
            break;
        };
        let _ = stream.write_all(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
        held.push(stream);
    }
    assert!(held.len() >= 1_500, "only {} connections", held.len());
    let began = Instant::now();
    let a = http(&addr, "GET", "/api/games", None);
    let took = began.elapsed();
    assert_eq!(a.status, 200);
    assert!(took < Duration::from_secs(1), "{took:?}");
    // A half-sent request is closed by the server after the header timeout (5 s).
    let mut last = held.pop().expect("a connection");
    last.set_read_timeout(Some(Duration::from_secs(15)))
        .expect("timeout");
    let began = Instant::now();
    let mut buf = [0u8; 256];
    let _ = last.read(&mut buf);
    assert!(
        began.elapsed() < Duration::from_secs(10),
        "{:?}",
        began.elapsed()
    );
    eprintln!("a request among 2,000 half-sent ones answered in {took:?}");
}
