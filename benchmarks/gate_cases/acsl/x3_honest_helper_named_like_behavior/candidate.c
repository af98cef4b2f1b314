/*@ predicate missing(int *a, integer m, int x) = \forall integer k; 0 <= k < m ==> a[k] != x; */

/*@ requires 0 <= n <= 100000;
    requires \valid_read(a + (0 .. n-1));
    assigns \nothing;
    ensures in_range: -1 <= \result < n;
    behavior found:
      assumes \exists integer k; 0 <= k < n && a[k] == x;
      ensures 0 <= \result < n && a[\result] == x;
    behavior missing:
      assumes \forall integer k; 0 <= k < n ==> a[k] != x;
      ensures \result == -1;
    complete behaviors found, missing;
    disjoint behaviors found, missing;
*/
int find(const int *a, int n, int x) {
  /*@ loop invariant 0 <= i <= n;
      loop invariant missing(a, i, x);
      loop assigns i;
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    if (a[i] == x) return i;
  }
  return -1;
}
