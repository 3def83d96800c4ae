//! Building Discord messages from a reply: allowed mentions, buttons, attachments.

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

/// Buttons as components; a button's custom id encodes the game version and the command.
fn components(r: &Reply) -> Vec<serenity::CreateActionRow> {
    let buttons: Vec<serenity::CreateButton> = r
        .buttons
        .iter()
        .filter_map(|b| {
            let id = button_id(b);
            (id.len() <= 100).then(|| {
                let label: String = b.label.chars().take(80).collect();
                serenity::CreateButton::new(id)
                    .label(label)
                    .style(serenity::ButtonStyle::Secondary)
            })
        })
        .take(25)
        .collect();
    buttons
        .chunks(5)
        .map(|c| serenity::CreateActionRow::Buttons(c.to_vec()))
        .collect()
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
