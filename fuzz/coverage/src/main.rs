//! One libFuzzer binary for every kibitzer fuzz target: `KIBITZER_FUZZ_TARGET` names the target
//! (one of `kibitzer_fuzz::TARGETS`), whose oracle runs on each input libFuzzer makes. A failed
//! oracle panics; libfuzzer-sys turns the panic into a crash that libFuzzer reports and saves.
//! fuzz/coverage.sh builds this with coverage instrumentation and runs it.

#![no_main]

use std::sync::OnceLock;

fn target() -> &'static str {
    static TARGET: OnceLock<String> = OnceLock::new();
    TARGET.get_or_init(|| {
        let target = std::env::var("KIBITZER_FUZZ_TARGET").unwrap_or_default();
        if !kibitzer_fuzz::TARGETS.contains(&target.as_str()) {
            eprintln!(
                "KIBITZER_FUZZ_TARGET must name a target: {} (fuzz/coverage.sh sets it)",
                kibitzer_fuzz::TARGETS.join(" ")
            );
            std::process::exit(2);
        }
        target
    })
}

libfuzzer_sys::fuzz_target!(|input: &[u8]| {
    kibitzer_fuzz::run(target(), input);
});
