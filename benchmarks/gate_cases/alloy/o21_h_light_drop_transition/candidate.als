abstract sig Color {}
one sig Green, Yellow, Red extends Color {}
sig Light { var color: one Color }

fact { all l: Light | l.color = Red }

pred toYellow[l: Light] { l.color = Green  and l.color' = Yellow and all m: Light - l | m.color' = m.color }
pred toRed[l: Light]    { l.color = Yellow and l.color' = Red    and all m: Light - l | m.color' = m.color }
pred toGreen[l: Light]  { l.color = Red    and l.color' = Green  and all m: Light - l | m.color' = m.color }
pred skipYellow[l: Light] { l.color = Green and l.color' = Red and all m: Light - l | m.color' = m.color }
pred hold { all l: Light | l.color' = l.color }

fact { always (hold or some l: Light | toYellow[l] or toRed[l] or toGreen[l]) }

-- a light only turns red after being yellow
assert YellowBeforeRed { always all l: Light | (l.color = Green) implies after (l.color != Red) }
check YellowBeforeRed for 3 but 6 steps
