//! The interaction a reply answers: a slash command or a button press, answered, followed
//! up or deferred alike.

use poise::serenity_prelude as serenity;

/// The interaction being answered.
pub enum Target<'a> {
    Command(&'a serenity::CommandInteraction),
    Component(&'a serenity::ComponentInteraction),
}

impl Target<'_> {
    pub(super) async fn respond(
        &self,
        http: &serenity::Http,
        r: serenity::CreateInteractionResponse,
    ) -> serenity::Result<()> {
        match self {
            Target::Command(i) => i.create_response(http, r).await,
            Target::Component(i) => i.create_response(http, r).await,
        }
    }
    pub(super) async fn followup(
        &self,
        http: &serenity::Http,
        f: serenity::CreateInteractionResponseFollowup,
    ) -> serenity::Result<serenity::Message> {
        match self {
            Target::Command(i) => i.create_followup(http, f).await,
            Target::Component(i) => i.create_followup(http, f).await,
        }
    }
    pub(in crate::discord) async fn defer_ephemeral(
        &self,
        http: &serenity::Http,
    ) -> serenity::Result<()> {
        match self {
            Target::Command(i) => i.defer_ephemeral(http).await,
            Target::Component(i) => i.defer_ephemeral(http).await,
        }
    }
    /// Whether this is a pick (a step's button or menu option, see `chat::menus`).
    pub(super) fn is_pick(&self) -> bool {
        matches!(self, Target::Component(i) if crate::chat::menus::is_pick_id(&i.data.custom_id))
    }
    pub(super) fn channel_id(&self) -> serenity::ChannelId {
        match self {
            Target::Command(i) => i.channel_id,
            Target::Component(i) => i.channel_id,
        }
    }
}
