/*@ requires n >= 0 && n <= 100000;
    requires \valid_read(a + (0 .. n-1)) && \valid_read(b + (0 .. n-1));
    assigns \nothing;
    ensures \result == 1 <==> (\forall integer k; 0 <= k < n ==> a[k] == b[k]);
*/
int array_equal(const int *a, const int *b, int n) {
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> a[k] == b[k];
      loop assigns i;
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    if (a[i] != b[i]) return 0;
  }
  return 1;
}
