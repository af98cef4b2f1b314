/*@ requires 0 <= n <= 1000;
    assigns \nothing;
    ensures 2 * \result == n * (n - 1);
*/
int count_pairs(int n) {
  int c = 0;
  /*@ loop invariant 0 <= i <= n;
      loop invariant 2 * c == i * (i - 1);
      loop assigns i, c;
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    /*@ loop invariant 0 <= j <= i;
        loop invariant 2 * c == i * (i - 1) + 2 * j;
        loop assigns j, c;
        loop variant i - j;
    */
    for (int j = 0; j < i; j++) {
      c++;
    }
  }
  return c;
}
