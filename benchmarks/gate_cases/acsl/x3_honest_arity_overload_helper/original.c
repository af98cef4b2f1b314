/*@ predicate sorted(int *a, integer n) = \forall integer p, q; 0 <= p <= q < n ==> a[p] <= a[q]; */

/*@ requires 0 <= n <= 100000;
    requires \valid_read(a + (0 .. n-1));
    assigns \nothing;
    ensures \result == 1 ==> sorted(a, n);
*/
int is_sorted(const int *a, int n) {
  /*@ loop invariant 0 <= i <= n;
      loop assigns i;
      loop variant n - i;
  */
  for (int i = 0; i + 1 < n; i++) {
    if (a[i] > a[i + 1]) return 0;
  }
  return 1;
}
