//! Reaching a PostgreSQL server: the URL's settings, TLS (rustls) as the URL's `sslmode`
//! and `sslrootcert` ask, and the cause of a failure in words an operator can act on.
//!
//! Invariants:
//! - `sslmode` absent, `disable`, `allow` or `prefer`: plain TCP. `require`: encrypted,
//!   the server's certificate not checked (as libpq does without a root certificate).
//!   `verify-full`: encrypted, the certificate checked against the CA of `sslrootcert=FILE`
//!   (or Mozilla's roots when it is absent or `system`) and the host name of the URL.
//!   Anything else (`verify-ca` included) is refused by name, before any connection.
//! - An error's text keeps its cause (the server's message, the refused connection, the
//!   failed handshake); `postgres::Error`'s own text ("db error") never stands alone.

use super::{Result, StoreError};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// A PostgreSQL server to connect to: the URL's settings and its TLS set-up.
#[derive(Clone)]
pub struct PgTarget {
    config: postgres::Config,
    /// `None`: no TLS.
    tls: Option<Arc<rustls::ClientConfig>>,
}

/// The `sslmode` values accepted, for messages.
const SSL_MODES: &str = "`disable`, `prefer`, `require` or `verify-full`";

/// `%XX` escapes of a URL's query value decoded (`+` stays as is).
fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (c, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn bad_url(why: String) -> StoreError {
    StoreError::BadLocation(why)
}

impl PgTarget {
    /// Read a `postgres://` URL. Its TLS parameters are taken out here (the `postgres`
    /// crate knows neither `verify-full` nor `sslrootcert`); the rest goes to the crate.
    pub fn parse(url: &str) -> Result<PgTarget> {
        let (base, query) = url.split_once('?').unwrap_or((url, ""));
        let (mut mode, mut root) = (None, None);
        let mut kept = Vec::new();
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            match k {
                "sslmode" => mode = Some(percent_decode(v)),
                "sslrootcert" => root = Some(percent_decode(v)),
                _ => kept.push(pair),
            }
        }
        let rest = if kept.is_empty() {
            base.to_string()
        } else {
            format!("{base}?{}", kept.join("&"))
        };
        let mut config: postgres::Config = rest.parse().map_err(|e: postgres::Error| {
            bad_url(format!(
                "the PostgreSQL URL is not valid: {}",
                error_cause(&e)
            ))
        })?;
        let tls = match mode.as_deref().unwrap_or("prefer") {
            "disable" | "allow" | "prefer" => {
                if root.is_some() {
                    return Err(bad_url(
                        "`sslrootcert` is only read with `sslmode=verify-full`".into(),
                    ));
                }
                config.ssl_mode(postgres::config::SslMode::Disable);
                None
            }
            "require" => Some(tls_config(None)?),
            "verify-full" => Some(tls_config(Some(root.as_deref().unwrap_or("system")))?),
            "verify-ca" => {
                return Err(bad_url(format!(
                    "`sslmode=verify-ca` is not supported (it does not check the host name): use `verify-full`; accepted: {SSL_MODES}"
                )))
            }
            other => {
                return Err(bad_url(format!(
                    "unknown `sslmode={other}`: accepted are {SSL_MODES}"
                )))
            }
        };
        if tls.is_some() {
            config.ssl_mode(postgres::config::SslMode::Require);
        }
        Ok(PgTarget { config, tls })
    }

    /// Connect. The error says why it failed (refused, unknown database, password,
    /// certificate…), as [`StoreError::Unavailable`] when trying again later may succeed.
    /// The server's notices (warnings, `NOTICE`s) go to the log and are counted in
    /// `notices`.
    pub fn connect(&self, notices: &Arc<AtomicU64>) -> Result<postgres::Client> {
        let mut config = self.config.clone();
        let count = notices.clone();
        config.notice_callback(move |n| {
            count.fetch_add(1, Ordering::Relaxed);
            tracing::info!("PostgreSQL says: {}: {}", n.severity(), n.message());
        });
        let r = match &self.tls {
            None => config.connect(postgres::NoTls),
            Some(tls) => config.connect(tokio_postgres_rustls::MakeRustlsConnect::new(
                (**tls).clone(),
            )),
        };
        r.map_err(|e| StoreError::from(e).connecting())
    }
}

/// The rustls set-up: `root` is `None` for `require` (no certificate check), a CA file, or
/// `system` (Mozilla's roots).
fn tls_config(root: Option<&str>) -> Result<Arc<rustls::ClientConfig>> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let builder = rustls::ClientConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .map_err(|e| bad_url(format!("TLS set-up failed: {e}")))?;
    let config = match root {
        None => builder
            .dangerous()
            .with_custom_certificate_verifier(Arc::new(NoCertificateCheck(provider)))
            .with_no_client_auth(),
        Some(file) => builder
            .with_root_certificates(root_store(file)?)
            .with_no_client_auth(),
    };
    Ok(Arc::new(config))
}

/// The certificates of `sslrootcert`: a PEM file, or `system` for Mozilla's roots.
fn root_store(file: &str) -> Result<rustls::RootCertStore> {
    use rustls::pki_types::{pem::PemObject, CertificateDer};
    if file == "system" {
        return Ok(rustls::RootCertStore {
            roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
        });
    }
    let unreadable = |e: String| bad_url(format!("sslrootcert `{file}`: {e}"));
    let certs: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(file)
        .map_err(|e| unreadable(e.to_string()))?
        .collect::<std::result::Result<_, _>>()
        .map_err(|e| unreadable(e.to_string()))?;
    let mut store = rustls::RootCertStore::empty();
    let (added, _) = store.add_parsable_certificates(certs);
    if added == 0 {
        return Err(unreadable("no CA certificate in the file".into()));
    }
    Ok(store)
}

/// `sslmode=require`: any certificate is accepted (the channel is encrypted, the server not
/// authenticated), but the handshake's signatures are still checked with the provider.
#[derive(Debug)]
struct NoCertificateCheck(Arc<rustls::crypto::CryptoProvider>);

impl rustls::client::danger::ServerCertVerifier for NoCertificateCheck {
    fn verify_server_cert(
        &self,
        _end_entity: &rustls::pki_types::CertificateDer<'_>,
        _intermediates: &[rustls::pki_types::CertificateDer<'_>],
        _server_name: &rustls::pki_types::ServerName<'_>,
        _ocsp: &[u8],
        _now: rustls::pki_types::UnixTime,
    ) -> std::result::Result<rustls::client::danger::ServerCertVerified, rustls::Error> {
        Ok(rustls::client::danger::ServerCertVerified::assertion())
    }
    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &rustls::pki_types::CertificateDer<'_>,
        dss: &rustls::DigitallySignedStruct,
    ) -> std::result::Result<rustls::client::danger::HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(
            message,
            cert,
            dss,
            &self.0.signature_verification_algorithms,
        )
    }
    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &rustls::pki_types::CertificateDer<'_>,
        dss: &rustls::DigitallySignedStruct,
    ) -> std::result::Result<rustls::client::danger::HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(
            message,
            cert,
            dss,
            &self.0.signature_verification_algorithms,
        )
    }
    fn supported_verify_schemes(&self) -> Vec<rustls::SignatureScheme> {
        self.0.signature_verification_algorithms.supported_schemes()
    }
}

/// The whole cause of a postgres error: its kind ("db error", "error connecting to
/// server") followed by the server's message (with its SQLSTATE) or the chain of sources
/// (the refused connection, the TLS failure).
pub fn error_cause(e: &postgres::Error) -> String {
    if let Some(db) = e.as_db_error() {
        let mut s = format!("{} (SQLSTATE {})", db.message(), db.code().code());
        if let Some(d) = db.detail() {
            s.push_str(&format!("; {d}"));
        }
        if let Some(h) = db.hint() {
            s.push_str(&format!("; hint: {h}"));
        }
        return s;
    }
    let mut s = e.to_string();
    let mut src = std::error::Error::source(e);
    while let Some(inner) = src {
        s.push_str(&format!(": {inner}"));
        src = inner.source();
    }
    s
}

/// Is this a failure of the connection (the server down, restarting, or unreachable),
/// after which the same request may succeed on a new connection?
pub fn is_connection_failure(e: &postgres::Error) -> bool {
    if e.is_closed() {
        return true;
    }
    if let Some(db) = e.as_db_error() {
        // Class 08: connection exception; 57P01-57P03: the server shutting down or starting.
        let code = db.code().code();
        return code.starts_with("08") || code.starts_with("57P");
    }
    let mut src = std::error::Error::source(e);
    while let Some(inner) = src {
        if inner.downcast_ref::<std::io::Error>().is_some() {
            return true;
        }
        src = inner.source();
    }
    false
}
