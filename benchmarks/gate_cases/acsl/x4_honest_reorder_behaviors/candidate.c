/*@ requires 0 <= n <= 100000;
    requires \valid_read(a + (0 .. n-1));
    assigns \nothing;
    behavior empty:
      assumes n == 0;
      ensures \result == 0;
    behavior nonempty:
      assumes n > 0;
      ensures 0 <= \result <= n;
    complete behaviors nonempty, empty;
    disjoint behaviors nonempty, empty;
*/
int count_positive(const int *a, int n) {
  int c = 0;
  /*@ loop invariant 0 <= i <= n;
      loop invariant 0 <= c <= i;
      loop assigns i, c;
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    if (a[i] > 0) c++;
  }
  return c;
}
