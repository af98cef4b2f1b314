/*@ requires 0 < n <= 1000;
    requires \valid_read(a + (0 .. n-1)) && \valid(b + (0 .. n-1));
    requires \separated(a + (0 .. n-1), b + (0 .. n-1));
    requires \forall integer k; 0 <= k < n ==> 0 <= a[k] <= 1000;
    assigns b[0 .. n-1];
    ensures b[0] == a[0];
    ensures \forall integer k; 0 < k < n ==> b[k] == b[k-1] + a[k];
*/
void prefix_sums(const int *a, int *b, int n) {
  b[0] = a[0];
  /*@ loop invariant 1 <= i <= n;
      loop invariant b[0] == a[0];
      loop invariant \forall integer k; 0 <= k < i ==> 0 <= b[k] <= 1000 * (k + 1);
      loop invariant \forall integer k; 0 < k < i ==> b[k] == b[k-1] + a[k];
      loop assigns i, b[1 .. n-1];
      loop variant n - i;
  */
  for (int i = 1; i < n; i++) {
    b[i] = b[i - 1] + a[i];
  }
}
