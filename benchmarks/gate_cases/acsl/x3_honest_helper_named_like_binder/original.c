/*@ requires 0 <= n <= 100000;
    requires \valid(a + (0 .. n-1));
    assigns a[0 .. n-1];
    ensures \forall integer k; 0 <= k < n ==> a[k] == 0;
*/
void zero(int *a, int n) {
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, a[0 .. n-1];
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    a[i] = 0;
  }
}
