; All men are mortal. Socrates is a man. Conclusion: Socrates is mortal (True).
(declare-sort Entity 0)
(declare-fun Man (Entity) Bool)
(declare-fun Mortal (Entity) Bool)
(declare-const socrates Entity)
(assert (! (forall ((x Entity)) (=> (Man x) (Mortal x))) :named p1))
(assert (! (Man socrates) :named p2))
(define-fun conclusion () Bool (Mortal socrates))
; premises consistent
(set-info :status sat)
(check-sat)
; premises and not conclusion: unsat, so the conclusion is entailed
(push 1)
(assert (not conclusion))
(set-info :status unsat)
(check-sat)
(pop 1)
