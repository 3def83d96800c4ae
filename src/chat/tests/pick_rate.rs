//! Issue 50: a pick that only opens narrower menus plays nothing, so it does not count
//! against the rate limit (a step reached through three menus costs one command), but it
//! is still refused once the player is over the limit.

use super::*;
use crate::chat::menus::Pick;

#[test]
fn narrowing_picks_are_checked_but_not_counted_by_the_rate_limit() {
    let t = T::started(&["ann", "bob"]);
    t.clock.fetch_add(RATE_LIMIT.1, Ordering::SeqCst); // a fresh window
    let narrow = || {
        let mut r = req("ann", "move");
        let id = format!("p:{}:0:id-ann:m0", t.version());
        r.pick = Some(Pick::parse(&id, Some("wadd")).unwrap());
        t.chat.handle(&r)
    };
    for i in 0..3 * RATE_LIMIT.0 {
        let r = narrow();
        assert!(!r[0].is_error, "narrowing pick {i}: {}", r[0].text);
        assert!(r[0].text.contains("beginning `add`"), "{}", r[0].text);
    }
    // The whole allowance is left for commands that do something.
    for _ in 0..RATE_LIMIT.0 {
        t.ok("ann", "board");
    }
    assert!(t.err("ann", "board").contains("too fast"));
    // Over the limit, a narrowing pick is refused too.
    let r = narrow();
    assert!(r[0].is_error && r[0].text.contains("too fast"), "{r:?}");
}
