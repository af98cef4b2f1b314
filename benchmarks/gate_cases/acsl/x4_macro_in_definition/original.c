#define ALL_EQ(a, n, v) same(a, n, v)

/*@ predicate same(int *a, integer n, integer v) = \forall integer k; 0 <= k < n ==> a[k] == v; */
/*@ predicate filled(int *a, integer n, integer v) = ALL_EQ(a, n, v); */

/*@ requires 0 <= n <= 100000;
    requires \valid(a + (0 .. n - 1));
    assigns a[0 .. n - 1];
    ensures filled(a, n, v);
*/
void fill(int *a, int n, int v) {
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, a[0 .. n - 1];
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    a[i] = (i == 3) ? 0 : v;
  }
}
