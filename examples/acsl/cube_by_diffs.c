/*@ requires 0 <= n <= 1000;
    assigns \nothing;
    ensures \result == n * n * n;
*/
long long cube_by_diffs(int n) {
  long long x = 0;
  long long y = 1;
  long long z = 6;
  int i = 0;
  /*@ loop invariant 0 <= i <= n;
      loop invariant x == (long long)i * i * i;
      loop invariant y == 3 * (long long)i * i + 3 * i + 1;
      loop invariant z == 6 * (long long)i + 6;
      loop assigns i, x, y, z;
      loop variant n - i;
  */
  while (i < n) {
    x = x + y;
    y = y + z;
    z = z + 6;
    i++;
  }
  return x;
}
