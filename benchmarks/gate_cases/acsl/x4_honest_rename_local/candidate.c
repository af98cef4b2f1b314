/*@ requires n >= 0 && n <= 100000;
    requires \valid_read(a + (0 .. n-1));
    assigns \nothing;
    ensures 0 <= \result <= n;
*/
int count_positive(const int *a, int n) {
  int cnt = 0;
  /*@ loop invariant 0 <= i <= n;
      loop invariant 0 <= cnt <= i;
      loop assigns i, cnt;
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    if (a[i] > 0) cnt++;
  }
  return cnt;
}
