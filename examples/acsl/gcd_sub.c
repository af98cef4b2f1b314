/*@ requires 0 < x <= 1000000 && 0 < y <= 1000000;
    assigns \nothing;
    ensures 0 < \result <= x && \result <= y;
*/
int gcd_sub(int x, int y) {
  int a = x;
  int b = y;
  /*@ loop invariant 0 < a <= x && 0 < b <= y;
      loop invariant a <= x && b <= y;
      loop assigns a, b;
      loop variant a + b;
  */
  while (a != b) {
    if (a > b) a = a - b;
    else b = b - a;
  }
  //@ assert a == b;
  return a;
}
