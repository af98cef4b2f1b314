/*@ requires 0 < n <= 100000;
    requires \valid_read(a + (0 .. n-1)) && \valid(m + (0 .. n-1));
    requires \separated(a + (0 .. n-1), m + (0 .. n-1));
    assigns m[0 .. n-1];
    ensures \forall integer k; 0 <= k < n ==> m[k] >= a[k];
    ensures \forall integer k; 0 < k < n ==> m[k] >= m[k-1];
*/
void running_max_array(const int *a, int *m, int n) {
  m[0] = a[0];
  /*@ loop invariant 1 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> m[k] >= a[k];
      loop invariant \forall integer k; 0 < k < i ==> m[k] >= m[k-1];
      loop assigns i, m[1 .. n-1];
      loop variant n - i;
  */
  for (int i = 1; i < n; i++) {
    m[i] = a[i] > m[i - 1] ? a[i] : m[i - 1];
  }
}
