/*@ axiomatic Count {
      logic integer count{L}(int *a, integer n, integer v) reads a[0 .. n - 1];
      axiom count_empty{L}: \forall int *a, integer n, v; n <= 0 ==> count(a, n, v) == 0;
      axiom count_hit{L}: \forall int *a, integer n, v; n > 0 && a[n - 1] == v ==> count(a, n, v) == count(a, n - 1, v) + 1;
      axiom count_miss{L}: \forall int *a, integer n, v; n > 0 && a[n - 1] != v ==> count(a, n, v) == count(a, n - 1, v);
    }
*/

/*@ requires 0 <= n <= 100000;
    requires \valid_read(a + (0 .. n - 1));
    assigns \nothing;
    ensures \result == count(a, n, v);
*/
int count_eq(int *a, int n, int v) {
  int c = 0;
  /*@ loop invariant 0 <= i <= n;
      loop invariant 0 <= c <= i;
      loop invariant c == count(a, i, v);
      loop assigns i, c;
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    if (a[i] == v) c++;
  }
  return c;
}
