//! Building Discord messages from a reply: allowed mentions, buttons, attachments.

use crate::chat::menus;
use crate::chat::Reply;
use crate::chat::Visibility;
use poise::serenity_prelude as serenity;

/// Button custom ids start with this, then `version:command`.
const BUTTON_PREFIX: &str = "sherpa:";

pub(super) fn is_ephemeral(r: &Reply) -> bool {
    r.is_error || matches!(r.visibility, Visibility::Private(_))
}

pub(in crate::discord) fn allowed_mentions(r: &Reply) -> serenity::CreateAllowedMentions {
    let users: Vec<serenity::UserId> = r
        .pings
        .iter()
        .filter_map(|p| p.parse::<u64>().ok())
        .map(serenity::UserId::new)
        .collect();
    serenity::CreateAllowedMentions::new()
        .everyone(false)
        .empty_roles()
        .users(users)
}

/// A button's custom id: the game version and the command (read by [`parse_button`]).
pub(in crate::discord) fn button_id(b: &crate::chat::Button) -> String {
    format!("{BUTTON_PREFIX}{}:{}", b.version, b.command)
}

/// A button within Discord's limits (custom id, label), or none when its id is too long.
fn button(id: String, label: &str, style: serenity::ButtonStyle) -> Option<serenity::CreateButton> {
    (id.chars().count() <= menus::MAX_ID).then(|| {
        let label: String = label.chars().take(menus::MAX_BUTTON_LABEL).collect();
        serenity::CreateButton::new(id).label(label).style(style)
    })
}

/// The reply's components within Discord's limits (5 rows): the step buttons (taps) and
/// command buttons, five a row, then one row per select menu. A command button's custom id
/// encodes the game version and the command; a tap's and a menu's are the chat's pick ids.
fn components(r: &Reply) -> Vec<serenity::CreateActionRow> {
    let taps = r
        .components
        .taps
        .iter()
        .filter_map(|t| button(t.id.clone(), &t.label, serenity::ButtonStyle::Primary));
    let commands = r
        .buttons
        .iter()
        .filter_map(|b| button(button_id(b), &b.label, serenity::ButtonStyle::Secondary));
    let buttons: Vec<serenity::CreateButton> = taps.chain(commands).collect();
    let mut rows: Vec<serenity::CreateActionRow> = buttons
        .chunks(menus::ROW_BUTTONS)
        .map(|c| serenity::CreateActionRow::Buttons(c.to_vec()))
        .collect();
    for m in &r.components.menus {
        if m.id.chars().count() > menus::MAX_ID || m.options.is_empty() {
            continue;
        }
        let clip = |s: &str| s.chars().take(menus::MAX_ID).collect::<String>();
        let options = m
            .options
            .iter()
            .filter(|o| o.value.chars().count() <= menus::MAX_ID)
            .take(menus::MAX_OPTIONS)
            .map(|o| serenity::CreateSelectMenuOption::new(clip(&o.label), o.value.clone()))
            .collect();
        let kind = serenity::CreateSelectMenuKind::String { options };
        rows.push(serenity::CreateActionRow::SelectMenu(
            serenity::CreateSelectMenu::new(m.id.clone(), kind).placeholder(clip(&m.placeholder)),
        ));
    }
    rows.truncate(menus::MAX_ROWS);
    rows
}

/// Parse a button custom id into (version, command).
pub fn parse_button(custom_id: &str) -> Option<(i64, String)> {
    let rest = custom_id.strip_prefix(BUTTON_PREFIX)?;
    let (v, cmd) = rest.split_once(':')?;
    Some((v.parse().ok()?, cmd.to_string()))
}

fn attachments(r: &Reply) -> Vec<serenity::CreateAttachment> {
    let mut v = Vec::new();
    if let Some(png) = &r.image {
        v.push(serenity::CreateAttachment::bytes(png.clone(), "board.png"));
    }
    if let Some((name, bytes)) = &r.file {
        v.push(serenity::CreateAttachment::bytes(
            bytes.clone(),
            name.clone(),
        ));
    }
    v
}

/// The parts every message of a reply carries: its content, mentions of the pinged users
/// only, and (on the last piece) its buttons and attachments. Serenity's three message
/// builders share no trait, so one macro fills any of them.
macro_rules! fill_message {
    ($builder:expr, $r:expr, $content:expr, $last:expr) => {{
        let mut m = $builder
            .content($content)
            .allowed_mentions(allowed_mentions($r))
            .components(if $last { components($r) } else { vec![] });
        if $last {
            for a in attachments($r) {
                m = m.add_file(a);
            }
        }
        m
    }};
}

/// The interaction response for one piece of a reply's text.
pub(super) fn reply_response(
    r: &Reply,
    content: String,
    last: bool,
) -> serenity::CreateInteractionResponseMessage {
    let m = serenity::CreateInteractionResponseMessage::new().ephemeral(is_ephemeral(r));
    fill_message!(m, r, content, last)
}

/// The new content and components of the message a component was used on (an update of
/// that message: it keeps its visibility).
pub(super) fn update_response(
    r: &Reply,
    content: String,
) -> serenity::CreateInteractionResponseMessage {
    let m = serenity::CreateInteractionResponseMessage::new();
    fill_message!(m, r, content, true)
}

/// A follow-up to an interaction for one piece of a reply's text.
pub(super) fn reply_followup(
    r: &Reply,
    content: String,
    last: bool,
) -> serenity::CreateInteractionResponseFollowup {
    let m = serenity::CreateInteractionResponseFollowup::new().ephemeral(is_ephemeral(r));
    fill_message!(m, r, content, last)
}

/// A channel or DM message for one piece of a reply's text (`last`: the piece that carries
/// the buttons and attachments).
pub fn reply_message(r: &Reply, content: String, last: bool) -> serenity::CreateMessage {
    fill_message!(serenity::CreateMessage::new(), r, content, last)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chat::Button;
    use crate::discord::send::syntax::contents;

    #[test]
    fn button_ids_round_trip_version_and_command() {
        let r = Reply {
            buttons: vec![Button {
                label: "End turn".into(),
                command: "move end".into(),
                version: 42,
            }],
            ..Reply::public("x")
        };
        assert_eq!(components(&r).len(), 1);
        assert_eq!(
            parse_button("sherpa:42:move end"),
            Some((42, "move end".to_string()))
        );
        assert_eq!(parse_button("other:1:x"), None);
        assert_eq!(parse_button("sherpa:x:move"), None);
    }

    #[test]
    fn mentions_are_exactly_the_pings() {
        let r = Reply {
            pings: vec!["11".into(), "22".into()],
            ..Reply::public("your turn")
        };
        assert_eq!(contents(&r), vec!["<@11> <@22> your turn"]);
        let json = serde_json::to_value(allowed_mentions(&r)).unwrap();
        assert_eq!(json["users"], serde_json::json!(["11", "22"]));
        assert_eq!(json["parse"], serde_json::json!([]));
    }

    #[test]
    fn private_and_error_replies_are_ephemeral() {
        assert!(is_ephemeral(&Reply::private("1", "x")));
        assert!(is_ephemeral(&Reply::error("1", "x")));
        assert!(!is_ephemeral(&Reply::public("x")));
    }
}
