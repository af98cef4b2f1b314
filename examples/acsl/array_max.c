/*@ requires n > 0 && n <= 100000;
    requires \valid_read(a + (0 .. n-1));
    assigns \nothing;
    ensures \forall integer k; 0 <= k < n ==> a[k] <= \result;
    ensures \exists integer k; 0 <= k < n && a[k] == \result;
*/
int array_max(const int *a, int n) {
  int m = a[0];
  /*@ loop invariant 1 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> a[k] <= m;
      loop invariant \exists integer k; 0 <= k < i && a[k] == m;
      loop assigns i, m;
      loop variant n - i;
  */
  for (int i = 1; i < n; i++) {
    if (a[i] > m) m = a[i];
  }
  return m;
}
