//! The decoded game as JSON.
//!
//! Field names follow Matthew Kidd's ACBLgamedump (the reference decoder) wherever it has one, so
//! that its users find their way; the differences are structural (lists of objects where it has
//! maps keyed by letter or number) and are listed in `tests/tests/acbl_reference.rs`.
//! Fixed-point values are printed as numbers (hundredths divided out); codes are printed both
//! as numbers (`*_id`) and as names where the name is known.

use super::decode::Decoded;
use super::model::*;
use serde_json::{json, Map, Value};

/// Everything decoded, plus the decoder's warnings.
pub fn to_json(decoded: &Decoded) -> Value {
    let game = &decoded.game;
    let mut out = Map::new();
    out.insert("ACBLscore_version".into(), json!(version(game.version)));
    out.insert("ACBLscore_min_compatible_version".into(), json!(version(game.min_compatible_version)));
    out.insert("creation_timestamp".into(), json!(game.created.iso()));
    insert_some(&mut out, "memo", game.memo.as_ref().map(|m| json!(m)));
    insert_some(&mut out, "note", game.note.as_ref().map(|m| json!(m)));
    out.insert("events".into(), game.events.iter().map(event).collect());
    out.insert("warnings".into(), decoded.warnings.iter().map(|w| json!(w.to_string())).collect());
    Value::Object(out)
}

fn version(hundredths: u16) -> String {
    format!("{}.{:02}", hundredths / 100, hundredths % 100)
}

fn insert_some(map: &mut Map<String, Value>, key: &str, value: Option<Value>) {
    if let Some(value) = value {
        map.insert(key.into(), value);
    }
}

fn hundredths(x: impl Into<f64>) -> Value {
    json!(x.into() / 100.0)
}

fn event(e: &Event) -> Value {
    let d = &e.details;
    let mut out = Map::new();
    out.insert("event_id".into(), json!(e.id));
    out.insert("event_type_id".into(), json!(e.event_type));
    out.insert("event_type".into(), json!(e.event_type_name()));
    out.insert("event_scoring_id".into(), json!(e.scoring));
    out.insert("event_scoring".into(), json!(e.scoring_name()));
    let tournament = e.is_tournament();
    out.insert("tournament_flag".into(), json!(u8::from(tournament)));
    if !tournament {
        out.insert("club_num".into(), json!(d.club_num));
        out.insert("club_session_num".into(), json!(d.club_session_num));
        out.insert("club_game_type".into(), json!(d.club_game_type_name()));
    }
    let (director_key, club_key) = if tournament { ("city", "tournament") } else { ("director", "club") };
    for (key, value) in [
        ("event_name", &d.event_name),
        ("session_name", &d.session_name),
        (director_key, &d.director_or_city),
        ("sanction", &d.sanction),
        ("date", &d.date),
        (club_key, &d.club_or_tournament),
        ("event_code", &d.event_code),
        ("qual_event_code", &d.qual_event_code),
        ("hand_set", &d.hand_set),
        ("local_charity", &d.local_charity),
    ] {
        out.insert(key.into(), json!(value));
    }
    out.insert(
        "mp_rating".into(),
        json!({
            "p_factor": f64::from(d.p_factor) / 1000.0,
            "t_factor": f64::from(d.t_factor) / 1000.0,
            "s_factor": f64::from(d.s_factor) / 100.0,
        }),
    );
    out.insert("rating_id".into(), json!(d.rating));
    out.insert("rating".into(), json!(d.rating_name()));
    out.insert("session_num".into(), json!(d.session_num));
    out.insert("handicap_type_id".into(), json!(d.handicap_type));
    if d.handicap_type != 0 {
        out.insert("handicap_type".into(), json!(d.handicap_type_name()));
        let ranking = if d.handicap_type < 0 { "single-ranking" } else { "double-ranking" };
        out.insert("handicap_scoring".into(), json!(ranking));
    }
    out.insert("nstrats".into(), json!(d.nstrats));
    out.insert("nsessions".into(), json!(d.nsessions));
    out.insert("final_session_flag".into(), json!(u8::from(d.session_num == d.nsessions)));
    out.insert("consolation_flag".into(), json!(d.consolation_flag));
    out.insert("modification_timestamp".into(), json!(d.modified.iso()));
    if e.is_teams() {
        out.insert("nbrackets".into(), json!(d.nbrackets));
        out.insert("bracket_num".into(), json!(d.bracket_num));
    } else {
        out.insert("continuous_pairs_flag".into(), json!(d.continuous_pairs_flag));
    }
    out.insert("senior_event_flag".into(), json!(d.senior_event_flag));
    out.insert("mp_award_revision_num".into(), json!(d.mp_award_revision_num));
    out.insert("stratify_by_avg_flag".into(), json!(d.stratify_by_avg_flag));
    out.insert("non_acbl_flag".into(), json!(d.non_acbl_flag));
    out.insert("game_sanction_fee".into(), json!(d.game_sanction_fee.value()));
    out.insert("table_sanction_fee".into(), json!(d.table_sanction_fee.value()));
    out.insert("charity_table_sanction_fee".into(), json!(d.charity_table_sanction_fee.value()));
    insert_some(&mut out, "memo", d.memo.as_ref().map(|m| json!(m)));
    out.insert("strats".into(), e.strats.iter().map(strat).collect());
    out.insert("combining_and_ranking".into(), json!(e.combining_and_ranking()));
    let strat_letters: Vec<char> = e.strats.iter().map(|s| s.letter).collect();
    out.insert("sections".into(), e.sections.iter().map(|s| section(e, s, &strat_letters)).collect());
    Value::Object(out)
}

fn strat(s: &Strat) -> Value {
    let pigmentation = |lines: &[Pigmentation; 3]| -> Value {
        lines
            .iter()
            .take_while(|p| p.pct != 0)
            .map(|p| json!({"pct": hundredths(p.pct), "mp": hundredths(p.mp), "type": pigmentation_letter(p.kind).to_string()}))
            .collect()
    };
    let ribbon = RIBBON_COLORS.iter().find(|(c, _)| *c == s.ribbon_color).map(|(_, n)| *n);
    json!({
        "first_overall_award": hundredths(s.first_overall_award),
        "ribbon_color": ribbon,
        "ribbon_depth": s.ribbon_depth,
        "mpt_factor": f64::from(s.mpt_factor) / 10000.0,
        "overall_award_depth": s.overall_award_depth,
        "table_basis": s.table_basis,
        "min_mp": s.min_mp,
        "max_mp": s.max_mp,
        "letter": s.letter.to_string(),
        "club_pct_open_rating": s.club_pct_open_rating,
        "event_m_factor": s.event_m_factor.value(),
        "session_m_factor": s.session_m_factor.value(),
        "pigmentation_breakdown": {
            "overall": pigmentation(&s.overall),
            "session": pigmentation(&s.session),
            "section": pigmentation(&s.section),
        },
        "lm_eligibility": match s.lm_eligibility { -1 => "LM Only", 1 => "NLM Only", _ => "No Restriction" },
    })
}

fn section(e: &Event, s: &Section, strats: &[char]) -> Value {
    let mut out = Map::new();
    out.insert("letter".into(), json!(s.letter));
    out.insert("rounds".into(), json!(s.rounds));
    out.insert("is_scored".into(), json!(u8::from(s.is_scored())));
    if !e.is_teams() {
        out.insert("movement_type_id".into(), json!(s.movement_type));
        out.insert("movement_type".into(), json!(s.movement_name()));
        out.insert("is_howell".into(), json!(u8::from(s.is_howell())));
        out.insert("is_barometer".into(), json!(s.is_barometer));
        out.insert("is_web".into(), json!(s.is_web));
        out.insert("nboards".into(), json!(s.nboards));
        let key = if e.is_bam() { "highest_teamnum" } else { "highest_pairnum" };
        out.insert(key.into(), json!(s.highest_pairnum));
        out.insert("max_results_per_board".into(), json!(s.max_results_per_board));
        out.insert("board_top".into(), json!(s.board_top));
        out.insert("movement_file".into(), json!(s.movement_file));
        out.insert("phantom".into(), json!(s.phantom));
    } else {
        out.insert("match_award".into(), hundredths(s.match_award));
    }
    out.insert("is_bam".into(), json!(u8::from(e.is_bam())));
    out.insert("boards_per_round".into(), json!(s.boards_per_round));
    out.insert("ntables".into(), json!(s.ntables));
    out.insert("maximum_score".into(), json!(s.maximum_score));
    out.insert("modification_timestamp".into(), json!(s.modified.iso()));
    insert_some(&mut out, "memo", s.memo.as_ref().map(|m| json!(m)));
    let listed_ranks = || s.entries.iter().flat_map(|e| e.listed_ranks());
    out.insert("has_overall_rankings".into(), json!(u8::from(listed_ranks().any(|r| r.overall_rank_low != 0))));
    out.insert("has_quals".into(), json!(u8::from(listed_ranks().any(|r| r.qual_flag != 0))));
    out.insert("entries".into(), s.entries.iter().map(|en| entry(en, strats)).collect());
    if let Some(boards) = &s.boards {
        out.insert("boards".into(), boards.iter().map(board).collect());
    }
    if let Some(m) = &s.movement {
        out.insert("movement".into(), movement(m));
    }
    Value::Object(out)
}

fn entry(e: &Entry, strats: &[char]) -> Value {
    let mut out = Map::new();
    out.insert("id".into(), json!(e.id()));
    out.insert("number".into(), json!(e.number));
    out.insert("direction".into(), json!(e.direction.map(|d| d.letter().to_string())));
    out.insert("score_adjustment".into(), hundredths(e.score_adjustment));
    out.insert("score_unscaled".into(), hundredths(e.score_unscaled));
    out.insert("score_session".into(), json!(e.score_session.map(|x| f64::from(x) / 100.0)));
    out.insert("score_carryover".into(), hundredths(e.score_carryover));
    out.insert("score_final".into(), json!(e.score_final.map(|x| f64::from(x) / 100.0)));
    out.insert("score_handicap".into(), hundredths(e.score_handicap));
    out.insert("pct".into(), hundredths(e.pct));
    out.insert("strat_num".into(), json!(e.strat_num));
    out.insert("mp_average".into(), json!(e.mp_average));
    out.insert("nboards".into(), json!(e.nboards));
    out.insert("eligibility".into(), json!(e.eligibility));
    insert_some(&mut out, "award", award(&e.award, strats));
    out.insert(
        "ranks".into(),
        e.listed_ranks()
            .iter()
            .map(|r| {
                json!({
                    "section_rank_low": r.section_rank_low,
                    "section_rank_high": r.section_rank_high,
                    "overall_rank_low": r.overall_rank_low,
                    "overall_rank_high": r.overall_rank_high,
                    "qual_flag": r.qual_flag,
                    "rank": r.rank,
                })
            })
            .collect(),
    );
    match e.next_section.as_str() {
        "" => {}
        "98" => {
            out.insert("next_section".into(), json!("Resigned"));
        }
        next => {
            out.insert("next_section".into(), json!(next));
            out.insert("next_dir".into(), json!(e.next_dir.to_string()));
            out.insert("next_table".into(), json!(e.next_table));
        }
    }
    out.insert("players".into(), e.players.iter().map(|p| player(p, strats)).collect());
    Value::Object(out)
}

fn player(p: &Player, strats: &[char]) -> Value {
    let mut out = Map::new();
    for (key, value) in [
        ("lname", &p.lname),
        ("fname", &p.fname),
        ("city", &p.city),
        ("state", &p.state),
        ("pnum", &p.pnum),
        ("country", &p.country),
    ] {
        out.insert(key.into(), json!(value));
    }
    out.insert("team_wins".into(), hundredths(p.team_wins));
    out.insert("mp_total".into(), json!(p.mp_total));
    out.insert("acbl_rank_letter".into(), json!(p.rank_letter.to_string()));
    out.insert("acbl_rank".into(), json!(p.rank_name()));
    insert_some(&mut out, "award", award(&p.award, strats));
    Value::Object(out)
}

/// `{"previous": [[mp, pigmentation, reason, reason code], …], "current": …, "total": …}`, or
/// nothing when no line carries an award. The reason names the strat (`SA` section award in
/// strat A, `OB` overall award in strat B).
fn award(a: &Award, strats: &[char]) -> Option<Value> {
    if a.is_empty() {
        return None;
    }
    let mut out = Map::new();
    for (name, set) in AWARD_SETS.iter().zip(&a.sets) {
        let lines: Vec<Value> = Award::listed(set)
            .iter()
            .map(|l| {
                let reason = match l.reason {
                    0 => String::new(),
                    code => {
                        let scope = if code >= 10 { 'O' } else { 'S' };
                        let strat = usize::from(code % 10).checked_sub(1).and_then(|i| strats.get(i));
                        strat.map_or_else(String::new, |s| format!("{scope}{s}"))
                    }
                };
                json!([f64::from(l.mp) / 100.0, pigmentation_letter(l.pigmentation).to_string(), reason, l.reason])
            })
            .collect();
        out.insert((*name).into(), Value::Array(lines));
    }
    Some(Value::Object(out))
}

fn score(s: RawScore) -> Value {
    match s.meaning() {
        Score::Points(p) => json!(p),
        Score::Fouled { points, group } => json!(format!("{points}F{group}")),
        other => json!(other.label()),
    }
}

fn board(b: &BoardResults) -> Value {
    let results: Vec<Value> = b
        .results
        .iter()
        .filter(|r| r.sides.first().is_some_and(|s| s.score.meaning() != Score::NotInPlay))
        .map(|r| {
            let mut out = Map::new();
            out.insert("round".into(), json!(r.round));
            out.insert("table".into(), json!(r.table));
            let names: &[&str] = if r.sides.len() == 2 { &["ns", "ew"] } else { &["n", "e", "s", "w"] };
            for (name, side) in names.iter().zip(&r.sides) {
                out.insert(format!("{name}_pair"), json!(side.pair));
                out.insert(format!("{name}_score"), score(side.score));
                out.insert(format!("{name}_mp"), json!(f64::from(side.mp) / 100.0));
            }
            Value::Object(out)
        })
        .collect();
    json!({"board": b.board, "declared_results": b.declared_results, "results": results})
}

fn movement(m: &Movement) -> Value {
    let rounds = usize::from(m.nrounds);
    json!({
        "section_number": m.section_number,
        "ntables": m.ntables,
        "nrounds": m.nrounds,
        "tables": m.tables.iter().map(|t| {
            t.iter().take(rounds).map(|s| json!([s.ns, s.ew, s.board])).collect::<Vec<_>>()
        }).collect::<Vec<_>>(),
    })
}
