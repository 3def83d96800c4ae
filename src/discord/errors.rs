//! The one error handler of the poise framework: log, and tell the user what to do,
//! ephemerally. Every interaction is answered, never left hanging.

use super::{Data, Error};
use poise::serenity_prelude as serenity;

type FrameworkError<'a> = poise::FrameworkError<'a, Data, Error>;

/// The one error handler: log, and tell the user what to do, ephemerally.
pub(super) async fn on_error(err: FrameworkError<'_>) {
    match err {
        poise::FrameworkError::Setup { error, .. } => {
            tracing::error!("setup failed: {error:#}");
        }
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().qualified_name, "command failed: {error:#}");
            say(ctx, "Sorry, that failed on our side. Please try again; if it keeps failing, tell the server admins.".into()).await;
        }
        poise::FrameworkError::ArgumentParse {
            error, input, ctx, ..
        } => {
            let what = match input {
                Some(i) => format!("`{i}`"),
                None => "the command".to_string(),
            };
            let name = &ctx.command().name;
            say(
                ctx,
                format!("Could not read {what}: {error}. See `/help command:{name}`."),
            )
            .await;
        }
        // Interactions this version cannot read (a command or option changed by an update,
        // a client with an old command list) are answered too, never left hanging.
        poise::FrameworkError::UnknownInteraction {
            framework,
            interaction,
            ..
        } => answer_unknown(&framework.serenity_context.http, interaction).await,
        poise::FrameworkError::CommandStructureMismatch {
            description, ctx, ..
        } => {
            let cmd = ctx.command();
            tracing::warn!(command = %cmd.qualified_name, "interaction does not match the command: {description}");
            let msg = format!(
                "Could not read the options of `/{}` (they may have changed in an update). See `/help command:{}`.",
                cmd.qualified_name, cmd.name
            );
            say(poise::Context::Application(ctx), msg).await;
        }
        poise::FrameworkError::SubcommandRequired { ctx, .. } => {
            let cmd = ctx.command();
            let msg = format!(
                "`/{}` needs a subcommand. See `/help command:{}`.",
                cmd.qualified_name, cmd.name
            );
            say(ctx, msg).await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!("error while handling an error: {e}");
            }
        }
    }
}

/// Tell the invoker `msg`, ephemerally (a failure to answer is only logged by Discord).
async fn say(ctx: poise::Context<'_, Data, Error>, msg: String) {
    let _ = ctx
        .send(poise::CreateReply::default().content(msg).ephemeral(true))
        .await;
}

/// Answer a command this version does not know; an autocomplete request gets no
/// suggestions instead.
async fn answer_unknown(http: &serenity::Http, interaction: &serenity::CommandInteraction) {
    let msg = format!(
        "Sherpa does not know `/{}` (commands may have changed in an update; Discord refreshes its list shortly). See `/help`.",
        interaction.data.name
    );
    let r = serenity::CreateInteractionResponse::Message(
        serenity::CreateInteractionResponseMessage::new()
            .content(msg)
            .ephemeral(true),
    );
    if interaction.create_response(http, r).await.is_err() {
        let none = serenity::CreateAutocompleteResponse::new();
        let _ = interaction
            .create_response(
                http,
                serenity::CreateInteractionResponse::Autocomplete(none),
            )
            .await;
    }
}
