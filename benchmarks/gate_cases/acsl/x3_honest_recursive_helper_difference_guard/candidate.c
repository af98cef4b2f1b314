/*@ logic integer sum(int *a, integer n) = n <= 0 ? 0 : sum(a, n - 1) + a[n - 1]; */

/*@ logic integer range_sum(int *a, integer lo, integer hi) =
      hi - lo <= 0 ? 0 : range_sum(a, lo, hi - 1) + a[hi - 1]; */

/*@ requires 0 <= n <= 1000;
    requires \valid_read(a + (0 .. n-1));
    requires \forall integer k; 0 <= k < n ==> 0 <= a[k] <= 100;
    assigns \nothing;
    ensures \result == sum(a, n);
*/
int total(int *a, int n) {
  int s = 0;
  /*@ loop invariant 0 <= i <= n;
      loop invariant 0 <= s <= 100 * i;
      loop invariant s == range_sum(a, 0, i);
      loop invariant range_sum(a, 0, i) == sum(a, i);
      loop assigns i, s;
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    s += a[i];
  }
  return s;
}
