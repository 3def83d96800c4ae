//! Rules lookup topics for Nepal, written in our own words. Each cites the rulebook section
//! it summarises; where the rulebook is open to reading, the topic says how Sherpa reads it.

use crate::engine::RulesTopic;

crate::engine::rules_topics! {
    /// A rules topic of this game, so that a refusal can only name a topic that exists (a
    /// misspelt topic does not compile). [`TOPICS`] takes its ids from here.
    Overview => "overview",
    Setup => "setup",
    Turn => "turn",
    Actions => "actions",
    Move => "move",
    Grow => "grow",
    Claim => "claim",
    Reveal => "reveal",
    Conflict => "conflict",
    Kathmandu => "kathmandu",
    End => "end",
    Scoring => "scoring",
    OptionStart => "option-start",
    OptionBoom => "option-boom",
    OptionFortress => "option-fortress",
    Notation => "notation",
    Board => "board",
}

/// Every topic, in reading order.
pub const TOPICS: &[RulesTopic] = &[
    RulesTopic {
        id: Topic::Overview.id(),
        aliases: &["about", "goal", "object", "win", "summary"],
        title: "What the game is about",
        section: "Object of the Game",
        text: "Nepal is a trading crossroads. You spread your people over the provinces of a hex map, \
link the cities named on the face-up trade cards with chains of your own pieces, and try to hold the most \
pieces in each of the five coloured regions. Points come during play (first and second to link a route), \
and at the end (routes you still hold, and region domination). Most points wins.",
    },
    RulesTopic {
        id: Topic::Setup.id(),
        aliases: &["start", "hand", "pieces", "deck", "first"],
        title: "Setting up",
        section: "Setup",
        text: "Each player starts with one piece in Kathmandu. Hand sizes: 40 pieces each with 3 players, 35 with 4, \
30 with 5. The trade deck is shuffled with the game's seed and cut to 20, 23 or 26 cards for 3, 4 or 5 players; \
five of them are turned face up and the rest stay face down, in an order no one may see. Unused pieces and cards \
stay out of the game. This board and deck are authored for Sherpa (the published ones are not public). \
Sherpa's readings: the score marker is not one of your pieces, so you start with 39, 34 or 29 in hand; \
the rulebook names no first player, so the first seat (the first to join) starts and play \
goes round in seat order.",
    },
    RulesTopic {
        id: Topic::Turn.id(),
        aliases: &["order", "sequence", "round"],
        title: "Order of a turn",
        section: "Turn Sequence",
        text: "On your turn you first take up to three actions (moves and grows, see `actions`), then type `end`. \
Ending does the rest automatically and in this order: your newly linked routes are claimed, a new card is turned \
up for each route claimed for the first time, and finally every over-populated province (except Kathmandu) \
goes through conflict.",
    },
    RulesTopic {
        id: Topic::Actions.id(),
        aliases: &["action", "mix", "twice", "third"],
        title: "Actions: the mix allowed",
        section: "Rules of Play",
        text: "Up to three actions a turn, in any order, chosen from Move and Grow, but never all three of one kind: \
at most two moves and at most two grows. You may stop early with `end`, even with no action at all.",
    },
    RulesTopic {
        id: Topic::Move.id(),
        aliases: &["movement", "moving", "adjacent", "neighbour", "neighbor"],
        title: "Move",
        section: "Rules of Play > Movement",
        text: "`move <from> <to>` shifts one of your pieces to a neighbouring hex of the map (pieces never leave \
Nepal). The province left behind may become empty. Going over a population limit is allowed while you act; \
the conflict is settled when your turn ends, after claims. Both moves of a turn may move the same piece \
(nothing forbids it).",
    },
    RulesTopic {
        id: Topic::Grow.id(),
        aliases: &["growth", "add", "recruit"],
        title: "Grow",
        section: "Rules of Play > Grow",
        text: "`grow <province>` adds a piece from your hand to a province where you already have a piece. \
Kathmandu is the exception: you may always grow there, even with no piece in it. A province that is full may \
still grow; whatever is above the limit when your turn closes is trimmed in the conflict step, so move the extra pieces out before ending if you want to keep them.",
    },
    RulesTopic {
        id: Topic::Claim.id(),
        aliases: &["route", "routes", "trade", "link", "connect", "marker", "card", "cards"],
        title: "Claiming trade routes",
        section: "Rules of Play > Claim Trade Routes",
        text: "When you end your turn, every face-up card whose two ends you connect is claimed for you: you need \
your pieces in a continuous chain of adjacent provinces, including both end provinces. An end outside Nepal \
is reached through a province its arrow points to. Sherpa takes the marker for the card from your hand (the \
rulebook says to place one of your pieces on the card); with an empty hand you cannot mark a route until a \
piece comes back. Only the position when you type `end` counts: a chain made and broken \
again during your actions claims nothing. Claiming belongs to the active player's turn: if \
you already link a card that turns up (or that you came to link) in someone else's turn, you mark it in your \
own next claim step, and only if you still link it then. The first claimant scores 3 points at once, the second 2, later ones nothing now. Markers \
stay on the card for the whole game even if your chain breaks. Several routes may be claimed in one turn.",
    },
    RulesTopic {
        id: Topic::Reveal.id(),
        aliases: &["draw", "new", "offer"],
        title: "Revealing new routes",
        section: "Rules of Play > Reveal New Trade Routes",
        text: "Each time a card receives its first marker, the top card of the face-down deck is turned up, so five \
unclaimed routes stay on offer until the deck runs low. Only the first marker on a card reveals a card; \
second and later markers do not. With an empty deck a first claim still counts and scores, \
and fewer routes are left on offer. A card revealed during your end of turn cannot be \
claimed in that same turn; it can be claimed from the next turn on. Drawing a card is random, so an `end` that \
reveals one cannot be taken back by its player alone.",
    },
    RulesTopic {
        id: Topic::Conflict.id(),
        aliases: &["limit", "population", "overpopulation", "remove", "fight"],
        title: "Conflict",
        section: "Rules of Play > Conflict",
        text: "At the end of a turn, after claims, each province other than Kathmandu holding more pieces than its \
limit is cut back. Sherpa reads the rule as passes: at the start of a pass the holders are ranked by how many \
pieces they have there; the smallest holders each lose one piece (tied holders lose one at the same time), \
then the next smallest, and so on upward, stopping as soon as the province is within its limit. If one whole \
pass is not enough, a new pass starts again from the (now) smallest holder. A single player over the limit is \
cut down the same way. Removed pieces go back to their owners' hands. You can claim a route through a \
province and still lose the piece there in the conflict of the same turn.",
    },
    RulesTopic {
        id: Topic::Kathmandu.id(),
        aliases: &["capital", "overflow", "unlimited"],
        title: "Kathmandu",
        section: "Special Rules: Kathmandu",
        text: "The Kathmandu province has no population limit and never has conflict. Anyone may grow there at any \
time, even without a piece in it. Its overflow area on the physical board is simply part of the same province.",
    },
    RulesTopic {
        id: Topic::End.id(),
        aliases: &["over", "finish", "trigger", "last"],
        title: "When the game ends",
        section: "Game End",
        text: "The end is triggered when a player has no pieces left in hand or when the trade deck has no card left \
to turn up. Sherpa checks this after each turn's conflict, so pieces returned by conflict count: growing your last \
piece into a province that is cut back does not end the game, while a claim marker taking your last piece \
does. From then on \
every player, the one who triggered the end included, plays exactly one more turn, and then the final \
scoring happens.",
    },
    RulesTopic {
        id: Topic::Scoring.id(),
        aliases: &["score", "points", "vp", "domination", "region", "regions", "tie", "winner"],
        title: "Final scoring",
        section: "End of Game Scoring",
        text: "Regions: in each of the five regions the player with the most pieces scores 5 and the runner-up 3; \
a tie in pieces is broken by the number of provinces of that region occupied. Players still fully tied share \
the points of the places they occupy, rounded down: two tied for first get 4 each, three tied for first get 2 \
each, two tied for second get 1 each. Only pieces on the map count, not routes and not claim \
markers. Routes: for every card with markers, markers whose owner no longer \
links the two ends are skipped; the first remaining marker scores the card's high number, the next one the \
low number. Numbers with a star count only with 4 or 5 players. Winner: most points; then fewer pieces on the \
map (a fortress counts 2); then the longest route (by provinces in its shortest chain) among face-up cards the \
player links at the end, marked or not. Players still tied after both tie-breaks share the \
place.",
    },
    RulesTopic {
        id: Topic::OptionStart.id(),
        aliases: &["placement", "place"],
        title: "Option start=placement",
        section: "Optional Rules > Start of Game",
        text: "With `start=placement`, after the Kathmandu piece each player in seat order places one more piece \
anywhere, for three rounds (`place <province>`). A province already holding as many pieces as its limit cannot \
take another; Kathmandu can always take one.",
    },
    RulesTopic {
        id: Topic::OptionBoom.id(),
        aliases: &["boom", "city", "cities"],
        title: "Option boom=on",
        section: "Optional Rules > Population Boom",
        text: "With `boom=on`, every province that contains at least one city has its population limit raised by one.",
    },
    RulesTopic {
        id: Topic::OptionFortress.id(),
        aliases: &["fortress", "fort", "castle"],
        title: "Option fortress=on",
        section: "Optional Rules > Fortress",
        text: "With `fortress=on`, once per game a player may spend a whole turn (it must be the first and only \
action) to build a fortress from two pieces of their hand, in any province but Kathmandu that has no fortress \
yet (`fortress <province>`). For its owner that province then works like Kathmandu: no limit, no conflict, \
growing allowed without other pieces there. Sherpa leaves the owner's pieces there out of the population count, \
so other players settle conflict among themselves against the normal limit. The fortress links routes like a \
piece, cannot move, and at the end counts as two pieces and one more province for region domination. Its two pieces come from \
your hand and count as two pieces on the map for the fewer-pieces tie-break.",
    },
    RulesTopic {
        id: Topic::Notation.id(),
        aliases: &["typing", "syntax", "commands", "command", "steps", "abbreviations", "prefix"],
        title: "Typing steps",
        section: "Rules of Play",
        text: "One step per message; upper or lower case does not matter. `move <from> <to>` moves one of your \
pieces to a neighbouring province, e.g. `move Kathmandu Dhading`. `grow <province>` adds a piece from your hand, \
e.g. `grow Kathmandu`. `end` finishes your turn; claims, new cards and conflict follow by themselves. With \
`fortress=on`, `fortress <province>` builds your fortress and takes the whole turn, e.g. `fortress Gorkha`. With \
`start=placement`, each start piece is `place <province>`, e.g. `place Kaski`. Province names are single words \
(hyphenated where needed) and every word may be cut to a beginning that fits only one name: `mo kath dha` is \
`move Kathmandu Dhading`, `g kath` is `grow Kathmandu`. A step the rules do not allow now is refused with the \
reason, the rules topic that explains it and the steps of that kind you may take instead.",
    },
    RulesTopic {
        id: Topic::Board.id(),
        aliases: &["map", "province", "provinces", "hex", "districts"],
        title: "About this board",
        section: "Setup",
        text: "The map has 45 hex provinces named after districts, grouped into the five old development regions \
(Far-West, Mid-West, West, Centre, East), with town names as cities and ten trading partners outside \
Nepal. The map, limits and trade deck were authored for Sherpa because the published ones are not public; \
route values grow with the length of the shortest chain linking their ends.",
    },
];

/// Players' words for what the topics call otherwise, for questions (`rules nepal how
/// does combat work`): a player's word, and the topic id or word it stands for.
pub const SYNONYMS: &[(&str, &str)] = &[
    ("combat", "conflict"),
    ("battle", "conflict"),
    ("attack", "conflict"),
    ("goes", "turn"),
    ("first", "turn"),
    ("ends", "end"),
    ("win", "scoring"),
    ("expand", "grow"),
    ("spread", "move"),
    ("walk", "move"),
    ("neighbouring", "move"),
    ("capital", "kathmandu"),
];
