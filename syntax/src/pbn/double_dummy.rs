//! The double-dummy rules of PBN (DDS001–DDS005): declared here with the other PBN rules so
//! that the catalogue, `kibitzer rules` and configuration know them; checked by the binary,
//! whose solver (pons-dds) computes what the tags must say (`server/src/dd`).

crate::diagnostic::declare_rules! {
    WRONG_DOUBLE_DUMMY_TRICKS = "DDS001" "double-dummy-tricks-wrong" Error Import "PBN 5.7 (DoubleDummyTricks, BridgeComposer's one-line form of the OptimumResultTable)"
        "DoubleDummyTricks disagrees with the double-dummy solver."
        "DoubleDummyTricks gives, in 20 hexadecimal digits, the tricks each declarer takes double dummy: declarers N S E W, each in NT S H D C. The double-dummy solver (DDS) found another count for the deal: the analysis was made for another deal (re-dealt or mistyped after it was computed) or by a faulty program. The message names the first entry that differs; the editor's action \"Add double-dummy analysis\" writes the solver's values."
        bad: "[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n[DoubleDummyTricks \"0d0d00d0d000d0d00d0c\"]\n", good: "[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n[DoubleDummyTricks \"0d0d00d0d000d0d00d0d\"]\n";
    WRONG_OPTIMUM_RESULT = "DDS002" "optimum-result-table-wrong" Error Import "PBN 5.7"
        "An OptimumResultTable row disagrees with the double-dummy solver."
        "Each row of an OptimumResultTable gives the number of tricks a declarer takes in a denomination with open cards, with optimum play and defence (PBN 5.7). The solver takes another number of tricks on the deal: the table belongs to another deal or was computed wrongly."
        bad: "[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN  S 12\n", good: "[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN  S 13\n";
    WRONG_OPTIMUM_SCORE = "DDS003" "optimum-score-wrong" Error Import "PBN 4.2.7"
        "OptimumScore is not the par score of the deal."
        "OptimumScore is the score of the optimum result with open cards, found by comparing all (doubled) contracts and the pass-out (PBN 4.2.7): the par score for the deal's dealer and vulnerability. The solver's par differs, so the score was computed for another deal, dealer or vulnerability."
        bad: "[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n[OptimumScore \"NS 1440\"]\n", good: "[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n[OptimumScore \"NS 1510\"]\n";
    WRONG_PAR_CONTRACT = "DDS004" "par-contract-wrong" Error Import "PBN 4.2.7 (ParContract, BridgeComposer's: the contract of the OptimumScore)"
        "A ParContract does not take the tricks the double-dummy solver gives it, or does not score the par score."
        "ParContract names the contracts of the par score, in the forms producers write (`NS 4S`, `EW 3NT+1`, `NS 5Dx-2`, BridgeComposer's `NS 4S=` and `EW 5DX-1`, a seat alone as in `S 3N=`, several separated by `;` or `,`): level plus six plus the over- or undertricks is the number of tricks the side (or the seat) takes in that denomination double dummy, and the contract with that result scores the par score of the deal for its dealer and vulnerability. Each contract that fails either is reported on its own, naming the par contracts the solver finds: one that takes another number of tricks was found for another deal; one that scores less or more than par is no par contract."
        bad: "[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n[ParContract \"NS 6S\"]\n", good: "[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n[ParContract \"NS 7S\"]\n";
    BELOW_BOOK_WRITTEN_AS_ONE = "DDS005" "double-dummy-below-book-as-one" Warning Import "PBN 5.7"
        "DoubleDummyTricks or OptimumResultTable writes 1 where declarer takes fewer than 7 tricks."
        "Some hand-record programs write 1 instead of the number of tricks when a contract fails even at the one level. The entries that matter for the bidding agree with the solver, so this is no stale analysis, but PBN 5.7 asks for the number of tricks (0...13): write the true counts. Said once for a tag."
        bad: "[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n[DoubleDummyTricks \"1d1d11d1d111d1d11d1d\"]\n", good: "[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n[DoubleDummyTricks \"0d0d00d0d000d0d00d0d\"]\n";
}
