/*@ requires 0 <= count <= 1000;
    assigns \nothing;
    ensures \result == count + 1;
*/
int next(int count) {
  return count + 1;
}

/*@ predicate count(integer c, integer i) = 0 <= c <= i; */

/*@ requires 0 <= n <= 100000;
    requires \valid_read(a + (0 .. n-1));
    assigns \nothing;
    ensures 0 <= \result <= n;
*/
int count_positive(const int *a, int n) {
  int c = 0;
  /*@ loop invariant 0 <= i <= n;
      loop invariant count(c, i);
      loop assigns i, c;
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    if (a[i] > 0) c++;
  }
  return c;
}
