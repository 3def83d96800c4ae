//! Every game's board file reader: any text gives a board or an error naming the line.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.is_empty() {
        return;
    }
    let text = String::from_utf8_lossy(&data[1..]);
    match data[0] % 5 {
        0 => drop(sherpa::games::nepal::parse_board(&text)),
        1 => drop(sherpa::games::himalaya::parse_board(&text)),
        2 => drop(sherpa::games::nanga_parbat::parse_board(&text)),
        3 => drop(sherpa::games::nippon::parse_board(&text)),
        _ => drop(sherpa::games::peloria::parse_board(&text)),
    }
});
