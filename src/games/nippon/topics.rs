//! Rules lookup topics, in our own words, each citing the rulebook section, with the
//! reading chosen for every AMBIGUOUS clause (clause ids stay out of the player's text:
//! `mod.rs` lists which reading answers which clause).

use crate::engine::RulesTopic;

crate::engine::rules_topics! {
    /// A rules topic of Nippon: every refusal names one, so a misspelt topic does not compile.
    Goal => "goal",
    Components => "components",
    Setup => "setup",
    Turn => "turn",
    Blueprints => "blueprints",
    Take => "take",
    Factory => "factory",
    Machinery => "machinery",
    Produce => "produce",
    Tracks => "tracks",
    Rail => "rail",
    Export => "export",
    Market => "market",
    Consolidate => "consolidate",
    Scoring => "scoring",
    End => "end",
    Notation => "notation",
}

pub static TOPICS: &[RulesTopic] = &[
    RulesTopic {
        id: Topic::Goal.id(),
        aliases: &["aim", "win", "overview"],
        title: "What you are after",
        section: "Game Overview",
        text: "You run a Zaibatsu in Meiji Japan. Build factories, make goods, ship them abroad \
               under contracts or sell them in the cities for influence. The four regions are scored \
               three times; after the third scoring the achievements on your board are scored and the \
               most VP wins.",
    },
    RulesTopic {
        id: Topic::Components.id(),
        aliases: &["pieces", "bits", "tiles", "cities"],
        title: "Pieces and board data",
        section: "Components",
        text: "48 workers in 6 colours (their colour only matters for wages), per player 6 trains, 6 \
               ships and 10 influence tiles (we use 1,2,3,3,4,5,5,6,7,7), 8 contracts, 1 blueprint. \
               Machines, blueprints, cubes and yen never run out. The printed tables that the rulebook \
               only shows in pictures are authored in board_art/nippon/board.txt, each consistent with \
               the rulebook examples: slot pairings (1 factory/machinery, 2 \
               knowledge/coal, 3 produce/export, 4 trains/ships, 5 market alone), the scoring \
               track, the contracts, the synergy bonuses and the money symbols of the train and ship \
               areas.",
    },
    RulesTopic {
        id: Topic::Setup.id(),
        aliases: &["start", "preparation", "first player"],
        title: "Setting up",
        section: "Initial Preparation",
        text: "A random player starts and gets 10 VP, the next ones clockwise 11, 12, 13. Everyone \
               starts with 12,000 yen, 2 coal, 1 blueprint, markers on money 12, coal 2, knowledge 1. \
               City tiles are dealt at random, turned at random. With 3 players one worker of each \
               colour leaves the game, with 2 players two. Reward tiles: we remove them from the four \
               multiplier stacks before splitting them by bonus: one random tile per \
               multiplier with 3 players, two with 2 players. Each action slot gets 3 workers; 4 \
               worker rows of 3 (3 rows of 3 with 3 players, 2 rows of 2 with 2 players).",
    },
    RulesTopic {
        id: Topic::Turn.id(),
        aliases: &["do", "action", "actions", "order", "sequence"],
        title: "Your turn",
        section: "Sequence of Play",
        text: "Either take a worker (`take <slot> <colour>`) and carry out one action of that slot \
               completely, or `consolidate`. You may only take a worker whose slot offers an action you \
               can finish; with two such actions you choose (`do <action>`). A compound action is \
               played one decision at a time and ends with `done` once you did at least one part, or \
               by itself after the third. A board with 6 workers forces you to consolidate. Your turn \
               lasts until you say so: when an action (or a consolidation) ends by itself and you \
               could still spend blueprints, the turn waits for `blueprints <track>` or `done`; if \
               you could not, it passes at once. Chain steps with `;`, e.g. `take 3 black; do \
               produce; run silk; done`. When a slot offers only one action you can do, it begins \
               as you take the worker; `do <action>` is still accepted there, and changes nothing. When \
               `done` is the only thing left to do, the game plays it for you.",
    },
    RulesTopic {
        id: Topic::Blueprints.id(),
        aliases: &["blueprint", "spend"],
        title: "Blueprints",
        section: "Sequence of Play",
        text: "At any moment of your own turn, discard 3 blueprints to move your money, coal or \
               knowledge marker up one slot: `blueprints knowledge`. Repeat as often as you can pay. \
               Blueprints are counted by value. You cannot use it on a marker at the top, nor in a way \
               that leaves the action you are in impossible to finish: the rulebook lets you choose only \
               what you can carry out in full, so in a coal or knowledge action you may not raise that \
               same marker so high that the action's own move no longer fits below the top. Blueprints \
               gained by the last part of an action (a clocks factory, a market tile, a reward tile) can \
               still be spent: the turn ends with `done`, or by itself once none can be spent. (In a game \
               begun under rules version 1 such blueprints were accepted; an action left with no possible \
               step then ends as it stands.)",
    },
    RulesTopic {
        id: Topic::Take.id(),
        aliases: &["workers", "worker", "slot", "slots", "refill", "bag", "rows"],
        title: "Taking a worker and refilling",
        section: "Take a Worker",
        text: "The worker goes to the leftmost free slot of your board. After your turn an emptied \
               action slot takes the whole uppermost non-empty worker row. If every row \
               is empty, every action slot is topped up to 3 from the bag (also with 2 players), the rows are refilled from the top, and the scoring marker moves one slot. \
               If the bag runs short, the refill is completed when workers come back at a \
               consolidation.",
    },
    RulesTopic {
        id: Topic::Factory.id(),
        aliases: &["build", "factories", "industry", "invest", "synergy"],
        title: "Invest in a new industry",
        section: "Available Actions > Invest in a New Industry",
        text: "`build <good>`: pay 6,000 yen and have knowledge 2, 4 or 6 for a level 1, 2 or 3 \
               factory (silk, paper / bento, lenses / clocks, bulbs). Your level is the number at or \
               below your marker; each missing point costs a blueprint. One factory per good. A machine \
               in your supply goes on at once, upgraded to +2 if a second one is there. The synergy \
               bonus (authored) is received once, when the factory is built: silk 2 coal, \
               paper a knowledge star at the end, bento 3,000 yen, lenses knowledge +1, clocks 2 \
               blueprints, bulbs money +1.",
    },
    RulesTopic {
        id: Topic::Machinery.id(),
        aliases: &["machine", "machines", "improve", "upgrade"],
        title: "Machinery",
        section: "Available Actions > Machinery",
        text: "1 to 3 improvements at 5,000 yen each: `improve <good>` installs a +1 machine on an \
               empty machinery slot or flips a +1 to +2. While a factory can still take one, you must \
               improve a factory; only then `improve supply` keeps a +1 machine for your next \
               factory. `done` stops after at least one.",
    },
    RulesTopic {
        id: Topic::Produce.id(),
        aliases: &["run", "goods", "production", "storage"],
        title: "Produce goods",
        section: "Available Actions > Produce Goods",
        text: "Run 1 to 3 different factories: `run <good>` pays the factory's coal (level 1: 2, \
               level 2: 3, level 3: 4) and puts 1 good plus its machine bonus in storage, as far as \
               it has room. A factory with full storage or too little coal cannot run.",
    },
    RulesTopic {
        id: Topic::Tracks.id(),
        aliases: &["coal", "knowledge", "mines", "up", "money", "income"],
        title: "Knowledge and mines",
        section: "Available Actions > Knowledge / Mines",
        text: "`up 1`, `up 2`, `up 3` moves the knowledge (or coal) marker for 1,000, 3,000 or 6,000 \
               yen. A marker never passes the top slot, so only moves that fit are allowed.",
    },
    RulesTopic {
        id: Topic::Rail.id(),
        aliases: &["train", "trains", "ship", "ships"],
        title: "Trains and ships",
        section: "Available Actions > Trains / Ships",
        text: "Build 1 to 3 at 5,000 yen each, leftmost tile first, each in a different region with \
               a free train/ship slot (8 per region, 6 with 3 players, 4 with 2): `train <region>`, \
               `ship <region>`. Uncovering a money symbol (authored: after trains 2, 4, 6 and ships 3, \
               6) moves your money marker up one. Trains add 2 influence in their region \
               if you have a tile there; ships give 2 VP each when you are first or second there.",
    },
    RulesTopic {
        id: Topic::Export.id(),
        aliases: &["contract", "contracts", "pay"],
        title: "Export",
        section: "Available Actions > Export",
        text: "Fulfil 1 to 3 face-up contracts with your goods: `contract <n>`, then `pay <good> <cubes>` for each \
               figure on it, each from a different factory; a contract is paid all at once (a payment \
               that would leave it unpayable is refused). You get its yen or VP bonus and move money \
               up its steps, and it turns face down. The 8 contracts are authored: \
               1+1, 2+1, 1+1+1, 2+2, 2+1+1, 2+2+1, 1+1+1+1, 2+2+1+1.",
    },
    RulesTopic {
        id: Topic::Market.id(),
        aliases: &["tile", "influence", "city", "remove", "local market"],
        title: "Local market",
        section: "Available Actions > Local Market; Cities and Demand for Goods",
        text: "Place 1 to 3 influence tiles, all in one region: `tile <value> <good> <cubes>` \
               spends 1-3 goods of one factory for a tile of at most the table value (level 1 goods \
               1/2/3, level 2 goods 3/4/5, level 3 goods 5/6/7 for 1/2/3 cubes), then `city <city>` \
               puts it beside that good. A slot is free if empty or holding a lower tile (which goes \
               back to its owner). With 2 or 3 players a city holds at most 2 or 3 tiles; a new tile \
               on a full city must beat the lowest there, which goes back; between tied lowest tiles \
               you choose with `remove <good>`. Each tile earns the region bonus.",
    },
    RulesTopic {
        id: Topic::Consolidate.id(),
        aliases: &["reward", "emperor", "space", "achievement", "achievements", "budget", "wages"],
        title: "Consolidate",
        section: "Consolidate",
        text: "1. Budget: your yen and coal are replaced by the values at your money and coal \
               markers (the old ones are discarded first, as the rulebook's example does). 2. \
               Emperor's reward, with 3 or more workers: `reward <multiplier> <yen|coal|blueprints>` \
               takes a tile of at most the level above your rightmost worker, and you get its bonus. \
               Where it goes is only pictured in the rulebook; our reading: `space <achievement>` puts \
               it on an empty achievement space of your choice, and once all six are covered you must \
               still take a tile when you consolidate (for its bonus), set aside where it scores \
               nothing. So the reward tiles can run out before every board is full, and then a player \
               with an empty space takes a 2x multiplier tile instead, while they last (Consolidate, \
               Emperor's Reward). 3. Pay 3,000 yen per worker colour; short of yen, you pay for as \
               many colours as you can and lose 2 VP per other colour. The workers go back into the \
               bag.",
    },
    RulesTopic {
        id: Topic::Scoring.id(),
        aliases: &["score", "scorings", "region", "regions", "vp", "overseas"],
        title: "Scorings",
        section: "Scorings",
        text: "A region's influence per player is the sum of their tiles there plus 2 per own train \
               there if they have a tile there. The overseas companies count as one more player with \
               the numbers of the empty slots. Places 1, 2, 3 score 10/7/5, 14/11/8 and 18/15/11 VP in \
               the three scorings; tied players share the VP of their places, rounded down. Influence \
               0 takes no place. Players placed first or second also score 2 VP for \
               each of their ships in that region. Scorings 1 and 2 happen when the \
               marker passes slots 2 and 5; reaching slot 8 (golden) starts exactly 3 more turns per \
               player, the marker moving after each round (a full refill then no longer moves it), \
               and then scoring 3.",
    },
    RulesTopic {
        id: Topic::End.id(),
        aliases: &["final", "game end", "final scoring", "tie", "winner"],
        title: "End of the game",
        section: "Scorings; Reference Sheet",
        text: "After the third scoring: yen are replaced by your money income, the workers still on \
               your board are paid (2 VP per unpaid colour), and each achievement space scores its \
               count times its multiplier (tile, printed 1x, or nothing): contracts (per 2 fulfilled), \
               money (per 6,000 yen, printed 1x), knowledge (per star reached, a paper factory counts \
               one), ships (per star uncovered), factories (per factory, printed 1x), influence (per \
               tile on the map). Most VP wins; among tied players the one who played last, or sits \
               closest before them counter-clockwise, wins (the final scoring follows the reference sheet as we summarise it here).",
    },
    RulesTopic {
        id: Topic::Notation.id(),
        aliases: &["typing", "commands", "syntax", "how to type", "steps"],
        title: "Typing steps",
        section: "Sequence of Play",
        text: "One decision per step; chain several with `;`. Start a turn with a worker, slot then \
               colour: `take 3 black`, or `consolidate`. Choose the action when the slot offers two: \
               `do produce`, `do export`. Then the action's steps: `build silk`; `improve paper`, \
               `improve supply`; `run bento`; `up 2`; `train hokkaido`, `ship kansai`; `contract 3` then \
               `pay silk 2`; `tile 3 paper 2` then `city sendai` (and `remove bento` to choose among \
               tied lowest tiles); `done` ends an action after one part. Consolidating: \
               `reward 3 coal`, then `space money`. Any time of your turn: `blueprints knowledge`. Goods \
               are silk, paper, bento, lenses, clocks, bulbs; colours black, white, orange, pink, \
               green, brown; regions hokkaido, tohoku, kanto, kansai. Words may be shortened to a \
               unique beginning (`imp sup`, `tr kanto`); numbers are typed in full. Example turn: `take 3 black; do produce; run silk; done`.",
    },
];

/// Players' words for what the topics call otherwise, for questions (`rules nippon how
/// does combat work`): a player's word, and the topic id or word it stands for.
pub const SYNONYMS: &[(&str, &str)] = &[
    ("goes", "turn"),
    ("first", "turn"),
    ("ends", "end"),
    ("money", "tracks"),
    ("coins", "tracks"),
    ("workers", "take"),
    ("factories", "factory"),
    ("sell", "export"),
    ("abroad", "export"),
    ("overseas", "export"),
    ("deliver", "contracts"),
];
