//! Turning interactions into chat requests and chat replies into Discord messages, by
//! concern: `syntax` (how text is written and split), `request` (incoming interactions),
//! `delivery` (answers, channel messages, direct messages, the outbox), `components`
//! (message builders: mentions, buttons, attachments) and `target` (the interaction
//! answered).

mod components;
mod delivery;
mod request;
mod syntax;
mod target;

pub(super) use components::{allowed_mentions, button_id};
pub use delivery::{
    deliver_outbox, deliver_replies, deliver_to_channel, is_unknown_channel, owns_guild,
    send_replies, Delivery,
};
pub(super) use request::DEFER_AFTER;
pub use request::{
    event_handler, handle_and_send, invoker_request, run_command, run_command_seeing_channels,
    run_game_command,
};
pub use syntax::{split_content, DiscordSyntax};
pub use target::Target;
