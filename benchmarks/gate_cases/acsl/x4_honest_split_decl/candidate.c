/*@ requires 0 <= n <= 100000;
    requires \valid_read(a + (0 .. n-1));
    assigns \nothing;
    ensures 0 <= \result <= n;
*/
int count_positive(const int *a, int n) {
  int c;
  int i;
  c = 0;
  /*@ loop invariant 0 <= i <= n;
      loop invariant 0 <= c <= i;
      loop assigns i, c;
      loop variant n - i;
  */
  for (i = 0; i < n; i++) {
    if (a[i] > 0) c++;
  }
  return c;
}
