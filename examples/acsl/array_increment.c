/*@ requires n >= 0 && n <= 100000;
    requires \valid(a + (0 .. n-1));
    requires \forall integer k; 0 <= k < n ==> a[k] < 2147483647;
    assigns a[0 .. n-1];
    ensures \forall integer k; 0 <= k < n ==> a[k] == \old(a[k]) + 1;
*/
void array_increment(int *a, int n) {
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> a[k] == \at(a[k], Pre) + 1;
      loop invariant \forall integer k; i <= k < n ==> a[k] == \at(a[k], Pre);
      loop assigns i, a[0 .. n-1];
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    a[i] = a[i] + 1;
  }
}
