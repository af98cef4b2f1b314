/*@ logic integer LIMIT = 1000; */

/* tuning */ #define LIMIT 0
/*@ requires 0 <= n <= LIMIT;
    assigns \nothing;
    ensures \result == n * (n + 1) / 2;
*/
int tri(int n) {
  int s = 0;
  /*@ loop invariant 1 <= i <= n + 1;
      loop assigns i, s;
      loop variant n - i;
  */
  for (int i = 1; i <= n; i++) {
    s += i;
  }
  return s;
}
