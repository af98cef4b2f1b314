/*@ requires n >= 0 && n <= 100000 && lo <= hi;
    requires \valid(a + (0 .. n-1));
    assigns a[0 .. n-1];
    ensures \forall integer k; 0 <= k < n ==> lo <= a[k] <= hi;
*/
void array_clamp(int *a, int n, int lo, int hi) {
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> lo <= a[k] <= hi;
      loop assigns i, a[0 .. n-1];
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    if (a[i] < lo) a[i] = lo;
    else if (a[i] > hi) a[i] = hi;
  }
}
