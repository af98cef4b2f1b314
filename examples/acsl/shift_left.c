/*@ requires 0 < n <= 100000;
    requires \valid(a + (0 .. n-1));
    assigns a[0 .. n-1];
    ensures \forall integer k; 0 <= k < n - 1 ==> a[k] == \old(a[k+1]);
*/
void shift_left(int *a, int n) {
  /*@ loop invariant 0 <= i <= n - 1;
      loop invariant \forall integer k; 0 <= k < i ==> a[k] == \at(a[k+1], Pre);
      loop invariant \forall integer k; i <= k < n ==> a[k] == \at(a[k], Pre);
      loop assigns i, a[0 .. n-2];
      loop variant n - 1 - i;
  */
  for (int i = 0; i < n - 1; i++) {
    a[i] = a[i + 1];
  }
}
