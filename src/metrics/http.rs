//! The metrics and health endpoints: a minimal HTTP/1.1 server on a tokio listener.
//! `GET /metrics` answers [`super::Metrics::encode`]; `GET /health` answers 200 when every
//! part passes its check, else 503, with a JSON body naming each part and what failed.
//!
//! Invariants:
//! - Nothing a client sends can panic the server: a request head over [`MAX_HEAD`] bytes
//!   gets 431, a malformed one 400, another method 405, another path 404; a client that
//!   sends or reads too slowly is dropped after [`IO_TIMEOUT`].
//! - One response per connection (`Connection: close`, then what the client still sends
//!   is read and dropped, up to [`MAX_DRAIN`] bytes or [`IO_TIMEOUT`]); at most [`MAX_CONNECTIONS`]
//!   connections are served at once, the others wait in the listen queue.

use super::{Metrics, CONTENT_TYPE};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// The longest request head read (request line and headers).
pub const MAX_HEAD: usize = 8 * 1024;
/// How long a client may take to send its request, and to read the answer.
pub const IO_TIMEOUT: Duration = Duration::from_secs(5);
/// The most bytes read after the answer, before closing.
pub const MAX_DRAIN: usize = 64 * 1024;
/// Connections served at once.
pub const MAX_CONNECTIONS: usize = 16;

/// Each part's check: its name (`gateway`, `database`) and `Ok`, or why it failed.
pub type Checks = Vec<(&'static str, Result<(), String>)>;

/// Checks the parts of the bot, refreshing the gauges that are read when asked (outbox,
/// cache, up). Called for every `/metrics` and `/health` request.
pub trait Probe: Send + Sync {
    fn check(&self) -> Pin<Box<dyn Future<Output = Checks> + Send + '_>>;
}

/// What a request asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    Metrics,
    Health,
}

/// A request refused, with its status line's code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    BadRequest,
    NotFound,
    MethodNotAllowed,
    HeadTooLarge,
    Timeout,
}

impl Refused {
    fn status(self) -> (u16, &'static str, &'static str) {
        match self {
            Refused::BadRequest => (400, "Bad Request", "not an HTTP/1 request line\n"),
            Refused::NotFound => (404, "Not Found", "not found: GET /metrics or /health\n"),
            Refused::MethodNotAllowed => (
                405,
                "Method Not Allowed",
                "only GET (or HEAD) of /metrics or /health\n",
            ),
            Refused::HeadTooLarge => (
                431,
                "Request Header Fields Too Large",
                "the request head is over 8 KiB\n",
            ),
            Refused::Timeout => (408, "Request Timeout", "the request took too long\n"),
        }
    }
}

/// Read a request head (`bytes` up to the blank line): what it asks for, and whether it is
/// a HEAD request (answered without a body).
pub fn parse_request(head: &[u8]) -> Result<(Route, bool), Refused> {
    let text = std::str::from_utf8(head).map_err(|_| Refused::BadRequest)?;
    let line = text.lines().next().ok_or(Refused::BadRequest)?;
    let mut parts = line.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(Refused::BadRequest);
    };
    if !matches!(version, "HTTP/1.0" | "HTTP/1.1") || !target.starts_with('/') {
        return Err(Refused::BadRequest);
    }
    let path = target.split('?').next().unwrap_or(target);
    let route = match path {
        "/metrics" => Route::Metrics,
        "/health" => Route::Health,
        _ => return Err(Refused::NotFound),
    };
    match method {
        "GET" => Ok((route, false)),
        "HEAD" => Ok((route, true)),
        _ => Err(Refused::MethodNotAllowed),
    }
}

/// A whole response.
fn response(code: u16, reason: &str, content_type: &str, body: &str, head_only: bool) -> Vec<u8> {
    let mut out = format!(
        "HTTP/1.1 {code} {reason}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .into_bytes();
    if !head_only {
        out.extend_from_slice(body.as_bytes());
    }
    out
}

fn refusal(r: Refused) -> Vec<u8> {
    let (code, reason, body) = r.status();
    response(code, reason, "text/plain; charset=utf-8", body, false)
}

/// The health answer: 200 when every check passed, else 503; a JSON object with
/// `status` (`ok` or `unhealthy`) and each part's `ok` or failure.
pub fn health_body(checks: &Checks) -> (u16, String) {
    let healthy = checks.iter().all(|(_, r)| r.is_ok());
    let status = if healthy { "ok" } else { "unhealthy" };
    // Written by hand to keep `status` first and the parts in their order.
    let mut body = format!("{{\"status\":\"{status}\"");
    for (part, r) in checks {
        let said = match r {
            Ok(()) => "ok",
            Err(why) => why.as_str(),
        };
        let quoted = |s: &str| serde_json::Value::from(s).to_string();
        body.push_str(&format!(",{}:{}", quoted(part), quoted(said)));
    }
    body.push_str("}\n");
    (if healthy { 200 } else { 503 }, body)
}

/// Read the request head: up to the blank line, at most [`MAX_HEAD`] bytes.
async fn read_head(stream: &mut TcpStream) -> Result<Vec<u8>, Refused> {
    let mut buf = Vec::with_capacity(1024);
    let mut chunk = [0u8; 1024];
    loop {
        let n = stream
            .read(&mut chunk)
            .await
            .map_err(|_| Refused::BadRequest)?;
        if n == 0 {
            return Err(Refused::BadRequest);
        }
        buf.extend_from_slice(&chunk[..n]);
        if let Some(end) = find_blank_line(&buf) {
            buf.truncate(end);
            return Ok(buf);
        }
        if buf.len() > MAX_HEAD {
            return Err(Refused::HeadTooLarge);
        }
    }
}

/// Where the head ends (before `\r\n\r\n` or `\n\n`), if it has.
fn find_blank_line(buf: &[u8]) -> Option<usize> {
    let crlf = buf.windows(4).position(|w| w == b"\r\n\r\n");
    let lf = buf.windows(2).position(|w| w == b"\n\n");
    match (crlf, lf) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Answer one connection.
async fn serve_connection(
    mut stream: TcpStream,
    metrics: Arc<Metrics>,
    probe: Arc<dyn Probe>,
    io_timeout: Duration,
) {
    let asked = match tokio::time::timeout(io_timeout, read_head(&mut stream)).await {
        Ok(Ok(head)) => parse_request(&head),
        Ok(Err(r)) => Err(r),
        Err(_) => Err(Refused::Timeout),
    };
    let bytes = match asked {
        Err(r) => refusal(r),
        Ok((route, head_only)) => {
            let checks = probe.check().await;
            match route {
                Route::Metrics => response(200, "OK", CONTENT_TYPE, &metrics.encode(), head_only),
                Route::Health => {
                    let (code, body) = health_body(&checks);
                    let reason = if code == 200 {
                        "OK"
                    } else {
                        "Service Unavailable"
                    };
                    response(code, reason, "application/json", &body, head_only)
                }
            }
        }
    };
    let _ = tokio::time::timeout(io_timeout, async {
        stream.write_all(&bytes).await?;
        stream.shutdown().await?;
        drain(&mut stream).await
    })
    .await;
}

/// Read and drop what the client still sends (a refused head's rest), up to [`MAX_DRAIN`]
/// bytes or its end: closing with unread input would reset the connection, and the client
/// could lose the answer.
async fn drain(stream: &mut TcpStream) -> std::io::Result<()> {
    let mut chunk = [0u8; 1024];
    let mut read = 0;
    while read < MAX_DRAIN {
        let n = stream.read(&mut chunk).await?;
        if n == 0 {
            break;
        }
        read += n;
    }
    Ok(())
}

/// Serve `/metrics` and `/health` on `listener` until the task is dropped or aborted.
pub async fn serve(listener: TcpListener, metrics: Arc<Metrics>, probe: Arc<dyn Probe>) {
    serve_with_timeout(listener, metrics, probe, IO_TIMEOUT).await
}

async fn serve_with_timeout(
    listener: TcpListener,
    metrics: Arc<Metrics>,
    probe: Arc<dyn Probe>,
    io_timeout: Duration,
) {
    let slots = Arc::new(tokio::sync::Semaphore::new(MAX_CONNECTIONS));
    loop {
        let Ok(permit) = slots.clone().acquire_owned().await else {
            return;
        };
        let stream = match listener.accept().await {
            Ok((s, _)) => s,
            Err(e) => {
                // Out of file descriptors and the like: wait, do not spin.
                tracing::warn!("metrics endpoint: accepting a connection failed: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let (m, p) = (metrics.clone(), probe.clone());
        tokio::spawn(async move {
            serve_connection(stream, m, p, io_timeout).await;
            drop(permit);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Fixed(Checks);
    impl Probe for Fixed {
        fn check(&self) -> Pin<Box<dyn Future<Output = Checks> + Send + '_>> {
            Box::pin(async move { self.0.clone() })
        }
    }

    #[test]
    fn request_lines_are_read_strictly() {
        assert_eq!(
            parse_request(b"GET /metrics HTTP/1.1\r\nHost: x"),
            Ok((Route::Metrics, false))
        );
        assert_eq!(
            parse_request(b"GET /health?x=1 HTTP/1.0"),
            Ok((Route::Health, false))
        );
        assert_eq!(
            parse_request(b"HEAD /health HTTP/1.1"),
            Ok((Route::Health, true))
        );
        assert_eq!(
            parse_request(b"POST /metrics HTTP/1.1"),
            Err(Refused::MethodNotAllowed)
        );
        assert_eq!(
            parse_request(b"GET /metricsx HTTP/1.1"),
            Err(Refused::NotFound)
        );
        assert_eq!(parse_request(b"GET / HTTP/1.1"), Err(Refused::NotFound));
        for bad in [
            &b""[..],
            b"GET",
            b"GET /metrics",
            b"GET /metrics HTTP/2",
            b"GET  /metrics HTTP/1.1",
            b"GET metrics HTTP/1.1",
            b"GET /metrics HTTP/1.1 extra",
            b"\xff\xfe /metrics HTTP/1.1",
        ] {
            assert_eq!(parse_request(bad), Err(Refused::BadRequest), "{bad:?}");
        }
    }

    #[test]
    fn health_is_503_naming_the_failing_part() {
        let ok: Checks = vec![("gateway", Ok(())), ("database", Ok(()))];
        let (code, body) = health_body(&ok);
        assert_eq!(
            (code, body.as_str()),
            (
                200,
                "{\"status\":\"ok\",\"gateway\":\"ok\",\"database\":\"ok\"}\n"
            )
        );
        let down: Checks = vec![
            ("gateway", Ok(())),
            ("database", Err("unreachable: refused".into())),
        ];
        let (code, body) = health_body(&down);
        assert_eq!(code, 503);
        let v: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(v["status"], "unhealthy");
        assert_eq!(v["database"], "unreachable: refused");
        assert_eq!(v["gateway"], "ok");
    }

    /// Send `request` raw to a server on a free port; the whole answer.
    async fn exchange(probe: Checks, request: &[u8]) -> String {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let metrics = Arc::new(Metrics::new());
        metrics.move_committed("nepal");
        let server = tokio::spawn(serve(listener, metrics, Arc::new(Fixed(probe))));
        let mut c = TcpStream::connect(addr).await.unwrap();
        c.write_all(request).await.unwrap();
        let mut out = Vec::new();
        let _ = tokio::time::timeout(Duration::from_secs(10), c.read_to_end(&mut out)).await;
        server.abort();
        String::from_utf8_lossy(&out).into_owned()
    }

    #[tokio::test]
    async fn the_server_answers_metrics_health_and_refuses_bad_input() {
        let ok = || vec![("database", Ok(()))];
        let a = exchange(ok(), b"GET /metrics HTTP/1.1\r\nHost: h\r\n\r\n").await;
        assert!(a.starts_with("HTTP/1.1 200 OK\r\n"), "{a}");
        assert!(a.contains(&format!("Content-Type: {CONTENT_TYPE}\r\n")));
        assert!(a.contains("sherpa_moves_total{game=\"nepal\"} 1"), "{a}");
        let body = a.split("\r\n\r\n").nth(1).unwrap();
        assert!(a.contains(&format!("Content-Length: {}\r\n", body.len())));

        let a = exchange(
            vec![("database", Err("down".into()))],
            b"GET /health HTTP/1.1\r\n\r\n",
        )
        .await;
        assert!(a.starts_with("HTTP/1.1 503 Service Unavailable\r\n"), "{a}");
        assert!(
            a.ends_with("{\"status\":\"unhealthy\",\"database\":\"down\"}\n"),
            "{a}"
        );

        let a = exchange(ok(), b"HEAD /health HTTP/1.1\r\n\r\n").await;
        assert!(
            a.starts_with("HTTP/1.1 200 OK\r\n") && a.ends_with("\r\n\r\n"),
            "{a}"
        );

        for (req, status) in [
            (&b"GET /nope HTTP/1.1\r\n\r\n"[..], "404 Not Found"),
            (
                b"DELETE /metrics HTTP/1.1\r\n\r\n",
                "405 Method Not Allowed",
            ),
            (b"hello\r\n\r\n", "400 Bad Request"),
            (b"\x00\x01\x02\r\n\r\n", "400 Bad Request"),
        ] {
            let a = exchange(ok(), req).await;
            assert!(
                a.starts_with(&format!("HTTP/1.1 {status}\r\n")),
                "{req:?}: {a}"
            );
        }
        // A head that never ends is cut off at 8 KiB.
        let long = format!("GET /metrics HTTP/1.1\r\nX: {}", "a".repeat(4 * MAX_HEAD));
        let a = exchange(ok(), long.as_bytes()).await;
        assert!(a.starts_with("HTTP/1.1 431 "), "{a}");
    }

    #[tokio::test]
    async fn a_silent_client_is_answered_408_after_the_timeout() {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (m, p) = (Arc::new(Metrics::new()), Arc::new(Fixed(vec![])));
        let server = tokio::spawn(serve_with_timeout(
            listener,
            m,
            p,
            Duration::from_millis(200),
        ));
        let mut c = TcpStream::connect(addr).await.unwrap();
        c.write_all(b"GET /metr").await.unwrap();
        let mut out = Vec::new();
        c.read_to_end(&mut out).await.unwrap();
        server.abort();
        assert!(String::from_utf8_lossy(&out).starts_with("HTTP/1.1 408 "));
    }
}
