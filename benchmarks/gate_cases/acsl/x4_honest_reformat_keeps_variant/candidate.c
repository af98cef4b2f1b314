/*@ requires 0 <= n <= 1000;
    requires \valid_read(a + (0 .. n-1));
    requires \forall integer k; 0 <= k < n ==> 0 <= a[k] <= 1000;
    assigns \nothing;
    ensures \result >= 1;
*/
int sum1(const int *a, int n) {
  int s = 0;
  s += 1;
  //@ assert s == 1;
  /*@ loop invariant 0 <= i <= n;
      loop invariant 1 <= s <= 1 + 1000 * i;
      loop assigns i, s;
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    s = s + a[i];
  }
  return s;
}
