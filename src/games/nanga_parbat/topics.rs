//! Rules lookup topics for Nanga Parbat, written in our own words. Each cites the section
//! of the (French) rules summary it explains; where the text is open to reading, the topic
//! says how Sherpa reads it, with the clause id.

use crate::engine::RulesTopic;

crate::engine::rules_topics! {
    /// A rules topic of this game, so that a refusal can only name a topic that exists (a
    /// misspelt topic does not compile). [`TOPICS`] takes its ids from here.
    Overview => "overview",
    Setup => "setup",
    Turn => "turn",
    Trap => "trap",
    Guide => "guide",
    Chart => "chart",
    Camps => "camps",
    Trade => "trade",
    Activate => "activate",
    Leopard => "leopard",
    Tahr => "tahr",
    Deer => "deer",
    Yak => "yak",
    Adjacency => "adjacency",
    Panda => "panda",
    Track => "track",
    End => "end",
    OptionAreas => "option-areas",
    Notation => "notation",
    Board => "board",
}

/// Every topic, in reading order.
pub const TOPICS: &[RulesTopic] = &[
    RulesTopic {
        id: Topic::Overview.id(),
        aliases: &["about", "goal", "summary", "introduction"],
        title: "What the game is about",
        section: "Matériel; Tour de jeu",
        text: "Two players take turns trapping animals on a mountain of six regions. Each trapped animal \
leaves one of your hikers behind and sends the guide (and so, usually, your opponent) to the region numbered \
like its section. Animals give special actions; hikers and animals pay for squares of the points chart. \
Most points at the end wins.",
    },
    RulesTopic {
        id: Topic::Setup.id(),
        aliases: &["start", "first player", "begin", "set up"],
        title: "Setting up",
        section: "Matériel > Montagne",
        text: "The mountain has regions 1 to 6 stacked as a pyramid (1 on top, then 2 3, then 4 5 6); each \
region has sections 1 to 6 stacked the same way. The 36 animals, six each of snow leopard, tahr, musk deer, \
yak, bharal and red panda, are dealt one per section at random (from the game's seed). Each player has 15 \
hikers, 12 camps, 5 cubes and an empty animal board; both score markers start on 0. The text names \
neither the first player nor where the guide starts; Sherpa's reading: the first seat plays \
first, and before that the second seat puts the guide on any region with `guide <1-6>`.",
    },
    RulesTopic {
        id: Topic::Turn.id(),
        aliases: &["order", "sequence", "my turn", "steps"],
        title: "Order of a turn",
        section: "Tour de jeu",
        text: "Players alternate turns (implied by the text). A turn is: 1. trap an animal in the \
guide's region (`trap <r.s>`); 2. one of your hikers takes its place and 3. the guide moves (both happen by \
themselves with the trap); 4. optionally claim one open square of the points chart (`claim <square>`). At any \
moment of your turn, before or after the trap, you may activate animals from your board. Type `end` to finish; \
ending and claiming need the trap first.",
    },
    RulesTopic {
        id: Topic::Trap.id(),
        aliases: &["trapping", "catch", "animal"],
        title: "Trapping",
        section: "Détail des étapes > Piéger un animal",
        text: "Pick any animal still standing in the guide's region: it goes to your animal board and a hiker \
from your supply stands where it was. If the guide's region has no animal left, the guide first moves to a \
region that still has one and you trap there; Sherpa lets the active player pick that region with \
`guide <1-6>`.",
    },
    RulesTopic {
        id: Topic::Guide.id(),
        aliases: &["sherpa", "move guide", "guide moves"],
        title: "Where the guide goes",
        section: "Détail des étapes > Déplacer le guide",
        text: "After the trap, the guide goes to the region whose number is the section number of the trapped \
animal: an animal taken from section 4 of any region sends it to region 4. If that is the region it is in, \
it stays. This is normally where your opponent must trap next, so choose the section with care.",
    },
    RulesTopic {
        id: Topic::Chart.id(),
        aliases: &["points chart", "squares", "square", "claim", "cubes", "cube"],
        title: "The points chart",
        section: "Matériel > Tableau des points; Construire des camps ou échanger des animaux",
        text: "The chart has 15 squares: row A builds camps, row B trades animals of different kinds, row C \
trades animals of one kind; columns 1 to 5. The circled number of a column says how many camps or animals it \
takes; the number in a square is its VP, scored at once. Sherpa reads the circled number as hikers turned into \
camps in row A and animals handed in for rows B and C. In step 4 of your turn you may claim one \
open square (`claim B3`), putting one of your 5 cubes on it; a claimed square is closed to both players. Once \
your 5 cubes are out you skip step 4. The values on this board are authored for Sherpa (see `board`).",
    },
    RulesTopic {
        id: Topic::Camps.id(),
        aliases: &["camp", "build", "building", "row a"],
        title: "Building camps (row A)",
        section: "Construire des camps ou échanger des animaux > Rangée 1",
        text: "After `claim A<column>`, name the hikers to convert one by one with `camp <r.s>`. They must be \
your own hikers, as many as the column asks, and you need that many camps left of your 12. Each camp stands \
where its hiker stood; the hikers are discarded, not returned. Sherpa reads the adjacency rule as: the \
converted hikers form one connected group, each adjacent to another of the group by a shared border or a \
dotted path. A pick that could not complete such a group is refused.",
    },
    RulesTopic {
        id: Topic::Trade.id(),
        aliases: &["trading", "give", "row b", "row c", "exchange"],
        title: "Trading animals (rows B and C)",
        section: "Construire des camps ou échanger des animaux > Rangées 2 et 3; Animaux spéciaux > Bharal",
        text: "After `claim B<column>` or `claim C<column>`, hand in animals from your board one by one with \
`give <animal>` (leopard, tahr, deer, yak, bharal, panda). Row B wants that many animals all of different kinds, \
row C that many of one kind. A bharal is wild: it counts as any kind in either trade. Activated animals may be \
traded like fresh ones (Sherpa hands in an activated one of the kind first, since it can do nothing more); \
traded animals leave your board for good. Exactly the number shown is handed in.",
    },
    RulesTopic {
        id: Topic::Activate.id(),
        aliases: &["activation", "activations", "powers", "animals", "abilities"],
        title: "Activating animals",
        section: "L'activation des animaux",
        text: "At any moment of your own turn, as often as you like, you may activate an animal of your board \
that has not been activated yet, even one trapped this turn; it then counts as used (it slides down on the \
board) but can still be traded. Snow leopard (`leopard`): swap two adjacent hikers. Tahr (`tahr`): swap a hiker \
with an adjacent animal. Musk deer (`deer`): swap two animals anywhere. Yak (`yak <1-6>`): move the guide to \
another region. Camps never move. The bharal and the red panda are never activated.",
    },
    RulesTopic {
        id: Topic::Leopard.id(),
        aliases: &["snow leopard"],
        title: "Snow leopard",
        section: "L'activation des animaux > Léopard des neiges",
        text: "`leopard <r.s> <r.s>` swaps two hikers on adjacent sections (shared border or dotted path). \
The text does not say whose; Sherpa's reading: one hiker of each player, since two hikers of \
the same player are alike and swapping them would change nothing. Camps never move.",
    },
    RulesTopic {
        id: Topic::Tahr.id(),
        aliases: &["goat"],
        title: "Tahr",
        section: "L'activation des animaux > Tahr",
        text: "`tahr <hiker r.s> <animal r.s>` swaps a hiker with an animal on an adjacent section. Sherpa's \
reading: the hiker may be yours or your opponent's. Camps never move.",
    },
    RulesTopic {
        id: Topic::Deer.id(),
        aliases: &["musk deer"],
        title: "Musk deer",
        section: "L'activation des animaux > Cerf porte-musc",
        text: "The musk deer swaps two animals anywhere on the mountain, with no need for adjacency. Sherpa asks \
for them in two steps: `deer <r.s>` names the first (this activates the deer), then `deer <r.s>` the second; in \
chat you may type both at once, `deer 3.4 6.1` (or chain them, `deer 3.4; deer 6.1`). Two animals of the same kind cannot be swapped, since nothing \
would change.",
    },
    RulesTopic {
        id: Topic::Yak.id(),
        aliases: &["move the guide"],
        title: "Yak",
        section: "L'activation des animaux > Yak",
        text: "`yak <1-6>` moves the guide to another region. Used before your trap it changes where you trap; \
used after, it changes where your opponent traps. Sherpa's reading: any other region will do, \
even one without animals (whoever must trap there then moves the guide, see `trap`).",
    },
    RulesTopic {
        id: Topic::Adjacency.id(),
        aliases: &["adjacent", "neighbours", "neighbors", "paths", "dotted path"],
        title: "Adjacent sections",
        section: "Notes sur la construction et le commerce",
        text: "Two sections are adjacent when they share a border inside a region or when a dotted path joins \
them across two regions. This matters for building camps, the snow leopard and the tahr. The picture draws \
the dotted paths; the borders and paths of this board are authored (see `board`).",
    },
    RulesTopic {
        id: Topic::Panda.id(),
        aliases: &["red panda", "bharal", "wild"],
        title: "Red panda and bharal",
        section: "Animaux spéciaux",
        text: "Trapping a red panda scores 1 point at once if your score is equal to or lower than your \
opponent's. A bharal is wild in trades. Neither is ever activated.",
    },
    RulesTopic {
        id: Topic::Track.id(),
        aliases: &["score", "scoring track", "score track", "points", "bonus"],
        title: "The score track",
        section: "Matériel > Trajectoire de pointage",
        text: "Apart from the starting 0, the two markers never share a space. A marker that would stop on the \
other one's space gains 1 more point and moves on to the next space. Sherpa applies this to every gain, the \
red panda, squares and area scoring alike.",
    },
    RulesTopic {
        id: Topic::End.id(),
        aliases: &["game end", "ending", "winner", "win", "tie"],
        title: "When the game ends",
        section: "Fin du jeu",
        text: "The game ends when both players have placed all 15 hikers, or (not with `scoring=areas`) when \
both players have placed all 5 cubes. Sherpa's reading: the turn in which the last hiker is placed \
is played to its end (activations and step 4), and the game ends at that `end`; the cube ending comes as soon \
as the last cube's claim is complete, since nothing else could score then. The player further along the score \
track wins. The markers never share a space, so a tie can only be 0 to 0; Sherpa then lets both share the win.",
    },
    RulesTopic {
        id: Topic::OptionAreas.id(),
        aliases: &["areas", "area scoring", "variant", "scoring=areas"],
        title: "Option scoring=areas",
        section: "Variante de notation de la zone",
        text: "With `scoring=areas`, the cubes do not end the game. When both players have placed all their \
hikers and the last turn is over, regions 1 to 6 are scored in order: in each, a player with 4, 5 or 6 of their \
own hikers and camps there scores 1, 2 or 3 points; fewer than 4 score nothing. The track rule applies to these \
points too. Sherpa's reading: the regions score strictly in order, so an earlier region can push \
a later gain past the other marker, and any landing on the other marker takes the bonus, not only a tie. \
Which player scores a region first cannot matter: a region has 6 sections, so only one player can hold 4 there.",
    },
    RulesTopic {
        id: Topic::Notation.id(),
        aliases: &["syntax", "commands", "how to type", "typing", "examples"],
        title: "Typing steps",
        section: "Tour de jeu",
        text: "Sections are `region.section`, e.g. `4.6`; regions are `1`-`6`; squares are a row letter and a \
column, `A1` to `C5`. Steps: `guide 3`, `trap 4.6`, `leopard 2.3 2.5`, `tahr 1.1 1.2` (hiker, then animal), \
`deer 3.4` then `deer 6.1`, `yak 5`, `claim A4` then `camp 4.1`, `camp 4.2`, `camp 4.4`, or `claim C2` then \
`give tahr`, `give bharal`, and `end`. Step words and animal names may be shortened to a unique beginning \
(`tr 4.6`); numbers must be typed in full. Chain steps with `;`.",
    },
    RulesTopic {
        id: Topic::Board.id(),
        aliases: &["map", "authored", "mountain"],
        title: "About this board",
        section: "Matériel",
        text: "The published board is not public. Which sections share a border, the dotted paths, the numbers \
needed per chart column (1, 2, 2, 3, 3), the VP of each square and the track length are authored for Sherpa \
(board_art/nanga_parbat/board.txt says which parts); a player who owns the game can correct the file.",
    },
];

/// Players' words for what the topics call otherwise, for questions (`rules nanga-parbat how
/// does combat work`): a player's word, and the topic id or word it stands for.
pub const SYNONYMS: &[(&str, &str)] = &[
    ("goes", "turn"),
    ("first", "turn"),
    ("ends", "end"),
    ("catch", "trap"),
    ("capture", "trap"),
    ("swap", "activate"),
    ("tent", "camps"),
    ("neighbour", "adjacency"),
];
