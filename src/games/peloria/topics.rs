//! Rules lookup topics for History of Peloria, in our own words. Each cites the section of
//! the variant's rules (Rule One issue 2, "Part 1: Rules Variations") or, where the variant
//! is silent, the Britannia rule Sherpa follows; each ambiguous clause's reading is stated.

use crate::engine::RulesTopic;

crate::engine::rules_topics! {
    /// A rules topic of this game: every refusal names one, so a misspelt topic does not
    /// compile. `id` gives the topic's id in [`TOPICS`] (checked by the tests).
    Overview => "overview",
    Turn => "turn",
    Population => "population",
    Movement => "movement",
    Terrain => "terrain",
    Overrun => "overrun",
    Stacking => "stacking",
    Kartolin => "kartolin",
    Battle => "battle",
    Retreat => "retreat",
    Overpopulation => "overpopulation",
    Invasion => "invasion",
    Exits => "exits",
    Scoring => "scoring",
    Emperors => "emperors",
    Heroes => "heroes",
    Commitment => "commitment",
    Shah => "shah",
    Notation => "notation",
}

/// Every topic, in reading order.
pub const TOPICS: &[RulesTopic] = &[
    RulesTopic {
        id: Topic::Overview.id(),
        aliases: &["about", "goal", "summary", "introduction", "winning"],
        title: "What the game is about",
        section: "Part 1: Rules Variations (and Britannia)",
        text: "Four players each run four of Peloria's sixteen peoples over 16 rounds (Sherpa's reading: the text never \
says how many; it speaks of turns 13 to 16, so Sherpa plays 16). Nations earn victory points; a player's score is \
the sum of their nations' points plus what the player wins at the Call to Heroes. Most points wins; a tie is \
broken by more units on the board. The map and most nation sheets are authored for Sherpa (see the board file).",
    },
    RulesTopic {
        id: Topic::Turn.id(),
        aliases: &["order", "round", "rounds", "nation turn", "arrival", "arrivals", "turn order"],
        title: "Round and nation turn",
        section: "Turn Order; Nation Turn",
        text: "Each round the nations act one after another in the fixed order Hirenmador, Hyalorings, Veshtargos, \
Alkoth, Pelanda, Pelorians, Theyalans, Praxians, Aldryami, Telmori, Digijelm, Soldiers, Barbarians, Carmanians, \
Balazarings, YOUF. A nation takes turns from its arrival round on (Praxians 3, Aldryami 4, Telmori, Digijelm and \
Soldiers 5, Barbarians 6, Carmanians and Balazarings 9, YOUF 10). A turn is: population increase, movement, \
battles, overpopulation. The owner of the nation plays its turn; the owner of units hit or asked to retreat in \
a battle decides for them and is pinged. Steps: `place <area> <kind>`, `move <from> <to> <kind>` (one unit one \
area), `regalia <piece> <area>`, `done`, `battle <area>`, `hit <kind>`, `retreat <from> <to> [kind]` (the kind only where two could go), `stay`, \
`remove <area> <kind>`, `bid <nation> <n>`, `seal`, `unseal`, `remove <nation> <area> [kind]`. A nation with no units skips its turn.",
    },
    RulesTopic {
        id: Topic::Population.id(),
        aliases: &["place", "placing", "new units", "increase", "growth"],
        title: "Population increase",
        section: "Nation Turn > 1) Population Increase",
        text: "Count 2 points per open area held (open, river, Tripolis), 1 per rough one, and add the population \
track. Every full 6 makes a new unit; the rest stays on the track. If the nation has no units left in stock, or \
fewer than it earned, the track is set to 5. New units are placed one by one (`place <area> <kind>`) in areas the \
nation holds alone, within the stacking limits (one overstack allowed); Praxians place only on the Hungry \
Plateau, which counts only for them; the Aldryami may place forest counters instead. A unit that cannot be \
placed is lost and the track goes to 5. Listed arrivals come first, where the list says, whoever is there \
(Soldiers arrive in Esvuthil even if others hold it). Sherpa's readings: mountains count 1 point like rough \
for the peoples who may hold them; \"Esvulthil\" is Esvuthil; cursed Dorastor counts nothing except for the \
Telmori (1).",
    },
    RulesTopic {
        id: Topic::Movement.id(),
        aliases: &["move", "moving", "moves", "done"],
        title: "Movement",
        section: "Nation Turn > 2) Movement phase",
        text: "Move any, all or none of the nation's units, one unit one area per step; infantry move 2 areas, \
cavalry, dragons and the Bat 3, forest counters never. Entering rough terrain ends a unit's move, except in an \
invasion turn (the log says the unit stops). `done` ends the phase. At the end of movement, a nation over the stacking limits loses the excess \
(Britannia's rule): its player removes units one at a time (`remove <area> <kind>`) from areas over their limit \
until at most one area is over, within the overstack allowance. When two units of one kind in one area have moved \
differently, `move` takes the one with the most moves left.",
    },
    RulesTopic {
        id: Topic::Terrain.id(),
        aliases: &["sea", "seas", "forest", "mountain", "mountains", "rough"],
        title: "Seas, forests and mountains",
        section: "Nation Turn > 2) Movement phase; Stacking",
        text: "Only Pelandans move through seas, and they may not stop there: a Pelandan enters a sea only with a \
move to spare, and one still at sea at `done` is lost. Only the Aldryami enter permanent forest; only the Digijelm \
and the Telmori enter mountains, which are rough for them. Forests and mountains stop movement and give attackers \
the rough-terrain penalty like rough areas.",
    },
    RulesTopic {
        id: Topic::Overrun.id(),
        aliases: &["overruns", "pass through"],
        title: "Overruns",
        section: "Nation Turn > Overruns",
        text: "A unit entering an area held by another nation stops there, unless it is a Digijelm unit or a dragon. \
It may go on (overrun) when the mover's units already stopped there number at least the defenders (as many as the \
defenders stay to fight, Sherpa's reading); a cavalry unit needs only one fewer than the defenders, but at least \
one (the group then equals the defenders). Areas of permanent forest, and areas with an Aldryami forest counter, \
are never overrun (Sherpa reads \"forests\" as both).",
    },
    RulesTopic {
        id: Topic::Stacking.id(),
        aliases: &["limits", "stack", "overstack", "overstacking"],
        title: "Stacking",
        section: "Stacking; Overstacking",
        text: "One nation's units in one area: 2 in rough (and mountain and forest), 3 in open, 4 in open with a \
river, 5 in the Tripolis areas Henjarl, Vonlath and Esvuthil. Each nation may have one overstack: any number in \
open terrain, 4 in rough. Limits apply at the end of each movement phase (not in invasion turns), when placing \
new units and when retreating. One forest counter per area, never in mountains, forest, the Hungry Plateau or \
seas; forest counters do not count against the limits.",
    },
    RulesTopic {
        id: Topic::Kartolin.id(),
        aliases: &["kartolin pass", "pass", "dorastor", "karia"],
        title: "The Kartolin Pass",
        section: "Special Terrain > Kartolin Pass",
        text: "Karia and Dorastor touch only through the Kartolin Pass. A unit may not go from Karia into Dorastor \
while other nations' units hold Dorastor alone, unless a unit of the same nation has already entered Dorastor \
from another side in this movement phase (Sherpa needs that unit to move first).",
    },
    RulesTopic {
        id: Topic::Battle.id(),
        aliases: &["combat", "fight", "battles", "dice", "hit", "hits", "attack"],
        title: "Battles",
        section: "Nation Turn > 3) Battles phase",
        text: "After movement, each area the nation shares with another nation is a battle (`battle <area>` picks \
the next). Each round both sides roll at once, one die per unit (Alkoth 2 per unit, dragons 4, the Bat 6); a \
result of 5 or more kills. In round 1 attackers in rough terrain take −1 and attacking cavalry +2; defending \
cavalry in open terrain die only to a 6 or more in round 1 (Sherpa's reading: the modified result). Pelorians take −1 \
on every die. The Telmori cannot be killed. Every die is shown in the log. Results are given to the army they \
hit in descending order; when the army is mixed and a result could kill more than one kind, its owner chooses \
(`hit <kind>`; Sherpa reads the text's mixed-army choice as the army's own commander's, the advantage \
the text gives mixed armies). Each hit removes one unit chosen by its owner (Britannia's battle rules): when \
the units of a kind differ in something the rules care about, which for a unit in battle is its way back (see \
`retreat`), the owner names the one that dies: `hit <kind> from <area>` for the one that came from that area \
and `hit <kind> unmoved` for one that did not move in; when they are all alike \
nothing is asked. (Games begun under \
rules version 1 take the last unit listed without asking.) Both sides' results of a round are always dealt: an attacker that kills the \
last defenders still loses the units the defenders' dice killed, and a round can leave the area empty. At most \
5 units may attack in one area (the Battles phase). Sherpa checks this as units enter: a unit may not enter an \
enemy-held area where five of its nation's units already stand, not even to pass through on an overrun, because \
a unit that enters may always stay and nothing in the rules would then take a sixth attacker back out. Listed \
arrivals are not moves: when more than five arrive in an area held by another nation (the ten Praxian cavalry in \
Dragon Pass), five of them attack, the ones with the most dice first; the others stand in the area and can be \
hit. VP for kills are scored at once. The Crimson Bat (Pelorians, \
round 15) moves as cavalry and rolls 6 dice; each unit killed by one of its own dice in round 15 rises as a \
Telmori unit in that area at the end of the Pelorian turn, while a Telmori unit is left in stock (the Pelorian \
sheet). Sherpa's reading where the sheet is silent: a unit the Bat kills while defending, in a later nation's turn \
of round 15, rises at the end of that nation's turn.",
    },
    RulesTopic {
        id: Topic::Retreat.id(),
        aliases: &["retreats", "stay", "retreating"],
        title: "Retreats",
        section: "Nation Turn > Retreat",
        text: "After each round of battle (Sherpa's reading: every round from the first on, as in Britannia), the defender \
and then the attacker may retreat units one at a time (`retreat <from> <to> <kind>`, then `stay`). A defender \
goes to a next-door area that is empty or its own and that it could enter. An attacking unit goes back to the \
area it itself moved from to reach the battle (the Retreat section); another unit's way in is not its way back, \
a unit that only passed through the battle area on an overrun opens no way back for the others, and a unit that \
arrived there without moving has none. So which attacking unit a hit kills decides where the others may go \
back, and its owner chooses it (see `battle`). Stacking limits apply. Units without a legal retreat stay. The Telmori must retreat while they can, \
and may also go to any empty mountain area or to cursed Dorastor, however far (their nation sheet).",
    },
    RulesTopic {
        id: Topic::Overpopulation.id(),
        aliases: &["remove", "armies", "excess"],
        title: "Overpopulation",
        section: "Nation Turn > 4) Overpopulation phase",
        text: "At the end of its turn a nation may keep 3 armies per land area it holds. The owner removes the \
excess one unit at a time (`remove <area> <kind>`), never emptying an area. Forest counters are not armies: the nation panel shows armies as `u` and forest \
counters apart as `f`.",
    },
    RulesTopic {
        id: Topic::Invasion.id(),
        aliases: &["invasions", "invasion turn"],
        title: "Invasion turns",
        section: "Special Turns > Invasion",
        text: "In an invasion turn the nation moves and fights twice: population, movement, battles, movement, \
battles, overpopulation. Rough terrain does not stop its movement and there are no stacking limits at the end \
of its movement. The text does not list them; Sherpa's board file makes each late nation's arrival \
round its invasion turn.",
    },
    RulesTopic {
        id: Topic::Exits.id(),
        aliases: &["exit", "edge", "edges", "leave", "leaving"],
        title: "Leaving the map",
        section: "Nations (authored)",
        text: "Hirenmador and Hyalorings score for units leaving by the Pent edge (2 and 3 VP), YOUF for units \
leaving beyond Dragon Pass (Kerofinela, authored 3 VP). `move <area> <edge> <kind>` from an area next to that \
edge takes the unit off the board; leaving is one more area of its move, so the unit that leaves is one that may \
still move (not one that had to stop, or has used its moves).",
    },
    RulesTopic {
        id: Topic::Scoring.id(),
        aliases: &["vp", "points", "capture", "captures", "nation scoring", "nations"],
        title: "Nation scoring and capture VP",
        section: "Scoring > Nation Scoring",
        text: "Each nation scores its own condition in the nation-scoring rounds, which Sherpa places at the end of \
rounds 4, 8, 12 and 16 (Sherpa's reading; the conditions of most nations are authored in the board file). Capture VP \
are scored once, as soon as the nation's units stand alone in the area, in whichever nation's turn that happens: \
at the end of its movement, after a battle, after a retreat into it, or at a listed arrival (Britannia scores \
captures as they happen, so a defender retreating into a listed area scores it at once, not at its own next \
turn). A unit that only passes through an area during a move does not capture it, since it never stands there. \
Kill VP are scored when the unit dies. Each nation's own sheet (arrivals, stock, scoring, capture, kill and \
exit VP) is a topic of its own: hirenmador, hyalorings, veshtargos, alkoth, pelanda, pelorians, theyalans, \
praxians, aldryami, telmori, digijelm, soldiers, barbarians, carmanians, balazarings, youf.",
    },
    RulesTopic {
        id: Topic::Emperors.id(),
        aliases: &["emperor", "regalia", "imperial", "jenarong", "khordavu", "complete emperor", "vonlath"],
        title: "Emperors and the regalia",
        section: "Scoring > Jenarong Emperors; Rites of Khordavu; Complete Emperor",
        text: "Ten pieces of regalia lie in areas; a nation holds the pieces lying in areas it occupies alone \
(Sherpa's reading; the Sandals start in Saird with the Hyalorings, the Bow in Bindle with the Veshtargos). \
The Sceptre appears in Esvuthil in round 2 and the Orb in Vanch in round 3, both at the Pelorian turn; the Cap \
in Birin and the Mantle in Darjiin at the start of round 4. Only the holder of the Bow counts the Cap. In \
rounds with emperor scoring (1-12 here), at the end of its turn a nation holding one piece more than the last \
successful claimant becomes the Imperial Nation (automatic). If the Emperor's nation is destroyed, at whatever moment its last \
unit goes (in a battle, or sent to the Call to Heroes), there is no Emperor from then on and the next claim \
needs one piece again. In its movement phase the Emperor may move each piece (not the Low Crown, and not \
one already joined to it in Vonlath) up to 3 areas, one area per step, within areas it holds, that is where its units stand alone: a piece lying where its units share the area with \
another nation stays put until a battle decides; in rounds 4 and 5 also into Vonlath. Jenarong rounds (1-3): the Emperor scores 1 VP per piece held at the end of the round. Rites \
of Khordavu (4-5): the Bow does not count; if every piece but the Bow lies in Vonlath and the Emperor holds it at \
the end of round 4 or 5, the Emperor gains 10 VP once. Complete Emperor (6-12): at the end of each \
round the Emperor scores 1 VP per area it holds linked to Vonlath through its own areas, Vonlath included, and \
nothing without Vonlath.",
    },
    RulesTopic {
        id: Topic::Heroes.id(),
        aliases: &["call to heroes", "bid", "bids", "dragon pass", "awards"],
        title: "The Call to Heroes",
        section: "Scoring > Call to Heroes",
        text: "After round 13 every player bids in secret how many units each of their nations sends to Dragon \
Pass (`bid <nation> <n>`, then `seal`; `unseal` to change it before the last seal). Eligible: Theyalans, \
Barbarians, Carmanians, Soldiers, Pelorians, Pelanda, Praxians, Alkoth, Balazarings, Hirenmador, Hyalorings, \
Veshtargos, YOUF; units in Ralios or Karia cannot go. The bids are revealed together with their salts; a bid above the units a nation may \
send is capped (the log says so). Then each player picks which of their units go, one per step: `remove \
<nation> <area> <kind>` (the kind may be left out when the nation has one kind there), never from Ralios or \
Karia. Every player who owes units may remove at once, in any order; a player who does not act loses units \
from their largest stacks, infantry first. After the last removal YOUF removed count as leaving beyond Dragon \
Pass and the awards are paid on the units actually removed. The player removing most wins VP equal to all units removed by everyone (Sherpa's reading), \
second 20, third 2, last 0. Ties go one level down: two tied first get 20 each; two tied second get 2 each and \
so does the next player; three tied under a leader get 2 each; two tied pairs get 20 and 0; all four tied get 0. \
Other patterns: a tied group gets the level below the best place it covers.",
    },
    RulesTopic {
        id: Topic::Commitment.id(),
        aliases: &["seal", "unseal", "salt", "sealed", "hash"],
        title: "Sealed bids and their commitments",
        section: "Scoring > Call to Heroes (Sherpa's sealing)",
        text: "A sealed bid is announced with a commitment: the first 12 hex digits of SHA-256 over \
\"salt:bid\", where the salt is 16 hex digits from the game's random generator and the bid is its canonical \
text (e.g. `Hirenmador 0, Pelorians 3, Praxians 1`). At the reveal each salt is shown, so anyone can check.",
    },
    RulesTopic {
        id: Topic::Shah.id(),
        aliases: &["shah of carmania", "carmania"],
        title: "The Shah of Carmania",
        section: "Scoring > Shah of Carmania",
        text: "At the end of rounds 14, 15 and 16 (Sherpa's reading: each of them may score), a nation holding at least \
twice as many areas as every other single nation, counting only areas north-west of the barbarian belt (not \
Charg, Baloris, Brolia, Broken Pot, Anadikki, Talastar, Lakrene, Skanthi, Aggar, Dog Plains, Dragon Pass, \
Ivory Plinth, Imther, Tork, Votankiland, Karia or Ralios), is Shah of Carmania and gains 10 VP.",
    },
    RulesTopic {
        id: Topic::Notation.id(),
        aliases: &["syntax", "commands", "how to type", "typing", "examples"],
        title: "Typing steps",
        section: "Nation Turn (Sherpa's notation)",
        text: "A step is a word and names as the board spells them: areas (`Mirin-Cross`), kinds (infantry, \
cavalry, dragon, bat, forest), nations, pieces of regalia and the map edges. Case does not matter, and each word \
may be cut to a beginning that fits only one legal step: `mov nav sai cav` is `move Naveria Saird cavalry`. \
Population: `place Darsen infantry`. Movement, one unit one area per step: `move Naveria Saird cavalry`, \
`move <area> <edge> <kind>` to leave the map, `regalia <piece> <area>` for the Emperor, then `done`. Battles: \
`battle Saird`, `hit <kind>` when a result may kill more than one kind, `retreat Saird Naveria cavalry` and \
`stay`. Removals: `remove <area> <kind>`. The Call to Heroes: `bid <nation> <n>`, `seal`, `unseal`, then \
`remove <nation> <area> [kind]`. Chain steps with `;`: `place Darsen infantry; place Darsen infantry`.",
    },
    // One nation sheet per nation, in turn order; the tests check each against the board file.
    RulesTopic {
        id: "hirenmador",
        aliases: &["hirenmador sheet"],
        title: "Hirenmador: nation sheet",
        section: "Part 3: Nations > Hirenmador (the published sheet)",
        text: "Player 1's nation; it takes turns from round 1. Arrives in round 1: 4 cavalry in Naveria. Stock: at most \
8 cavalry. Population increase makes cavalry. Nation scoring: 1 VP per area held. Kill VP per unit killed: \
Aldryami 2, Carmanians 2, Soldiers 1. Exit VP per unit leaving the map: Pent 2. Sherpa reads the sheet's \
\"Warlords\" as the Soldiers. From the published sheet, as Sherpa's board file has it.",
    },
    RulesTopic {
        id: "hyalorings",
        aliases: &["hyaloring"],
        title: "Hyalorings: nation sheet",
        section: "Part 3: Nations > Hyalorings (the published sheet)",
        text: "Player 2's nation; it takes turns from round 1. Arrives in round 1: 3 cavalry in Saird, 2 cavalry in \
Sylila. Stock: at most 8 cavalry. Population increase makes cavalry. Nation scoring: 3 VP per open area held. \
Capture VP, once each: Darjiin 4, Naveria 2, Dara-Ni 2. Kill VP per unit killed: Soldiers 2. Exit VP per unit \
leaving the map: Pent 3. They start holding the Sandals (see emperors). Sherpa reads the sheet's \"Warlords\" as \
the Soldiers. From the published sheet, as Sherpa's board file has it.",
    },
    RulesTopic {
        id: "veshtargos",
        aliases: &["veshtargos sheet"],
        title: "Veshtargos: nation sheet",
        section: "Part 3: Nations > Veshtargos (sheet not published; authored for Sherpa)",
        text: "Player 3's nation; it takes turns from round 1. Arrives in round 1: 2 infantry in Bindle, 2 infantry in \
Hwarin. Stock: at most 10 infantry. Population increase makes infantry. Nation scoring: 2 VP per area held. They \
start holding the Bow (see emperors). Authored for Sherpa in the board file, since the sheet is not published.",
    },
    RulesTopic {
        id: "alkoth",
        aliases: &["alkothi"],
        title: "Alkoth: nation sheet",
        section: "Part 3: Nations > Alkoth (sheet not published; authored for Sherpa)",
        text: "Player 4's nation; it takes turns from round 1. Arrives in round 1: 2 infantry in Elz-Ast, 2 infantry in \
Yuthuppa. Stock: at most 8 infantry. Population increase makes infantry. Nation scoring: 2 VP per area held. \
Each Alkoth unit rolls two dice in battle. Authored for Sherpa in the board file, since the sheet is not \
published.",
    },
    RulesTopic {
        id: "pelanda",
        aliases: &["pelandans", "pelandan"],
        title: "Pelanda: nation sheet",
        section: "Part 3: Nations > Pelanda (sheet not published; authored for Sherpa)",
        text: "Player 4's nation; it takes turns from round 1. Arrives in round 1: 2 infantry in Mirin-Cross, 2 infantry \
in Skanthi. Stock: at most 12 infantry. Population increase makes infantry. Nation scoring: 2 VP per area held. \
Pelandans alone may cross sea areas, but never end a move at sea (see terrain). Authored for Sherpa in the board \
file, since the sheet is not published.",
    },
    RulesTopic {
        id: "pelorians",
        aliases: &["pelorian", "crimson bat"],
        title: "Pelorians: nation sheet",
        section: "Part 3: Nations > Pelorians (the published sheet)",
        text: "Player 1's nation; it takes turns from round 1. Arrives in round 1: 1 infantry in Lenshi, 1 infantry in \
Dog-Plains, 1 infantry in Imther, 1 infantry in Kostaddi, 1 infantry in Dikoria, 1 infantry in Darsen, 1 \
infantry in Rinliddi, 1 infantry in Kestinlands, 1 infantry in Dara-Ni, 1 infantry in Lakrene, 1 infantry in \
Darjiin, 1 infantry in Sanken, 1 infantry in Vanch, 1 infantry in Doblian. Arrives in round 15: 1 bat in Sylila. \
Stock: at most 24 infantry and 1 bat. Population increase makes infantry. Nation scoring: 1 VP per unit on the \
board. Kill VP per unit killed: Aldryami 2, Carmanians 2. Every Pelorian die, the Bat's included, counts one \
less. The Crimson Bat moves as cavalry and rolls 6 dice; units its dice kill in round 15 come back as Telmori in \
that area (see battle). The sheet lists Dara Ni twice; Sherpa follows the reported erratum and puts the second \
unit in Doblian. From the published sheet, as Sherpa's board file has it.",
    },
    RulesTopic {
        id: "theyalans",
        aliases: &["theyalan"],
        title: "Theyalans: nation sheet",
        section: "Part 3: Nations > Theyalans (sheet not published; authored for Sherpa)",
        text: "Player 3's nation; it takes turns from round 1. Arrives in round 1: 2 infantry in Aggar, 2 infantry in \
Tarsh, 1 infantry in Brolia. Stock: at most 12 infantry. Population increase makes infantry. Nation scoring: 2 \
VP per area held. Authored for Sherpa in the board file, since the sheet is not published.",
    },
    RulesTopic {
        id: "praxians",
        aliases: &["praxian", "prax", "hungry plateau"],
        title: "Praxians: nation sheet",
        section: "Part 3: Nations > Praxians (the published sheet)",
        text: "Player 1's nation; it takes turns from round 3. Arrives in round 3: 10 cavalry in Dragon-Pass. Stock: at \
most 10 cavalry. Population increase makes cavalry. Invasion turn in round 3. Nation scoring: 6 VP for holding \
Hungry-Plateau. Capture VP, once each: Vonlath 5, Saird 2. Kill VP per unit killed: Soldiers 5, Aldryami 2. They \
count the Hungry Plateau for population, place new units only there, and no other nation counts it (see \
population). Sherpa reads the sheet's \"Warlords\" as the Soldiers. From the published sheet, as Sherpa's board \
file has it. The invasion turn is Sherpa's reading (see invasion).",
    },
    RulesTopic {
        id: "aldryami",
        aliases: &["elves", "elf", "forest counters"],
        title: "Aldryami: nation sheet",
        section: "Part 3: Nations > Aldryami (partly published; the rest authored for Sherpa)",
        text: "Player 2's nation; it takes turns from round 4. Arrives in round 4: 1 infantry in Rist, 1 infantry in \
Erigia, 1 infantry in Elder-Wilds. Stock: at most 10 infantry and 10 forest counters. Population increase makes \
infantry or forest. Nation scoring: 2 VP per forest counter. Only they enter permanent forest. Population may \
make forest counters instead of infantry: one per area, never in mountains, forest, the Hungry Plateau or seas, \
not counted for stacking, and never overrun (see stacking and overrun). Arrivals and stock are from the \
published sheet; scoring is authored for Sherpa in the board file.",
    },
    RulesTopic {
        id: "telmori",
        aliases: &["chaos", "mad horde"],
        title: "Telmori: nation sheet",
        section: "Part 3: Nations > Telmori (the published sheet)",
        text: "Player 1's nation; it takes turns from round 5. Arrives in round 5: 2 infantry in Mountains-of-Ralios. \
Stock: at most 5 infantry. Population increase makes infantry. Invasion turn in round 5. Nation scoring: none. \
Capture VP, once each: Dara-Ni 4, Vanstal 4, Vonlath 4, Tork 4. Kill VP per unit killed: any nation 1. They \
cannot be killed, enter mountains as rough, ignore the curse of Dorastor (1 population point there), and must \
retreat after a battle round while they can, also to any empty mountain or to Dorastor however far (see \
retreat). From the published sheet, as Sherpa's board file has it. The invasion turn is Sherpa's reading (see \
invasion).",
    },
    RulesTopic {
        id: "digijelm",
        aliases: &["digijelm sheet"],
        title: "Digijelm: nation sheet",
        section: "Part 3: Nations > Digijelm (sheet not published; authored for Sherpa)",
        text: "Player 4's nation; it takes turns from round 5. Arrives in round 5: 3 infantry in Filichet. Stock: at \
most 8 infantry. Population increase makes infantry. Invasion turn in round 5. Nation scoring: 2 VP per area \
held. They enter mountains as rough and need not stop on entering an area held by another nation (see overrun). \
Authored for Sherpa in the board file, since the sheet is not published.",
    },
    RulesTopic {
        id: "soldiers",
        aliases: &["warlords", "soldier"],
        title: "Soldiers: nation sheet",
        section: "Part 3: Nations > Soldiers (sheet not published; authored for Sherpa)",
        text: "Player 4's nation; it takes turns from round 5. Arrives in round 5: 3 infantry in Esvuthil, 1 cavalry in \
Esvuthil. Stock: at most 8 infantry and 4 cavalry. Population increase makes infantry or cavalry. Invasion turn \
in round 5. Nation scoring: 2 VP per area held. They arrive in Esvuthil even if another nation holds it (see \
population). Authored for Sherpa in the board file, since the sheet is not published.",
    },
    RulesTopic {
        id: "barbarians",
        aliases: &["barbarian"],
        title: "Barbarians: nation sheet",
        section: "Part 3: Nations > Barbarians (sheet not published; authored for Sherpa)",
        text: "Player 2's nation; it takes turns from round 6. Arrives in round 6: 2 infantry in Talastar, 2 infantry in \
Charg, 1 cavalry in Baloris. Stock: at most 10 infantry and 2 cavalry. Population increase makes infantry. \
Invasion turn in round 6. Nation scoring: 2 VP per area held. Capture VP, once each: Raibanth 3. Authored for \
Sherpa in the board file, since the sheet is not published.",
    },
    RulesTopic {
        id: "carmanians",
        aliases: &["carmanian"],
        title: "Carmanians: nation sheet",
        section: "Part 3: Nations > Carmanians (sheet not published; authored for Sherpa)",
        text: "Player 3's nation; it takes turns from round 9. Arrives in round 9: 3 cavalry in Vanstal, 2 cavalry in \
Jillaro, 2 infantry in Jillaro. Stock: at most 6 infantry and 8 cavalry. Population increase makes cavalry or \
infantry. Invasion turn in round 9. Nation scoring: 3 VP per area held. Capture VP, once each: Darjiin 3. \
Authored for Sherpa in the board file, since the sheet is not published.",
    },
    RulesTopic {
        id: "balazarings",
        aliases: &["balazaring"],
        title: "Balazarings: nation sheet",
        section: "Part 3: Nations > Balazarings (sheet not published; authored for Sherpa)",
        text: "Player 3's nation; it takes turns from round 9. Arrives in round 9: 2 infantry in Nivorah, 2 infantry in \
Furthest. Stock: at most 6 infantry. Population increase makes infantry. Invasion turn in round 9. Nation \
scoring: 3 VP per area held. Authored for Sherpa in the board file, since the sheet is not published.",
    },
    RulesTopic {
        id: "youf",
        aliases: &["ewf", "dragons", "dragon"],
        title: "YOUF: nation sheet",
        section: "Part 3: Nations > YOUF (sheet not published; authored for Sherpa)",
        text: "Player 2's nation; it takes turns from round 10. Arrives in round 10: 3 infantry in Dragon-Pass, 1 dragon \
in Dragon-Pass. Arrives in round 12: 1 dragon in Ivory-Plinth. Stock: at most 8 infantry and 2 dragons. \
Population increase makes infantry. Invasion turn in round 10. Nation scoring: 2 VP per area held. Exit VP per \
unit leaving the map: Kerofinela 3. Each dragon rolls 4 dice and need not stop on entering an area held by \
another nation. A YOUF unit sent to the Call to Heroes counts as leaving beyond Dragon Pass (see heroes). \
Authored for Sherpa in the board file, since the sheet is not published.",
    },
];

/// Players' words for what the topics call otherwise, for questions (`rules peloria how
/// does combat work`): a player's word, and the topic id or word it stands for.
pub const SYNONYMS: &[(&str, &str)] = &[
    ("combat", "battle"),
    ("fight", "battle"),
    ("goes", "turn"),
    ("first", "turn"),
    ("ends", "overview"),
    ("end", "overview"),
    ("units", "population"),
    ("army", "stacking"),
    ("flee", "retreat"),
];
