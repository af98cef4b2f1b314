/*@ logic integer LIM = 5; */

/*@ requires 0 <= x <= 50;
    assigns \nothing;
    ensures \result == x + 1;
*/
int f(int x) {
  enum { LIM = 100 };
  int y = x + 1;
  //@ assert y <= LIM;
  return y;
}
