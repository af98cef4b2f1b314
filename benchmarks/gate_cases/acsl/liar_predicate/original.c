/*@ requires 0 <= n <= 100000;
    requires \valid_read(a + (0 .. n - 1));
    assigns \nothing;
    ensures \result == 1 ==> (\forall integer k; 0 <= k < n ==> a[k] > 0);
*/
int all_pos(int *a, int n) {
  /*@ loop invariant 0 <= i <= n;
      loop assigns i;
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    if (a[i] <= 0) return 0;
  }
  return 1;
}
