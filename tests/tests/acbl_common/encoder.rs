//! A small ACBLscore game-file encoder, written from the layout document independently of the
//! decoder (offsets are spelled out here, not shared), so tests can make game files with
//! made-up names instead of committing real ones. `encode` writes every field the model holds.

use kibitzer_syntax::acbl::model::*;

struct Buf(Vec<u8>);

impl Buf {
    /// Appends `len` zero bytes and returns where they start.
    fn alloc(&mut self, len: usize) -> usize {
        let at = self.0.len();
        self.0.resize(at + len, 0);
        at
    }
    fn u8(&mut self, at: usize, v: u8) {
        self.0[at] = v;
    }
    fn u16(&mut self, at: usize, v: u16) {
        self.0[at..at + 2].copy_from_slice(&v.to_le_bytes());
    }
    fn u32(&mut self, at: usize, v: u32) {
        self.0[at..at + 4].copy_from_slice(&v.to_le_bytes());
    }
    fn i32(&mut self, at: usize, v: i32) {
        self.0[at..at + 4].copy_from_slice(&v.to_le_bytes());
    }
    fn ptr(&mut self, at: usize, target: usize) {
        self.u32(at, u32::try_from(target).unwrap());
    }
    /// `string(n)`: length byte, then ISO-8859-1 characters.
    fn string(&mut self, at: usize, n: usize, s: &str) {
        let bytes: Vec<u8> = s.chars().map(|c| u8::try_from(u32::from(c)).expect("Latin-1")).collect();
        assert!(bytes.len() <= n, "{s:?} longer than string({n})");
        self.u8(at, bytes.len() as u8);
        self.0[at + 1..at + 1 + bytes.len()].copy_from_slice(&bytes);
    }
    fn time(&mut self, at: usize, t: DosTimestamp) {
        self.u16(at, t.time);
        self.u16(at + 2, t.date);
    }
    /// A structure whose first uint16 is the length of the rest.
    fn sized(&mut self, len: usize) -> usize {
        let at = self.alloc(len);
        self.u16(at, u16::try_from(len - 2).unwrap());
        at
    }
    fn memo(&mut self, text: &str, line_len: usize) -> usize {
        let lines: Vec<&str> = text.lines().collect();
        let at = self.alloc(6 + lines.len() * line_len);
        self.u16(at + 4, lines.len() as u16);
        for (i, line) in lines.iter().enumerate() {
            self.string(at + 6 + i * line_len, line_len - 1, line);
        }
        at
    }
}

pub fn encode(game: &Game) -> Vec<u8> {
    let mut b = Buf(Vec::new());
    let master = b.alloc(0x0a14);
    b.u16(master, 0x0a12);
    b.0[2..6].copy_from_slice(b"\x03AC3");
    b.u16(0x9db, game.version);
    b.time(0x9dd, game.created);
    b.u16(0x9e1, game.min_compatible_version);
    if let Some(memo) = &game.memo {
        let at = b.memo(memo, 64);
        b.ptr(0x9d6, at);
    }
    if let Some(note) = &game.note {
        let at = b.memo(note, 76);
        b.ptr(0x9e3, at);
    }
    for event in &game.events {
        let slot = usize::from(event.id) - 1;
        let details = event_details(&mut b, event);
        b.ptr(0x12 + 4 * slot, details);
        b.u8(0xda + slot, event.event_type);
        b.u8(0x10c + slot, event.scoring);
        for section in &event.sections {
            let summary = 0x13e + 22 * usize::from(section.summary_slot);
            b.u8(summary, event.id);
            b.string(summary + 1, 2, &section.letter);
            let at = section_details(&mut b, event, section);
            b.ptr(summary + 4, at);
            if let Some(boards) = &section.boards {
                let at = board_results(&mut b, boards);
                b.ptr(summary + 8, at);
            }
            b.u8(summary + 0xe, section.scored_flags);
            b.u8(summary + 0xf, section.links.previous_scored);
            b.u8(summary + 0x10, section.links.next_scored);
            b.u8(summary + 0x11, section.links.previous_ranked);
            b.u8(summary + 0x12, section.links.next_ranked);
            b.u8(summary + 0x14, section.rounds);
        }
    }
    let len = b.0.len() as u32;
    b.u32(6, len);
    b.0
}

fn event_details(b: &mut Buf, e: &Event) -> usize {
    let d = &e.details;
    let at = b.sized(0x2e6);
    b.u8(at + 2, e.id);
    b.string(at + 0x04, 25, &d.event_name);
    b.string(at + 0x1e, 13, &d.session_name);
    b.string(at + 0x2c, 16, &d.director_or_city);
    b.string(at + 0x3d, 10, &d.sanction);
    b.string(at + 0x48, 19, &d.date);
    b.string(at + 0x5c, 25, &d.club_or_tournament);
    b.string(at + 0x76, 5, &d.event_code);
    b.u16(at + 0x7d, d.p_factor);
    b.u16(at + 0x83, d.t_factor);
    b.u8(at + 0x88, d.rating);
    b.u8(at + 0x8c, d.session_num);
    b.u8(at + 0x8d, d.handicap_type as u8);
    b.u8(at + 0x95, d.club_session_num);
    b.u8(at + 0x9e, d.nstrats);
    b.u8(at + 0x9f, d.nsessions);
    b.u8(at + 0xa0, d.consolation_flag);
    b.u8(at + 0xa1, d.club_game_type);
    b.string(at + 0xb0, 6, &d.club_num);
    b.time(at + 0xb7, d.modified);
    b.u8(at + 0xc2, d.nbrackets);
    b.u8(at + 0xc3, d.bracket_num);
    b.string(at + 0xc5, 8, &d.qual_event_code);
    b.u8(at + 0xce, d.continuous_pairs_flag);
    b.string(at + 0x244, 10, &d.hand_set);
    b.u16(at + 0x24f, d.s_factor);
    b.u8(at + 0x251, d.senior_event_flag);
    b.u8(at + 0x254, d.mp_award_revision_num);
    for (rel, real) in
        [(0x275, d.game_sanction_fee), (0x27b, d.table_sanction_fee), (0x281, d.charity_table_sanction_fee)]
    {
        b.0[at + rel..at + rel + 6].copy_from_slice(&real.0);
    }
    b.string(at + 0x295, 40, &d.local_charity);
    b.u8(at + 0x2c8, d.stratify_by_avg_flag);
    b.u8(at + 0x2ca, d.non_acbl_flag);
    for (i, s) in e.strats.iter().enumerate() {
        let p = at + 0xd4 + 95 * i;
        b.u16(p + 0x10, s.first_overall_award);
        b.u8(p + 0x12, s.ribbon_color);
        b.u8(p + 0x13, s.ribbon_depth);
        b.u32(p + 0x14, s.mpt_factor);
        b.u16(p + 0x18, s.overall_award_depth);
        b.u8(p + 0x1a, s.table_basis);
        b.u16(p + 0x1e, s.min_mp);
        b.u16(p + 0x20, s.max_mp);
        b.u8(p + 0x22, s.letter as u8);
        b.u8(p + 0x23, s.club_pct_open_rating);
        b.0[p + 0x24..p + 0x2a].copy_from_slice(&s.event_m_factor.0);
        b.0[p + 0x2a..p + 0x30].copy_from_slice(&s.session_m_factor.0);
        for (rel, lines) in [(0x32, &s.overall), (0x41, &s.session), (0x50, &s.section)] {
            for (j, l) in lines.iter().enumerate() {
                b.u16(p + rel + 2 * j, l.pct);
                b.u16(p + rel + 6 + 2 * j, l.mp);
                b.u8(p + rel + 12 + j, l.kind);
            }
        }
        b.u8(at + 0x1f7 + i, s.lm_eligibility as u8);
    }
    if let Some(memo) = &d.memo {
        let m = b.memo(memo, 64);
        b.ptr(at + 0xbd, m);
    }
    at
}

fn section_details(b: &mut Buf, e: &Event, s: &Section) -> usize {
    let at = b.sized(0x324);
    b.u8(at + 0x18, s.movement_type);
    b.u16(at + 0x19, s.nboards);
    b.u16(at + 0x1b, s.highest_pairnum);
    b.u8(at + 0x1d, s.boards_per_round);
    b.u16(at + 0x1e, s.board_top);
    b.string(at + 0x37, 11, &s.movement_file);
    b.u8(at + 0x43, s.phantom as u8);
    b.u8(at + 0x47, s.is_barometer);
    b.u16(at + 0x48, s.ntables);
    b.u16(at + 0x4e, s.maximum_score);
    b.u8(at + 0x60, s.is_web);
    b.u8(at + 0x61, s.max_results_per_board);
    b.u16(at + 0xb5, s.match_award);
    b.time(at + 0xbd, s.modified);
    if let Some(memo) = &s.memo {
        let m = b.memo(memo, 64);
        b.ptr(at + 0xd1, m);
    }
    if e.is_teams() {
        let index = b.sized(0x14 + 8 * s.entries.len());
        b.u8(index + 6, s.entries.len() as u8);
        for (i, entry) in s.entries.iter().enumerate() {
            let p = write_entry(b, entry);
            b.u16(index + 0x14 + 8 * i, entry.number);
            b.u16(index + 0x14 + 8 * i + 2, entry.players.len() as u16);
            b.ptr(index + 0x14 + 8 * i + 4, p);
        }
        b.ptr(at + 4, index);
    } else if s.is_howell() {
        // One Pair Index Table; each pair number's seat (table, direction 1) maps into it.
        let index = b.sized(0x14 + 8 * s.entries.len());
        b.u8(index + 6, s.entries.len() as u8);
        for (slot, entry) in s.entries.iter().enumerate() {
            let p = write_entry(b, entry);
            b.u16(index + 0x14 + 8 * slot + 2, 2);
            b.ptr(index + 0x14 + 8 * slot + 4, p);
            let seat = at + 0x12d + 2 * (usize::from(entry.number) - 1);
            b.u8(seat, slot as u8 + 1);
            b.u8(seat + 1, 1);
        }
        b.ptr(at + 4, index);
    } else {
        // Mitchell: a Pair Index Table per direction; the table map gives each number's slot.
        for (d, direction) in [Direction::North, Direction::East].into_iter().enumerate() {
            let entries: Vec<&Entry> = s.entries.iter().filter(|en| en.direction == Some(direction)).collect();
            let index = b.sized(0x14 + 8 * entries.len());
            b.u8(index + 6, entries.len() as u8);
            for (slot, entry) in entries.iter().enumerate() {
                let p = write_entry(b, entry);
                b.u16(index + 0x14 + 8 * slot + 2, 2);
                b.ptr(index + 0x14 + 8 * slot + 4, p);
                b.u8(at + 0x17d + 4 * (usize::from(entry.number) - 1) + d, slot as u8 + 1);
            }
            b.ptr(at + 4 + 4 * d, index);
        }
    }
    if let Some(m) = &s.movement {
        let p = b.sized(7 + 75 * m.tables.len());
        b.u8(p + 2, m.section_number);
        b.u8(p + 4, m.ntables);
        b.u8(p + 5, m.nrounds);
        for (t, rounds) in m.tables.iter().enumerate() {
            for (r, seat) in rounds.iter().enumerate() {
                let q = p + 7 + 75 * t + 3 * r;
                b.u8(q, seat.ns);
                b.u8(q + 1, seat.ew);
                b.u8(q + 2, seat.board);
            }
        }
        b.ptr(at + 0x14, p);
    }
    at
}

fn write_award(b: &mut Buf, at: usize, a: &Award) {
    for (s, set) in a.sets.iter().enumerate() {
        for (l, line) in set.iter().enumerate() {
            let p = at + 12 * s + 4 * l;
            b.u16(p, line.mp);
            b.u8(p + 2, line.pigmentation);
            b.u8(p + 3, line.reason);
        }
    }
}

fn write_entry(b: &mut Buf, e: &Entry) -> usize {
    let at = b.sized(0xa4 + 120 * e.players.len());
    b.i32(at + 0x4, e.score_adjustment);
    b.i32(at + 0x8, e.score_unscaled);
    b.i32(at + 0xc, e.score_session.unwrap_or(-1));
    b.i32(at + 0x10, e.score_carryover);
    b.i32(at + 0x14, e.score_final.unwrap_or(-1));
    b.i32(at + 0x18, e.score_handicap);
    b.u16(at + 0x1c, e.pct);
    b.u8(at + 0x1e, e.strat_num);
    b.u16(at + 0x20, e.mp_average);
    b.string(at + 0x28, 2, &e.next_section);
    b.u8(at + 0x2b, e.next_dir as u8);
    b.u16(at + 0x2c, e.next_table);
    b.u8(at + 0x2f, e.nboards);
    b.u8(at + 0x33, e.eligibility);
    write_award(b, at + 0x34, &e.award);
    for (i, r) in e.ranks.iter().enumerate() {
        let p = at + 0x5e + 20 * i;
        for (j, v) in
            [r.section_rank_low, r.section_rank_high, r.overall_rank_low, r.overall_rank_high, r.qual_flag, r.rank]
                .into_iter()
                .enumerate()
        {
            b.u16(p + 2 * j, v);
        }
    }
    for (i, pl) in e.players.iter().enumerate() {
        let p = at + 0xa4 + 120 * i;
        b.string(p, 16, &pl.lname);
        b.string(p + 0x11, 16, &pl.fname);
        b.string(p + 0x22, 16, &pl.city);
        b.string(p + 0x33, 2, &pl.state);
        b.string(p + 0x36, 7, &pl.pnum);
        b.u16(p + 0x44, pl.team_wins);
        write_award(b, p + 0x48, &pl.award);
        b.u16(p + 0x71, pl.mp_total);
        b.u8(p + 0x73, pl.rank_letter as u8);
        b.string(p + 0x75, 2, &pl.country);
    }
    at
}

fn board_results(b: &mut Buf, boards: &[BoardResults]) -> usize {
    let index = b.sized(0x26 + 8 * boards.len());
    b.u16(index + 4, boards.len() as u16);
    for (i, board) in boards.iter().enumerate() {
        let record = 2 + 8 * board.results.first().map_or(2, |r| r.sides.len());
        let table = b.sized(6 + record * board.results.len());
        b.u16(table + 2, u16::from(board.board));
        for (j, r) in board.results.iter().enumerate() {
            let p = table + 6 + record * j;
            b.u8(p, r.round);
            b.u8(p + 1, r.table);
            for (k, side) in r.sides.iter().enumerate() {
                b.u16(p + 2 + 8 * k, side.pair);
                b.u16(p + 4 + 8 * k, side.score.0 as u16);
                b.u32(p + 6 + 8 * k, side.mp);
            }
        }
        let e = index + 0x26 + 8 * i;
        b.u8(e, board.board);
        b.u16(e + 2, board.declared_results);
        b.ptr(e + 4, table);
    }
    index
}

/// A small synthetic club game with made-up names: a Mitchell pairs event (two sections, scored
/// together), a Howell pairs event and a Swiss teams event.
pub fn sample_game() -> Game {
    let when = DosTimestamp { time: (19 << 11) | (30 << 5), date: ((2024 - 1980) << 9) | (3 << 5) | 14 };
    let one = Real48([0x81, 0, 0, 0, 0, 0]);
    let details = |name: &str| EventDetails {
        event_name: name.into(),
        session_name: "Thursday Eve".into(),
        director_or_city: "Dee Rector".into(),
        date: "March 14, 2024".into(),
        club_or_tournament: "Imaginary \"Bridge\" Club".into(),
        hand_set: "SHUFFLE".into(),
        club_num: "999999".into(),
        club_session_num: 4,
        rating: 1,
        session_num: 1,
        nstrats: 2,
        nsessions: 1,
        modified: when,
        mp_award_revision_num: 13,
        p_factor: 1000,
        t_factor: 1250,
        table_sanction_fee: Real48([0x82, 0, 0, 0, 0, 0x40]),
        ..Default::default()
    };
    let strat = |letter: char, max_mp: u16| Strat {
        letter,
        max_mp,
        mpt_factor: 12500,
        event_m_factor: one,
        session_m_factor: one,
        overall: [
            Pigmentation { pct: 5000, mp: 0, kind: 1 },
            Pigmentation { pct: 5000, mp: 0, kind: 3 },
            Pigmentation::default(),
        ],
        session: [Pigmentation { pct: 10000, mp: 0, kind: 1 }, Pigmentation::default(), Pigmentation::default()],
        ..Default::default()
    };
    let player = |last: &str, first: &str, n: u16| Player {
        lname: last.into(),
        fname: first.into(),
        city: "Nowhere".into(),
        state: "ZZ".into(),
        pnum: format!("X{n:06}"),
        country: "US".into(),
        mp_total: 10 * n,
        rank_letter: 'B',
        award: Award {
            sets: [
                [AwardLine::default(); 3],
                [AwardLine { mp: 45, pigmentation: 1, reason: 1 }, AwardLine::default(), AwardLine::default()],
                [AwardLine { mp: 45, pigmentation: 1, reason: 1 }, AwardLine::default(), AwardLine::default()],
            ],
        },
        ..Default::default()
    };
    let pair = |number: u16, direction: Option<Direction>, score: i32, pct: u16| Entry {
        number,
        direction,
        score_unscaled: score,
        score_session: Some(score),
        score_final: Some(score),
        pct,
        strat_num: 1,
        mp_average: 120,
        nboards: 4,
        ranks: [
            Rank { section_rank_low: 1, qual_flag: 1, rank: 1, ..Default::default() },
            Rank::default(),
            Rank::default(),
        ],
        next_dir: '\0',
        players: vec![
            player("Ample", &format!("Ann{number}"), number),
            player("Bogus", &format!("Bob{number}"), number + 50),
        ],
        ..Default::default()
    };
    let side = |pair: u16, score: i16, mp: u32| SideResult { pair, score: RawScore(score), mp };
    let result =
        |round: u8, table: u8, ns: SideResult, ew: SideResult| BoardResult { round, table, sides: vec![ns, ew] };
    let mitchell_boards = vec![
        BoardResults {
            board: 1,
            declared_results: 2,
            results: vec![
                result(1, 1, side(1, 42, 200), side(1, -42, 0)),
                result(2, 2, side(2, -5, 0), side(1, 5, 200)),
                result(3, 1, side(0, 999, 0), side(0, 999, 0)),
            ],
        },
        BoardResults {
            board: 2,
            declared_results: 2,
            results: vec![
                result(1, 2, side(2, 2060, 120), side(2, 2040, 80)),
                result(2, 1, side(1, 950, 0), side(2, 950, 0)),
            ],
        },
    ];
    let movement = Movement {
        section_number: 1,
        ntables: 2,
        nrounds: 2,
        tables: vec![
            {
                let mut t = vec![MovementSeat::default(); MOVEMENT_ROUNDS];
                t[0] = MovementSeat { ns: 1, ew: 1, board: 1 };
                t[1] = MovementSeat { ns: 1, ew: 2, board: 3 };
                t
            },
            {
                let mut t = vec![MovementSeat::default(); MOVEMENT_ROUNDS];
                t[0] = MovementSeat { ns: 2, ew: 2, board: 3 };
                t[1] = MovementSeat { ns: 2, ew: 1, board: 1 };
                t
            },
        ],
    };
    let mitchell = |slot: u8, letter: &str, links: SectionLinks| Section {
        summary_slot: slot,
        letter: letter.into(),
        links,
        scored_flags: 3,
        rounds: 2,
        movement_type: 0,
        nboards: 4,
        highest_pairnum: 2,
        boards_per_round: 2,
        board_top: 1,
        ntables: 2,
        maximum_score: 4,
        max_results_per_board: 2,
        modified: when,
        entries: vec![
            pair(1, Some(Direction::North), 240, 6000),
            pair(1, Some(Direction::East), 160, 4000),
            pair(2, Some(Direction::North), 160, 4000),
            pair(2, Some(Direction::East), 240, 6000),
        ],
        boards: Some(mitchell_boards.clone()),
        movement: Some(movement.clone()),
        ..Default::default()
    };
    let howell = Section {
        summary_slot: 2,
        letter: "H".into(),
        scored_flags: 1,
        rounds: 3,
        movement_type: 1,
        nboards: 3,
        highest_pairnum: 4,
        boards_per_round: 1,
        board_top: 1,
        movement_file: "H0203.HOW".into(),
        ntables: 2,
        maximum_score: 3,
        memo: Some("Howell for two tables\nmade up\n".into()),
        entries: (1..=4).map(|n| pair(n, None, 150, 5000)).collect(),
        boards: Some(vec![BoardResults {
            board: 1,
            declared_results: 2,
            results: vec![
                result(1, 1, side(1, 62, 100), side(4, -62, 0)),
                result(2, 2, side(3, 50, 0), side(2, -50, 100)),
            ],
        }]),
        ..Default::default()
    };
    let team = |number: u16| Entry {
        number,
        score_session: Some(3000 + i32::from(number) * 100),
        score_final: None,
        nboards: 21,
        players: (1..=5).map(|i| player("Team", &format!("Mate{number}{i}"), 10 * number + i)).collect(),
        ..Default::default()
    };
    let teams_section = Section {
        summary_slot: 3,
        letter: "T".into(),
        scored_flags: 1,
        rounds: 3,
        ntables: 2,
        match_award: 50,
        entries: (1..=3).map(team).collect(),
        ..Default::default()
    };
    Game {
        version: 815,
        min_compatible_version: 747,
        created: when,
        memo: None,
        note: Some("A note\n".into()),
        events: vec![
            Event {
                id: 1,
                event_type: 0,
                scoring: 0,
                details: details("Open Pairs"),
                strats: vec![strat('A', 0), strat('B', 500)],
                sections: vec![
                    mitchell(0, "A", SectionLinks { next_scored: 2, next_ranked: 2, ..Default::default() }),
                    mitchell(1, "B", SectionLinks { previous_scored: 1, previous_ranked: 1, ..Default::default() }),
                ],
            },
            Event {
                id: 2,
                event_type: 0,
                scoring: 0,
                details: EventDetails {
                    nstrats: 1,
                    memo: Some("Howell event memo\n".into()),
                    ..details("Howell Pairs")
                },
                strats: vec![strat('A', 0)],
                sections: vec![howell],
            },
            Event {
                id: 3,
                event_type: 1,
                scoring: 7,
                details: EventDetails { nstrats: 1, nbrackets: 1, bracket_num: 1, ..details("Swiss Teams") },
                strats: vec![strat('A', 0)],
                sections: vec![teams_section],
            },
        ],
    }
}
