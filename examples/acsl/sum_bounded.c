/*@ requires n >= 0 && \valid_read(a + (0 .. n-1));
    requires \forall integer i; 0 <= i < n ==> 0 <= a[i] <= 1000;
    requires n <= 1000;
    assigns \nothing;
    ensures \result >= 0;
*/
int sum(const int *a, int n) {
  int s = 0;
  /*@ loop invariant 0 <= i <= n;
      loop invariant 0 <= s <= 1000 * i;
      loop assigns i, s;
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    s += a[i];
  }
  //@ assert s >= 0;
  return s;
}
