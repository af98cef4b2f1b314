/*@ requires 0 <= n <= 10000;
    assigns \nothing;
    ensures \result == n * n;
*/
int sum_odds(int n) {
  int s = 0;
  /*@ loop invariant 0 <= i <= n;
      loop invariant s == i * i;
      loop assigns i, s;
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    s += 2 * i + 1;
  }
  return s;
}
