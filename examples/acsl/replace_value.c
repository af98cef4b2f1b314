/*@ requires n >= 0 && n <= 100000 && old != nw;
    requires \valid(a + (0 .. n-1));
    assigns a[0 .. n-1];
    ensures \forall integer k; 0 <= k < n ==> a[k] != old;
    ensures \forall integer k; 0 <= k < n && \old(a[k]) != old ==> a[k] == \old(a[k]);
*/
void replace_value(int *a, int n, int old, int nw) {
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> a[k] != old;
      loop invariant \forall integer k; 0 <= k < i && \at(a[k], Pre) != old ==> a[k] == \at(a[k], Pre);
      loop invariant \forall integer k; i <= k < n ==> a[k] == \at(a[k], Pre);
      loop assigns i, a[0 .. n-1];
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    if (a[i] == old) a[i] = nw;
  }
}
