/*@ requires 0 <= n <= 1000000;
    assigns \nothing;
    ensures \result >= 0;
    ensures \result * \result <= n < (\result + 1) * (\result + 1);
*/
int isqrt(int n) {
  int r = 0;
  /*@ loop invariant 0 <= r <= 1000;
      loop invariant r * r <= n;
      loop assigns r;
      loop variant n - r * r;
  */
  while ((r + 1) * (r + 1) <= n) {
    //@ assert (r + 1) * (r + 1) == r * r + 2 * r + 1;
    r = r + 1;
  }
  return r;
}
