/*@ requires 0 <= x <= 1000;
    assigns \nothing;
    ensures \result == x + 1;
*/
int f(int x) {
  int y = x;
  if (0) {
  //@ assert y == x + 2;
  }
  y++;
  return y;
}
