//! The pages' listener, bounded: at most `max` connections at once (the next waits in the
//! listen queue until one closes), each closed after its lifetime whatever the client does.

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Sleep;

pub struct Limited {
    inner: TcpListener,
    slots: Arc<Semaphore>,
    lifetime: Duration,
}

impl Limited {
    pub fn new(inner: TcpListener, max: usize, lifetime: Duration) -> Limited {
        Limited {
            inner,
            slots: Arc::new(Semaphore::new(max)),
            lifetime,
        }
    }
}

/// A connection holding its slot until dropped; reads and writes fail after its deadline.
pub struct Conn {
    stream: TcpStream,
    _slot: OwnedSemaphorePermit,
    deadline: Pin<Box<Sleep>>,
}

impl Conn {
    fn expired(&mut self, cx: &mut Context<'_>) -> bool {
        self.deadline.as_mut().poll(cx).is_ready()
    }
}

fn too_long() -> io::Error {
    io::Error::new(io::ErrorKind::TimedOut, "the connection's time is over")
}

use std::future::Future;

impl AsyncRead for Conn {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        if self.expired(cx) {
            return Poll::Ready(Err(too_long()));
        }
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Conn {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        if self.expired(cx) {
            return Poll::Ready(Err(too_long()));
        }
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }
    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

impl axum::serve::Listener for Limited {
    type Io = Conn;
    type Addr = std::net::SocketAddr;

    async fn accept(&mut self) -> (Conn, std::net::SocketAddr) {
        loop {
            // Wait for a free slot before taking the next connection off the queue.
            let Ok(slot) = self.slots.clone().acquire_owned().await else {
                std::future::pending::<()>().await;
                unreachable!()
            };
            match self.inner.accept().await {
                Ok((stream, addr)) => {
                    let _ = stream.set_nodelay(true);
                    let conn = Conn {
                        stream,
                        _slot: slot,
                        deadline: Box::pin(tokio::time::sleep(self.lifetime)),
                    };
                    return (conn, addr);
                }
                Err(e) => {
                    // Out of file descriptors and the like: wait a little, as axum does.
                    tracing::warn!("accepting a web connection failed: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }
        }
    }

    fn local_addr(&self) -> io::Result<std::net::SocketAddr> {
        self.inner.local_addr()
    }
}
