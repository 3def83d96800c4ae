//! The secret that signs the links to the game pages (migration 0015), for a process with
//! no `[web] secret` in a config file (the terminal's): one row, made on first use.
//!
//! Invariant: replacing the row revokes every link signed with the old secret.

use super::db::vals;
use super::{Result, Store};

impl Store {
    /// The stored web secret, if one was made.
    pub fn web_secret(&self) -> Result<Option<String>> {
        self.db
            .with(|ex| ex.query_opt("SELECT secret FROM web_secret WHERE id = 1", vals![]))?
            .map(|r| r.text(0))
            .transpose()
    }

    /// Store `secret` as the web secret, replacing any earlier one (which revokes its
    /// links).
    pub fn set_web_secret(&mut self, secret: &str, now: i64) -> Result<()> {
        self.db.tx(|tx| {
            tx.exec(
                "INSERT INTO web_secret (id, secret, created_at) VALUES (1, ?1, ?2)
                 ON CONFLICT (id) DO UPDATE SET secret = excluded.secret, created_at = excluded.created_at",
                vals![secret, now],
            )?;
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_web_secret_is_kept_and_replaced() {
        let mut s = Store::open_in_memory().unwrap();
        assert_eq!(s.web_secret().unwrap(), None);
        s.set_web_secret("one", 5).unwrap();
        assert_eq!(s.web_secret().unwrap().as_deref(), Some("one"));
        s.set_web_secret("two", 6).unwrap();
        assert_eq!(s.web_secret().unwrap().as_deref(), Some("two"));
    }
}
