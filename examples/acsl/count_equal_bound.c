/*@ requires n >= 0 && n <= 100000;
    requires \valid_read(a + (0 .. n-1));
    assigns \nothing;
    ensures 0 <= \result <= n;
    ensures \result == 0 ==> (\forall integer k; 0 <= k < n ==> a[k] != x);
*/
int count_equal_bound(const int *a, int n, int x) {
  int c = 0;
  /*@ loop invariant 0 <= i <= n;
      loop invariant 0 <= c <= i;
      loop invariant c == 0 ==> (\forall integer k; 0 <= k < i ==> a[k] != x);
      loop assigns i, c;
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    if (a[i] == x) c++;
  }
  return c;
}
