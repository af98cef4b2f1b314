/*@ requires 0 <= n <= 1000;
    requires \valid(a + (0 .. n-1));
    assigns a[0 .. n-1];
    ensures \result == 0;
*/
int f(int *a, int n) {
  int k = 0;
  /*@ loop invariant 0 <= k <= n;
      loop assigns k;
      loop variant n - k;
  */
  while (k < n) {
    if (a[0] > 0) k = k + 1;
  }
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, a[0 .. n-1];
  */
  for (int i = 0; i < n; i++) {
    a[i] = 0;
  }
  return 0;
}
