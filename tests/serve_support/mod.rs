//! What the tests of `zonal serve` share: the real binary started on a free port, and a small
//! HTTP/1.1 client over `std::net` (one-shot requests, keep-alive connections for the load
//! test, the WebDriver calls of the browser test).

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running `zonal serve --port 0`, stopped when dropped.
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub addr: String,
}

impl Server {
    /// Starts the binary and reads the address it prints.
    pub fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_zonal"))
            .args(["serve", "--port", "0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("zonal serve starts");
        let stdout = child.stdout.take().expect("stdout piped");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("zonal serve prints its address");
        let addr = line
            .split("http://")
            .nth(1)
            .map(|rest| rest.trim().trim_end_matches('/').to_string())
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        Server { child, addr }
    }

    /// `http://127.0.0.1:PORT/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// The process id (to read its memory from `/proc`).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Whether the process still runs.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An answer: status and body.
#[derive(Debug)]
pub struct Answer {
    /// The status code.
    pub status: u16,
    /// The headers, names in lower case.
    pub headers: Vec<(String, String)>,
    /// The body.
    pub body: String,
}

impl Answer {
    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {:?}", self.body))
    }
}

fn request_text(addr: &str, method: &str, path: &str, body: Option<&str>, close: bool) -> String {
    let body = body.unwrap_or("");
    format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: {}\r\n\r\n{body}",
        body.len(),
        if close { "close" } else { "keep-alive" }
    )
}

/// Reads one response (Content-Length or chunked body) from `reader`.
pub fn read_answer(reader: &mut impl BufRead) -> std::io::Result<Answer> {
    let mut line = String::new();
    reader.read_line(&mut line)?;
    let status: u16 = line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("bad status line {line:?}")))?;
    let mut headers = Vec::new();
    loop {
        line.clear();
        reader.read_line(&mut line)?;
        let l = line.trim_end();
        if l.is_empty() {
            break;
        }
        if let Some((k, v)) = l.split_once(':') {
            headers.push((k.trim().to_ascii_lowercase(), v.trim().to_string()));
        }
    }
    let header = |name: &str| {
        headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
    };
    let mut body = Vec::new();
    if let Some(len) = header("content-length").and_then(|v| v.parse::<usize>().ok()) {
        body.resize(len, 0);
        reader.read_exact(&mut body)?;
    } else if header("transfer-encoding").is_some_and(|v| v.contains("chunked")) {
        loop {
            line.clear();
            reader.read_line(&mut line)?;
            let size = usize::from_str_radix(line.trim(), 16)
                .map_err(|e| std::io::Error::other(format!("chunk size {line:?}: {e}")))?;
            if size == 0 {
                line.clear();
                reader.read_line(&mut line)?;
                break;
            }
            let start = body.len();
            body.resize(start + size, 0);
            reader.read_exact(&mut body[start..])?;
            line.clear();
            reader.read_line(&mut line)?;
        }
    } else {
        reader.read_to_end(&mut body)?;
    }
    Ok(Answer {
        status,
        headers,
        body: String::from_utf8_lossy(&body).into_owned(),
    })
}

/// One request on a new connection.
pub fn http(addr: &str, method: &str, path: &str, body: Option<&str>) -> Answer {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .expect("timeout");
    stream
        .write_all(request_text(addr, method, path, body, true).as_bytes())
        .expect("send");
    read_answer(&mut BufReader::new(stream)).expect("an HTTP answer")
}

/// POSTs JSON.
pub fn post(addr: &str, path: &str, body: &serde_json::Value) -> Answer {
    http(addr, "POST", path, Some(&body.to_string()))
}

/// A keep-alive connection.
pub struct Conn {
    addr: String,
    reader: BufReader<TcpStream>,
}

impl Conn {
    /// Opens a connection.
    pub fn open(addr: &str) -> std::io::Result<Conn> {
        let stream = TcpStream::connect(addr)?;
        stream.set_nodelay(true)?;
        stream.set_read_timeout(Some(Duration::from_secs(30)))?;
        Ok(Conn {
            addr: addr.to_string(),
            reader: BufReader::new(stream),
        })
    }

    /// Sends a request and reads its answer.
    pub fn send(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&str>,
    ) -> std::io::Result<Answer> {
        let text = request_text(&self.addr, method, path, body, false);
        self.reader.get_mut().write_all(text.as_bytes())?;
        read_answer(&mut self.reader)
    }
}

/// Decodes standard base64 (screenshots).
pub fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| -> Option<u32> {
        match c {
            b'A'..=b'Z' => Some(u32::from(c - b'A')),
            b'a'..=b'z' => Some(u32::from(c - b'a') + 26),
            b'0'..=b'9' => Some(u32::from(c - b'0') + 52),
            b'+' => Some(62),
            b'/' => Some(63),
            _ => None,
        }
    };
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for v in text.bytes().filter_map(value) {
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    out
}

/// A percent-encoded query value.
pub fn encode(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}
