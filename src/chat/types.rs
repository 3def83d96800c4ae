//! Platform-neutral request and reply types. Discord and the terminal both speak these.

use super::text::Text;
use serde::{Deserialize, Serialize};

/// Where a game lives: one active game per (platform, channel). A thread is a channel.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Place {
    /// `discord` or `local`.
    pub platform: String,
    /// Server id, if any.
    pub guild: Option<String>,
    /// Channel or thread id.
    pub channel: String,
}

/// Who sent a request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct User {
    /// Stable platform id (Discord snowflake, or the local name).
    pub id: String,
    /// Display name.
    pub name: String,
    /// May manage the channel (Discord: Manage Channels): abort and kick without a vote.
    pub is_channel_admin: bool,
}

/// One chat command. `text` is the whole command line without any prefix, e.g.
/// `game new nepal boom=on`, `move grow Kathmandu; end`, `rules nepal conflict`.
#[derive(Clone, Debug, Serialize)]
pub struct Request {
    pub place: Place,
    pub user: User,
    pub text: String,
    /// Platform id of the request (Discord interaction id). A request id seen before is
    /// not applied again.
    pub request_id: Option<String>,
    /// For button presses: the game version the button was made for. A different current
    /// version means the button is stale and nothing happens.
    pub expected_version: Option<i64>,
    /// The channels of this server the asker may see, where the platform has private
    /// channels and the command lists other channels' games (`games all`); `None` means
    /// every channel (the terminal has none private). Games elsewhere are listed to the
    /// asker only where they are seated. Never stored or logged.
    #[serde(skip)]
    pub visible_channels: Option<std::collections::BTreeSet<String>>,
    /// The platform could not say in time which channels the asker may see
    /// (`visible_channels` then holds only the channel asked in): a list of other channels'
    /// games is incomplete and says so. Never stored or logged.
    #[serde(skip)]
    pub visible_channels_unknown: bool,
    /// The command came from a direct message, outside any server, on a platform with
    /// servers (Discord): no game lives here, and a setting kept per server (the daily
    /// digest) applies to each of the asker's servers.
    pub direct_message: bool,
    /// The users the command mentions, as the platform resolved them (Discord: the
    /// interaction's resolved users): who they are and whether they are bots. Empty where
    /// the platform resolves nothing (the terminal, whose users are plain names and never
    /// bots).
    pub mentioned: Vec<MentionedUser>,
    /// A component of [`super::menus`] used (a menu's option or a step's button): the
    /// platform read its id and value; `text` is then only for the record.
    pub pick: Option<super::menus::Pick>,
}

/// A user a command mentions, as the platform resolved them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MentionedUser {
    /// Stable platform id (Discord snowflake).
    pub id: String,
    /// Display name (their nickname in the server, where they have one).
    pub name: String,
    /// A bot account: it cannot take a seat.
    pub is_bot: bool,
}

impl Request {
    /// A typed command: no request id, no button version, every channel visible. Front
    /// ends and tools set the optional fields they have afterwards.
    pub fn new(place: Place, user: User, text: impl Into<String>) -> Request {
        Request {
            place,
            user,
            text: text.into(),
            request_id: None,
            expected_version: None,
            visible_channels: None,
            visible_channels_unknown: false,
            direct_message: false,
            mentioned: vec![],
            pick: None,
        }
    }
}

/// Who sees a reply.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "user", rename_all = "lowercase")]
pub enum Visibility {
    /// Posted in the channel.
    Public,
    /// Shown only to this user id (Discord: ephemeral).
    Private(String),
}

/// A button offered under a reply: pressing it sends `command` as a request with
/// `expected_version = version`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Button {
    pub label: String,
    pub command: String,
    pub version: i64,
}

/// One reply message. The front end renders `text` in its own syntax (see
/// [`super::text`]).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Reply {
    pub text: Text,
    /// PNG bytes of the board, if any.
    #[serde(skip)]
    pub image: Option<Vec<u8>>,
    pub visibility: Visibility,
    /// User ids to ping; the platform must allow mentions of exactly these and nobody else.
    pub pings: Vec<String>,
    pub buttons: Vec<Button>,
    /// One player's steps as buttons and select menus (see [`super::menus`]).
    #[serde(default)]
    pub components: super::menus::Components,
    /// True for error replies (Discord shows them ephemerally).
    pub is_error: bool,
    /// A file to attach (name, bytes), e.g. an exported replay.
    #[serde(skip)]
    pub file: Option<(String, Vec<u8>)>,
    /// The outbox row holding this reply, for replies of a committed change: the front end
    /// marks it delivered once the platform accepted it ([`super::Chat::mark_delivered`]).
    #[serde(skip)]
    pub outbox: Option<i64>,
}

impl Reply {
    pub fn public(text: impl Into<Text>) -> Self {
        Reply {
            text: text.into(),
            image: None,
            visibility: Visibility::Public,
            pings: vec![],
            buttons: vec![],
            components: Default::default(),
            is_error: false,
            file: None,
            outbox: None,
        }
    }
    pub fn private(user: &str, text: impl Into<Text>) -> Self {
        Reply {
            visibility: Visibility::Private(user.to_string()),
            ..Reply::public(text)
        }
    }
    pub fn error(user: &str, text: impl Into<Text>) -> Self {
        Reply {
            is_error: true,
            ..Reply::private(user, text)
        }
    }
}
