/*@ requires n > 0 && n <= 100000;
    requires \valid_read(a + (0 .. n-1));
    assigns \nothing;
    ensures 0 <= \result < n;
    ensures \forall integer k; 0 <= k < n ==> a[\result] <= a[k];
*/
int array_min_index(const int *a, int n) {
  int best = 0;
  /*@ loop invariant 1 <= i <= n;
      loop invariant 0 <= best < i;
      loop invariant \forall integer k; 0 <= k < i ==> a[best] <= a[k];
      loop assigns i, best;
      loop variant n - i;
  */
  for (int i = 1; i < n; i++) {
    if (a[i] < a[best]) best = i;
  }
  return best;
}
