//! Rules lookup topics, in our own words, each citing the rulebook section.

use crate::engine::RulesTopic;

crate::engine::rules_topics! {
    /// A rules topic of Himalaya: every refusal names one, so a misspelt topic does not compile.
    Goal => "goal",
    Components => "components",
    Setup => "setup",
    Turn => "turn",
    Events => "events",
    Programming => "programming",
    Commitment => "commitment",
    Resolution => "resolution",
    Deal => "deal",
    Rewards => "rewards",
    Refill => "refill",
    Inventory => "inventory",
    Secrecy => "secrecy",
    Scoring => "scoring",
    Winning => "winning",
    Faq => "faq",
    Notation => "notation",
}

pub static TOPICS: &[RulesTopic] = &[
    RulesTopic {
        id: Topic::Goal.id(),
        aliases: &["objective", "aim", "overview"],
        title: "What you are after",
        section: "1. Lore & Objective",
        text: "You lead a yack caravan between the villages of a high plateau. Pick up goods, pay \
               them into orders, and turn each filled order into yacks, a stupa or delegations. After \
               12 turns the player with the strongest mix of religious (stupas), political \
               (region majorities) and economic (yacks) influence wins.",
    },
    RulesTopic {
        id: Topic::Components.id(),
        aliases: &["pieces", "board", "bag", "goods", "orders", "yack", "yacks"],
        title: "Pieces and board data",
        section: "2. Components",
        text: "Each tribe has a caravan, 5 stupas (the component list says 4 per colour, the \
               setup 5; we follow the setup), 15 delegations and 6 action markers; advanced games \
               add one yeti, one snowstorm and one market-day marker each. The bag holds 60 goods (here \
               18 salt, 15 barley, 12 tea, 9 jade, 6 gold: the split is a guess) and 40 orders; 15 \
               inventory markers are worth 3 yacks each. The 20 villages, their levels, the 8 regions, \
               the paths and the order list are authored in board_art/himalaya/board.txt because the \
               printed board is not documented; every village has at most one path of each type.",
    },
    RulesTopic {
        id: Topic::Setup.id(),
        aliases: &["start", "caravan", "placement", "begin"],
        title: "Setting up",
        section: "3. Setup",
        text: "Five d20 rolls in all each put 5 goods drawn from the bag in the rolled village, then five more \
               put one order each. A rolled village that already has goods or an order passes them to \
               the next free village in number order (after 20 comes 1). Then, starting with the first \
               player (seat 1), each player puts their caravan on a village no other caravan holds: \
               `start <village>`.",
    },
    RulesTopic {
        id: Topic::Turn.id(),
        aliases: &["turn order", "first", "caravaneer", "round", "turns"],
        title: "Turn order",
        section: "4. Gameplay Flow > Phase 1: Turn Marker Progress",
        text: "There are 12 turns. Turn 1 is led by the first player (no hand-over before turn 1: our reading); from turn 2 on, the lead passes \
               to the next seat, so last turn's first caravaneer becomes last. Each turn: (advanced) \
               event markers, secret programming, resolution, refill, and after turns 4, 8 and 12 an \
               inventory.",
    },
    RulesTopic {
        id: Topic::Events.id(),
        aliases: &["yeti", "storm", "snowstorm", "market", "marker", "markers", "pass", "advanced"],
        title: "Event markers (advanced)",
        section: "4. Phase 1 (Advanced Rules Only) and 5. Core Mechanics > Event Markers",
        text: "In turn order each player may lay one unused marker or `pass`; the board carries at most \
               one of each kind in a turn, markers leave at the end of the turn and each is used once a \
               game; nothing else limits them, so a yeti and a snowstorm may lie on the same path, which \
               the yeti then blocks (section 5, Event Markers). `yeti <a>-<b>`: that path cannot be crossed. `storm <a>-<b>`: crossing takes two moves of \
               its type in a row; a move onto it not followed by another of the same type (including \
               the 6th action) is ignored, because no caravan may end in the storm; the second move must be \
               of the same type (our reading). `market <village>` (a \
               village with goods): a deal there by any player, not only the one who placed it \
               (our reading), may take any good, chosen with `take <good>`.",
    },
    RulesTopic {
        id: Topic::Programming.id(),
        aliases: &["program", "plan", "unplan", "seal", "unseal", "actions"],
        title: "Secret programming",
        section: "4. Phase 2: Secret Action Programming",
        text: "Everyone lines up 6 actions in secret: dirt, ice or stone (follow that kind of path), \
               deal, or rest. Type `program ice deal deal stone rest dirt` in one go, or build it with \
               `plan <action>`, `unplan` and `seal`. Until the last player seals, a sealed player may \
               `unseal` and change it. A program is always 6 actions: a program command with fewer or \
               more is refused. When all have sealed the programs are revealed together; see \
               the `commitment` topic for how the sealing is made verifiable. The rulebook gives \
               programming a short time limit: when a game deadline runs out before \
               you sealed, Sherpa keeps the actions you already planned, fills the empty slots with \
               `rest` and seals that program for you. Any action may be used several times \
               (our reading).",
    },
    RulesTopic {
        id: Topic::Commitment.id(),
        aliases: &["salt", "hash", "sha256", "sealed", "verify", "reveal"],
        title: "Sealed programs and their commitment",
        section: "4. Phase 2: Secret Action Programming (how Sherpa seals a program)",
        text: "On `seal` the game draws a salt of 16 hex digits from its seeded dice and publishes the \
               first 12 hex digits of SHA-256 of the text `salt:program`, where program is the six \
               action words joined by single spaces, e.g. `9f0c...:ice deal deal stone rest dirt`. \
               At the reveal every program is shown with its salt, so anyone can recompute the hash \
               and check nobody changed a program after sealing. Planning steps and seals are secret \
               notation; only the commitment is public. A seal can be taken back with `unseal` (a new \
               salt is drawn on the next seal), so only the seal that triggers the reveal is final.",
    },
    RulesTopic {
        id: Topic::Resolution.id(),
        aliases: &["resolve", "move", "moves", "paths", "dirt", "ice", "stone", "rest"],
        title: "Resolving the programs",
        section: "4. Phase 3: Resolve Actions",
        text: "All first actions are carried out, then all second actions, and so on; within each, \
               players go in turn order from the first caravaneer. A move follows the path of the \
               programmed type from the caravan's village; if there is none (or a yeti sits on it) \
               the action does nothing. Our board has at most one path of each type per village, so a \
               move never has to choose. Resting does nothing. When a player must choose something \
               during resolution, the game waits for that player only.",
    },
    RulesTopic {
        id: Topic::Deal.id(),
        aliases: &["take", "trade", "good", "market day", "buy"],
        title: "Deals",
        section: "4. Phase 3: Resolve Actions > Deals",
        text: "In a village with goods, a deal takes the cheapest good there (salt, then barley, tea, \
               jade, gold), at most one per village per turn for each player. In a village with an \
               order, a deal fills it if you hold all its goods: they go back to the bag. Otherwise \
               the deal is cancelled. Villages never hold goods and an order together, so no choice \
               between the two arises.",
    },
    RulesTopic {
        id: Topic::Rewards.id(),
        aliases: &["reward", "barter", "stupa", "delegation", "delegations", "delegate", "order"],
        title: "Rewards for a filled order",
        section: "4. Phase 3: Resolve Actions > Upon fulfilling an order",
        text: "Take two of three: barter (keep the order behind your screen for its yacks), offering \
               (a stupa on this village if it has none) and delegations (1, 2 or 3 for a house, temple \
               or monastery, each into a region the village touches, and they may be split among those regions: \
               `delegate <Region>` once per delegation: our reading). Choose with \
               `reward barter stupa`, `reward barter delegations` or `reward stupa delegations`; when \
               only two are possible (a stupa already there, none left in stock) those two are given at \
               once (our reading). An order not kept returns to its bag (our reading).",
    },
    RulesTopic {
        id: Topic::Refill.id(),
        aliases: &["d20", "roll", "dice", "new goods", "new orders"],
        title: "Refilling villages",
        section: "4. Phase 4: Add Goods and Orders",
        text: "After resolution, goods are topped up first and orders second: while fewer than 5 \
               villages hold goods, roll the d20 and put 5 goods from the bag in that village or the \
               next free one; then the same for orders, one per village. A half-emptied goods village \
               still counts. If a bag runs dry, refilling stops.",
    },
    RulesTopic {
        id: Topic::Inventory.id(),
        aliases: &["stock", "majority", "inventory marker", "turn 4", "turn 8"],
        title: "Inventories after turns 4, 8 and 12",
        section: "4. Phase 5: Inventory",
        text: "Everyone shows their goods, kind by kind from salt to gold. The one player holding \
               strictly the most of a kind is rewarded; a tie rewards no one. Basic rules: an inventory \
               marker (3 yacks) while any remain. Advanced rules: choose `inventory marker`, \
               `inventory delegations` (2 delegations into regions your caravan's village touches, \
               split as you like: we read neighbouring as next to your caravan) or \
               `inventory stupa <village>` (a house without stupa in such a region). Goods are only shown, and kept (our reading).",
    },
    RulesTopic {
        id: Topic::Secrecy.id(),
        aliases: &["secret", "screen", "hidden", "private"],
        title: "What is hidden",
        section: "7. FAQ (yacks are secret) and 4. Phase 2",
        text: "Your goods, kept orders and yacks stay behind your screen until the end; others see \
               only that you took a good, the stocks shown at an inventory and the inventory markers \
               won. Programs stay hidden until all are sealed. The board, stupas, delegations and \
               markers are public.",
    },
    RulesTopic {
        id: Topic::Scoring.id(),
        aliases: &["score", "points", "influence", "religious", "political", "economic"],
        title: "Influence at the end",
        section: "6. Scoring & End Game",
        text: "Religious: each stupa scores its village level (house 1, temple 2, monastery 3). \
               Political: 1 per region where you have strictly more delegations than anyone else. \
               Economic: yacks from kept orders plus 3 per inventory marker.",
    },
    RulesTopic {
        id: Topic::Winning.id(),
        aliases: &["winner", "win", "tie", "tiebreak", "tie-break", "elimination", "standings", "end"],
        title: "Who wins",
        section: "6. Scoring & End Game > Winning Conditions",
        text: "Three players: whoever alone leads at least two of the three influences wins (a shared \
               top is no lead); if no one \
               does, the most economic influence wins, then political, then religious break ties \
               (others are placed the same way). Four players: the lowest religious influence is \
               eliminated (ties: fewer stupas, then fewer yacks go out), then the lowest political \
               (ties: fewer delegations placed on the board, then fewer yacks); of the last two the richer wins, ties going \
               to political then religious influence. Players still tied after every tie-break go \
               out together and share a place; if all remaining players tie, no one goes out at \
               that step (our reading). Elimination stops when two players are left: if two went out \
               together at the first step, the last two are compared on economic influence at once. The standings show each player's three influences, then the stupas and delegations the tie-breaks use.",
    },
    RulesTopic {
        id: Topic::Faq.id(),
        aliases: &["edge cases", "questions", "help"],
        title: "Edge cases",
        section: "7. FAQ or Edge Cases",
        text: "A yeti path cannot be crossed at all; a storm path only with two moves in a row. You may \
               collect several goods in a turn, one per village. One stupa per village, whoever owns \
               it. A deal you cannot carry out is simply skipped and the rest of your program goes on. \
               Resting where goods lie is allowed. Villages are topped up only when goods or orders \
               have gone.",
    },
    RulesTopic {
        id: Topic::Notation.id(),
        aliases: &["commands", "syntax", "how to type", "steps", "typing", "examples"],
        title: "How to type each step",
        section: "4. Gameplay Flow (Sherpa's notation for its steps)",
        text: "Villages are numbers 1 to 20 and a path is its two villages joined by a dash, as the \
               board shows them. Placing your caravan: `start 7`. Event markers (advanced rules): \
               `yeti 1-2` or `storm 1-2` on a path, `market 12` on a village with goods, or \
               `pass`. Programming: all six actions at once, `program ice deal deal stone rest \
               dirt`, or one at a time with `plan dirt`, `plan ice`, `plan stone`, `plan deal`, \
               `plan rest`, then `unplan` to take the last back, `seal` when there are six, and \
               `unseal` to change a sealed program. On market day: `take tea` (or salt, barley, \
               jade, gold). A filled order's two rewards: `reward barter stupa`, `reward barter \
               delegations` or `reward stupa delegations`; then `delegate Dolpo` for each \
               delegation to place. An advanced inventory: `inventory marker`, `inventory \
               delegations` or `inventory stupa 4`. Words may be shortened while they stay \
               unique: `plan de` is `plan deal`.",
    },
];

/// Players' words for what the topics call otherwise, for questions (`rules himalaya how
/// does combat work`): a player's word, and the topic id or word it stands for.
pub const SYNONYMS: &[(&str, &str)] = &[
    ("goes", "turn"),
    ("first", "turn"),
    ("ends", "winning"),
    ("end", "winning"),
    ("monster", "yeti"),
    ("buy", "deal"),
    ("sell", "deal"),
    ("temple", "stupa"),
    ("travel", "resolution"),
    ("move", "resolution"),
];
