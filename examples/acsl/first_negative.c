/*@ requires n >= 0 && n <= 100000;
    requires \valid_read(a + (0 .. n-1));
    assigns \nothing;
    ensures 0 <= \result <= n;
    ensures \forall integer k; 0 <= k < \result ==> a[k] >= 0;
    ensures \result < n ==> a[\result] < 0;
*/
int first_negative(const int *a, int n) {
  int i = 0;
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> a[k] >= 0;
      loop assigns i;
      loop variant n - i;
  */
  while (i < n && a[i] >= 0) {
    i++;
  }
  return i;
}
