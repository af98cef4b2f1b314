/*@ requires 0 <= n <= 30;
    assigns \nothing;
    ensures \result >= 1;
    ensures n >= 1 ==> \result % 2 == 0;
*/
int pow2(int n) {
  int p = 1;
  /*@ loop invariant 0 <= i <= n;
      loop invariant 1 <= p <= (1 << i);
      loop invariant i >= 1 ==> p % 2 == 0;
      loop invariant p == (1 << i);
      loop assigns i, p;
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    p = p * 2;
  }
  return p;
}
