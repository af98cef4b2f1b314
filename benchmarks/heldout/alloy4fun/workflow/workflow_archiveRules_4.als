open util/ordering[Stage]

/*
A document workflow (Alloy 6). Documents move through ordered stages (util/ordering: the first stage
is drafting, the last one is publication), users sign documents off, a user may hold the lock on a
document, and documents may be archived.
*/
sig Stage {}
sig User {}
sig Doc {
	var stage : one Stage,
	var signed : set User,
	var lockedBy : lone User
}
var sig Archived in Doc {}
/*
Initially every document is at the first stage, with no signatures and no lock.
*/
pred startDraft {
	all d : Doc | d.stage = first and no d.signed and no d.lockedBy
}
/*
A document never skips a stage: in each step it stays at its stage or moves to the next stage.
*/
pred noSkip {
	always all d : Doc | d.stage' in d.stage + d.stage.next
}
/*
A document moves to a later stage only if it is signed by at least one user at that moment.
*/
pred signToAdvance {
	always all d : Doc | d.stage' in d.stage.nexts implies some d.signed
}
/*
A document locked by a user stays locked by that same user until the document is signed.
*/
pred lockUntilSigned {
	always all d : Doc, u : d.lockedBy | u in d.lockedBy until some d.signed
}
/*
Every document eventually reaches the last stage.
*/
pred allPublished {
	all d : Doc | eventually d.stage = last
}
/*
Only published documents are archived: an archived document has been at the last stage (now or at some earlier moment), and it is still archived in the next state.
*/
pred archiveRules {
	always all d : Archived | d.stage = last and (after d in Archived)
}
/*
A document never returns to an earlier stage.
*/
pred neverBack {
	always all d : Doc | d.stage' not in d.stage.prevs
}
/*======== IFF PERFECT ORACLE ===============*/
pred startDraftOK {
	all d : Doc | d.stage = first and no d.signed and no d.lockedBy
}
assert startDraftRepaired {
    startDraft[] iff startDraftOK[]
}
--------
pred noSkipOK {
	always all d : Doc | d.stage' in d.stage + d.stage.next
}
assert noSkipRepaired {
    noSkip[] iff noSkipOK[]
}
--------
pred signToAdvanceOK {
	always all d : Doc | d.stage' in d.stage.nexts implies some d.signed
}
assert signToAdvanceRepaired {
    signToAdvance[] iff signToAdvanceOK[]
}
--------
pred lockUntilSignedOK {
	always all d : Doc, u : d.lockedBy | u in d.lockedBy until some d.signed
}
assert lockUntilSignedRepaired {
    lockUntilSigned[] iff lockUntilSignedOK[]
}
--------
pred allPublishedOK {
	all d : Doc | eventually d.stage = last
}
assert allPublishedRepaired {
    allPublished[] iff allPublishedOK[]
}
--------
pred archiveRulesOK {
	always all d : Archived | (once d.stage = last) and (after d in Archived)
}
assert archiveRulesRepaired {
    archiveRules[] iff archiveRulesOK[]
}
--------
pred neverBackOK {
	always all d : Doc | d.stage' not in d.stage.prevs
}
assert neverBackRepaired {
    neverBack[] iff neverBackOK[]
}
--------
-- PerfectOracleCommands
 check startDraftRepaired expect 0
 check noSkipRepaired expect 0
 check signToAdvanceRepaired expect 0
 check lockUntilSignedRepaired expect 0
 check allPublishedRepaired expect 0
 check archiveRulesRepaired expect 0
 check neverBackRepaired expect 0
pred repair_pred_1{archiveRules[] iff archiveRulesOK[] }
run repair_pred_1
assert repair_assert_1{archiveRules[] iff archiveRulesOK[] }
check repair_assert_1
