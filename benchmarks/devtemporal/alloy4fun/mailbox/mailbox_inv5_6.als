/*
A mail system. Each message has one sender and some recipients. Each user has an inbox and
a trash folder, whose contents change over time. The messages that have been read form Read.
Deleting moves a message from a user's inbox to that user's trash, restoring moves it back,
and purging removes it from the trash.
*/
sig User {
	var inbox : set Message,
	var trash : set Message
}

sig Message {
	sender : one User,
	to : some User
}

var sig Read in Message {}

fact Delivered {
	always all u : User | u.inbox + u.trash in to.u
}
/*
Initially all trash folders are empty and no message has been read.
*/
pred inv1 {
	no trash and no Read
}
/*
No message is ever at the same time in the inbox and in the trash of the same user.
*/
pred inv2 {
	always all u : User | no u.inbox & u.trash
}
/*
No message is sent to its own sender.
*/
pred inv3 {
	all m : Message | m.sender not in m.to
}
/*
A message can only enter a user's trash from that user's inbox: a message that is in a
user's trash in the next state but not now is now in that user's inbox.
*/
pred inv4 {
	always all u : User, m : Message | (m not in u.trash and m in u.trash') implies m in u.inbox
}
/*
A message that has been read stays read.
*/
pred inv5 {
	eventually Read = Message
}
/*
A message in a user's trash stays in that trash until it is back in that user's inbox
(deleted messages are eventually restored).
*/
pred inv6 {
	always all u : User, m : u.trash | m in u.trash until m in u.inbox
}
/*
A message can be in a user's trash only if it has been read at some point (now or before).
*/
pred inv7 {
	always all u : User, m : u.trash | once m in Read
}
/*======== IFF PERFECT ORACLE ===============*/
pred inv1_OK {
	no trash and no Read
}
assert inv1_Repaired {
    inv1[] iff inv1_OK[]
}
--------
pred inv2_OK {
	always all u : User | no u.inbox & u.trash
}
assert inv2_Repaired {
    inv2[] iff inv2_OK[]
}
--------
pred inv3_OK {
	all m : Message | m.sender not in m.to
}
assert inv3_Repaired {
    inv3[] iff inv3_OK[]
}
--------
pred inv4_OK {
	always all u : User, m : Message | (m not in u.trash and m in u.trash') implies m in u.inbox
}
assert inv4_Repaired {
    inv4[] iff inv4_OK[]
}
--------
pred inv5_OK {
	always Read in Read'
}
assert inv5_Repaired {
    inv5[] iff inv5_OK[]
}
--------
pred inv6_OK {
	always all u : User, m : u.trash | m in u.trash until m in u.inbox
}
assert inv6_Repaired {
    inv6[] iff inv6_OK[]
}
--------
pred inv7_OK {
	always all u : User, m : u.trash | once m in Read
}
assert inv7_Repaired {
    inv7[] iff inv7_OK[]
}
--------
-- PerfectOracleCommands
 check inv1_Repaired expect 0
 check inv2_Repaired expect 0
 check inv3_Repaired expect 0
 check inv4_Repaired expect 0
 check inv5_Repaired expect 0
 check inv6_Repaired expect 0
 check inv7_Repaired expect 0
pred repair_pred_1{inv5[] iff inv5_OK[] }
run repair_pred_1
assert repair_assert_1{inv5[] iff inv5_OK[] }
check repair_assert_1
