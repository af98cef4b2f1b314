/*@ type idx = integer; */

/*@ requires 0 <= n <= 1000;
    requires \valid(a + (0 .. n-1));
    assigns a[0 .. n-1];
    ensures \forall idx k; 0 <= k < n ==> a[k] == 0;
*/
void clear(int *a, int n) {
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> a[k] == 0;
      loop assigns i, a[0 .. n-1];
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    if (i >= 256) break;
    a[i] = 0;
  }
}
