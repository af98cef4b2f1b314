/*@ requires 0 <= x <= 1000;
    assigns \nothing;
    ensures \result == x + 1;
*/
int f(int x) {
  enum { MARGIN = 0 };
  int y = x + 1;
  //@ assert y >= MARGIN + 1;
  return y;
}
