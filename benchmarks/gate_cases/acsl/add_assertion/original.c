/*@ predicate upper(int *a, integer n, integer m) = \forall integer k; 0 <= k < n ==> a[k] <= m; */

/*@ requires 0 < n <= 100000;
    requires \valid_read(a + (0 .. n - 1));
    assigns \nothing;
    ensures \exists integer k; 0 <= k < n && a[k] == \result;
*/
int array_max(int *a, int n) {
  int m = a[0];
  /*@ loop invariant 1 <= i <= n;
      loop invariant \exists integer k; 0 <= k < i && a[k] == m;
      loop assigns i, m;
      loop variant n - i;
  */
  for (int i = 1; i < n; i++) {
    if (a[i] > m) m = a[i];
  }
  //@ assert upper(a, n, m);
  return m;
}
