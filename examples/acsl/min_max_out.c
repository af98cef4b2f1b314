/*@ requires n > 0 && n <= 100000;
    requires \valid_read(a + (0 .. n-1)) && \valid(lo) && \valid(hi);
    requires \separated(lo, hi, a + (0 .. n-1));
    assigns *lo, *hi;
    ensures \forall integer k; 0 <= k < n ==> *lo <= a[k] <= *hi;
*/
void min_max_out(const int *a, int n, int *lo, int *hi) {
  int mn = a[0];
  int mx = a[0];
  /*@ loop invariant 1 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> mn <= a[k] <= mx;
      loop assigns i, mn, mx;
      loop variant n - i;
  */
  for (int i = 1; i < n; i++) {
    if (a[i] < mn) mn = a[i];
    if (a[i] > mx) mx = a[i];
  }
  *lo = mn;
  *hi = mx;
}
