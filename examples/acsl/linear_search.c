/*@ requires n >= 0 && n <= 100000;
    requires \valid_read(a + (0 .. n-1));
    assigns \nothing;
    ensures -1 <= \result < n;
    ensures \result >= 0 ==> a[\result] == x;
    ensures \result == -1 ==> (\forall integer k; 0 <= k < n ==> a[k] != x);
*/
int linear_search(const int *a, int n, int x) {
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> a[k] != x;
      loop assigns i;
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    if (a[i] == x) return i;
  }
  return -1;
}
