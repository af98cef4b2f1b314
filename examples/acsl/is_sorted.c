/*@ requires n >= 0 && n <= 100000;
    requires \valid_read(a + (0 .. n-1));
    assigns \nothing;
    ensures \result == 1 ==> (\forall integer k; 0 <= k < n - 1 ==> a[k] <= a[k+1]);
    ensures \result == 0 ==> (\exists integer k; 0 <= k < n - 1 && a[k] > a[k+1]);
*/
int is_sorted(const int *a, int n) {
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> a[k] <= a[k+1];
      loop assigns i;
      loop variant n - i;
  */
  for (int i = 0; i + 1 < n; i++) {
    if (a[i] > a[i + 1]) return 0;
  }
  return 1;
}
