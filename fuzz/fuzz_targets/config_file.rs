//! The config file parser: any text gives a config or an error naming what is wrong.
#![no_main]
use libfuzzer_sys::fuzz_target;
use sherpa::config::Config;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = Config::from_toml(&text, None, None);
});
