/*@ requires 0 <= x <= 1000;
    assigns \nothing;
    ensures \result == x + 1;
*/
int f(int x) {
  int y = x;
  y = y + 1;
  //@ assert y == x + 2;
  return y;
}
