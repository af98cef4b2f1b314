-- Kanban board. Tasks are added to Todo, pulled into Doing, and finished
-- into Done. Todo and Doing have work-in-progress limits; Done has none.
-- Intent: a column with a limit never holds more tasks than its limit,
-- and a finished task stays finished.
abstract sig Column { limit: lone Int }
one sig Todo, Doing, Done extends Column {}
fact limits { Todo.limit = 3 and Doing.limit = 2 and no Done.limit }
sig Task { var col: lone Column }
fact init { no col }
pred add[t: Task] {
  no t.col
  #col.Todo < Todo.limit
  col' = col + t -> Todo
}
pred pull[t: Task] {
  t.col = Todo
  col' = col ++ t -> Doing
}
pred finish[t: Task] {
  t.col = Doing
  col' = col ++ t -> Done
}
pred wait { col' = col }
fact trans { always (wait or some t: Task | add[t] or pull[t] or finish[t]) }
assert WIP { always all c: Column | some c.limit implies #col.c <= c.limit }
assert DoneStays { always all t: Task | t.col = Done implies always t.col = Done }
check WIP for 4 but 10 steps
check DoneStays for 4 but 10 steps
run Flow { eventually #col.Done = 3 } for 4 but 10 steps
