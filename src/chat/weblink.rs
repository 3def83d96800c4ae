//! The signed links to a game's web pages (`game web`, served by `crate::web`).
//!
//! A link names a game, a viewer (a user id, or [`TABLE`] for what anyone in the channel
//! sees) and the moment it expires, and carries an HMAC-SHA-256 of the three under the
//! process's web secret. The web server checks the signature and the expiry before it
//! reads anything; changing the secret revokes every link signed before.
//!
//! Invariant: a link is accepted only with the signature of exactly its game, viewer and
//! expiry (compared in constant time), and only before it expires.

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// The viewer of the table's link: the channel's public view.
pub const TABLE: &str = "*";
/// How long a link lasts by default: 30 days.
pub const DEFAULT_TTL_SECS: i64 = 30 * 24 * 3600;

/// What signs and checks links, with the base of the addresses it writes.
#[derive(Clone)]
pub struct WebLinks {
    secret: Vec<u8>,
    /// `https://host[:port][/prefix]`, without a trailing `/`.
    public_url: String,
    ttl_secs: i64,
}

impl std::fmt::Debug for WebLinks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The secret is never printed.
        f.debug_struct("WebLinks")
            .field("public_url", &self.public_url)
            .field("ttl_secs", &self.ttl_secs)
            .finish()
    }
}

/// Why a link was refused (the page says neither game nor player).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkRefused {
    /// The signature does not match the game, viewer and expiry (forged or altered).
    BadSignature,
    /// The link's time is over.
    Expired,
}

/// A link's parts, as its query carries them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkParts {
    pub game: i64,
    pub viewer: String,
    pub until: i64,
}

impl WebLinks {
    /// `secret` must not be empty; `ttl_secs` is clamped to at least one minute.
    pub fn new(secret: &[u8], public_url: &str, ttl_secs: i64) -> WebLinks {
        WebLinks {
            secret: secret.to_vec(),
            public_url: public_url.trim_end_matches('/').to_string(),
            ttl_secs: ttl_secs.max(60),
        }
    }

    fn mac(&self, p: &LinkParts) -> Hmac<Sha256> {
        let mut mac =
            Hmac::<Sha256>::new_from_slice(&self.secret).expect("HMAC takes a key of any length");
        // Lengths first, so no two different triples sign the same bytes.
        mac.update(
            format!(
                "sherpa-web-v1\n{}\n{}\n{}\n",
                p.game,
                p.until,
                p.viewer.len()
            )
            .as_bytes(),
        );
        mac.update(p.viewer.as_bytes());
        mac
    }

    /// The signature of a link's parts, in lowercase hex.
    pub fn sign(&self, p: &LinkParts) -> String {
        hex(&self.mac(p).finalize().into_bytes())
    }

    /// Accept a link's parts and signature at unix time `now`.
    pub fn check(&self, p: &LinkParts, sig: &str, now: i64) -> Result<(), LinkRefused> {
        let bytes = unhex(sig).ok_or(LinkRefused::BadSignature)?;
        self.mac(p)
            .verify_slice(&bytes)
            .map_err(|_| LinkRefused::BadSignature)?;
        if now >= p.until {
            return Err(LinkRefused::Expired);
        }
        Ok(())
    }

    /// The query of a signed link (`as=…&until=…&sig=…`).
    pub fn query(&self, p: &LinkParts) -> String {
        format!(
            "as={}&until={}&sig={}",
            percent_encode(&p.viewer),
            p.until,
            self.sign(p)
        )
    }

    /// The whole address of game `game`'s page for `viewer`, valid from `now` for the
    /// configured time.
    pub fn link(&self, game: i64, viewer: &str, now: i64) -> String {
        let p = LinkParts {
            game,
            viewer: viewer.to_string(),
            until: now.saturating_add(self.ttl_secs),
        };
        format!("{}/game/{game}?{}", self.public_url, self.query(&p))
    }

    /// How long a link lasts, in seconds.
    pub fn ttl_secs(&self) -> i64 {
        self.ttl_secs
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(s: &str) -> Option<Vec<u8>> {
    if s.len() != 64 || !s.is_ascii() {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).ok())
        .collect()
}

/// Every byte but the unreserved ones (`A-Z a-z 0-9 - . _ ~`) as `%XX`.
pub fn percent_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(game: i64, viewer: &str, until: i64) -> LinkParts {
        LinkParts {
            game,
            viewer: viewer.into(),
            until,
        }
    }

    #[test]
    fn a_link_is_accepted_only_unaltered_before_it_expires() {
        let l = WebLinks::new(b"secret", "https://x.example/", DEFAULT_TTL_SECS);
        let p = parts(7, "discord:42", 1_000);
        let sig = l.sign(&p);
        assert_eq!(l.check(&p, &sig, 999), Ok(()));
        assert_eq!(l.check(&p, &sig, 1_000), Err(LinkRefused::Expired));
        for altered in [
            parts(8, "discord:42", 1_000),
            parts(7, "discord:43", 1_000),
            parts(7, TABLE, 1_000),
            parts(7, "discord:42", 2_000),
        ] {
            assert_eq!(l.check(&altered, &sig, 0), Err(LinkRefused::BadSignature));
        }
        assert_eq!(l.check(&p, "00", 0), Err(LinkRefused::BadSignature));
        assert_eq!(
            l.check(&p, &"zz".repeat(32), 0),
            Err(LinkRefused::BadSignature)
        );
        // Another secret (a rotation) revokes the link.
        let rotated = WebLinks::new(b"secret2", "https://x.example", DEFAULT_TTL_SECS);
        assert_eq!(rotated.check(&p, &sig, 0), Err(LinkRefused::BadSignature));
    }

    #[test]
    fn a_link_names_its_game_viewer_and_expiry() {
        let l = WebLinks::new(b"k", "http://h:8080/", 3_600);
        let url = l.link(5, "local:ann b", 100);
        assert!(
            url.starts_with("http://h:8080/game/5?as=local%3Aann%20b&until=3700&sig="),
            "{url}"
        );
        let sig = url.rsplit("sig=").next().unwrap();
        assert_eq!(l.check(&parts(5, "local:ann b", 3_700), sig, 3_699), Ok(()));
    }
}
