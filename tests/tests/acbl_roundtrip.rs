//! The decoder reads back exactly what the test encoder wrote, and the writers turn it into the
//! expected JSON and PBN.

use crate::acbl_common;

use acbl_common::encoder::{encode, sample_game};
use kibitzer_syntax::acbl::{decode, model::*, to_json, to_pbn};

#[test]
fn decode_of_encode_is_identity() {
    let game = sample_game();
    let decoded = decode(&encode(&game)).expect("decodes");
    assert_eq!(decoded.warnings, vec![], "no warnings on a well-formed file");
    assert_eq!(decoded.game, game);
}

#[test]
fn json_names_what_the_file_holds() {
    let decoded = decode(&encode(&sample_game())).unwrap();
    let json = to_json(&decoded);
    let events = json["events"].as_array().unwrap();
    assert_eq!(events.len(), 3);
    assert_eq!(json["ACBLscore_version"], "8.15");
    assert_eq!(json["creation_timestamp"], "2024-03-14T19:30:00");
    assert_eq!(json["note"], "A note\n");
    let pairs = &events[0];
    assert_eq!(pairs["event_type"], "Pairs");
    assert_eq!(pairs["event_scoring"], "Matchpoints");
    assert_eq!(pairs["rating"], "Club Masterpoint");
    assert_eq!(pairs["mp_rating"]["t_factor"], 1.25);
    assert_eq!(pairs["table_sanction_fee"], 3.0);
    assert_eq!(pairs["combining_and_ranking"], serde_json::json!([[["A", "B"]]]));
    assert_eq!(pairs["strats"][1]["max_mp"], 500);
    assert_eq!(pairs["strats"][0]["pigmentation_breakdown"]["overall"][1]["type"], "R");
    let section = &pairs["sections"][0];
    assert_eq!(section["movement_type"], "Mitchell");
    let entry = &section["entries"][1];
    assert_eq!(entry["id"], "1E");
    assert_eq!(entry["pct"], 40.0);
    assert_eq!(entry["players"][0]["award"]["current"][0], serde_json::json!([0.45, "B", "SA", 1]));
    let board1 = &section["boards"][0]["results"];
    assert_eq!(board1.as_array().unwrap().len(), 2, "the not-in-play record is left out");
    assert_eq!(board1[0]["ns_score"], 420);
    assert_eq!(board1[1]["ns_score"], -50);
    assert_eq!(board1[0]["ns_mp"], 2.0);
    let board2 = &section["boards"][1]["results"];
    assert_eq!(board2[0]["ns_score"], "Ave+");
    assert_eq!(board2[0]["ew_score"], "Ave-");
    assert_eq!(board2[1]["ns_score"], "Not Played");
    assert_eq!(section["movement"]["tables"][1], serde_json::json!([[2, 2, 3], [2, 1, 1]]));
    let howell = &events[1]["sections"][0];
    assert_eq!(howell["is_howell"], 1);
    assert_eq!(howell["movement_file"], "H0203.HOW");
    assert_eq!(howell["entries"][3]["id"], "4");
    let teams = &events[2];
    assert_eq!(teams["event_type"], "Teams");
    assert_eq!(teams["sections"][0]["entries"][2]["players"].as_array().unwrap().len(), 5);
    assert_eq!(teams["sections"][0]["entries"][2]["score_final"], serde_json::Value::Null);
    assert_eq!(teams["sections"][0]["match_award"], 0.5);
}

#[test]
fn pbn_has_a_score_table_per_board_and_a_total_score_table_per_section() {
    let decoded = decode(&encode(&sample_game())).unwrap();
    let pbn = to_pbn(&decoded);
    insta::assert_snapshot!(pbn);
}

#[test]
fn pbn_marks_adjusted_and_missing_scores() {
    let decoded = decode(&encode(&sample_game())).unwrap();
    let pbn = to_pbn(&decoded);
    assert!(pbn.contains("\n2N 2E ! ! ^1.2 ^0.8\n"), "{pbn}");
    assert!(pbn.contains("\n1N 2E ? ? ? ?\n"), "{pbn}");
    assert!(pbn.contains("[Site \"Imaginary \\\"Bridge\\\" Club\"]"));
    assert!(pbn.contains("[Date \"2024.03.14\"]"));
}

#[test]
fn entries_are_decoded_in_pair_number_order_even_when_stored_otherwise() {
    let mut game = sample_game();
    game.events[1].sections[0].entries.reverse();
    let decoded = decode(&encode(&game)).unwrap();
    let numbers: Vec<u16> = decoded.game.events[1].sections[0].entries.iter().map(|e| e.number).collect();
    assert_eq!(numbers, [1, 2, 3, 4]);
    let _ = Direction::ALL;
}
