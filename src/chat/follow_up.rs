//! What is due at a place once an answer has been delivered there: the one decision the
//! front ends (Discord's request handler, its AI and reminder tasks, the terminal) take
//! their follow-ups from, so none of them keeps its own sequence (boardgame.io: the flow
//! owns what comes next; a front end only delivers).

use super::{Chat, Place, Reply};

/// One thing a front end delivers after an answer, in the order [`Chat::follow_ups`]
/// lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FollowUp {
    /// The answer ended a game here: its end files (timelapse, replay file) are owed;
    /// deliver them with [`Chat::post_owed_end_files`] for this channel.
    EndFiles,
    /// A Sherpa seat (an AI player, or the caretaker minding an absent one) is to act
    /// here: play it with [`Chat::ai_job`] and [`Chat::commit_ai`].
    AiTurn,
}

impl Chat {
    /// What is due at `place` after `replies` were delivered there: the end files when
    /// the answer committed a change that left a game's end files owed here, then a
    /// Sherpa turn when one of its seats is to act. Nothing for an answer that changed
    /// nothing and left no Sherpa to act.
    pub fn follow_ups(&self, place: &Place, replies: &[Reply]) -> Vec<FollowUp> {
        let mut due = Vec::new();
        if replies.iter().any(|r| r.outbox.is_some()) && self.end_files_owed_at(place) {
            due.push(FollowUp::EndFiles);
        }
        if self.ai_job(place).is_some() {
            due.push(FollowUp::AiTurn);
        }
        due
    }

    /// Whether a finished game's end files are owed in `place`'s channel (true when the
    /// store cannot say: posting them looks again and posts nothing that is not owed).
    fn end_files_owed_at(&self, place: &Place) -> bool {
        self.owed_end_files(&place.platform, Some(&place.channel), 0)
            .map_or(true, |owed| !owed.is_empty())
    }
}
