/*@ requires 0 <= x <= 10000 && 0 <= y <= 10000;
    assigns \nothing;
    ensures \result == x * y;
*/
int mult_by_add(int x, int y) {
  int r = 0;
  /*@ loop invariant 0 <= i <= y;
      loop invariant r == x * i;
      loop assigns i, r;
      loop variant y - i;
  */
  for (int i = 0; i < y; i++) {
    r += x;
  }
  return r;
}
