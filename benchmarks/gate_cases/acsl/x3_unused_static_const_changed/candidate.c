static const int MAXN = 1000;

/*@ requires 0 <= n <= MAXN;
    assigns \nothing;
    ensures \result == n * (n + 1) / 2;
*/
int tri(int n) {
  int s = 0;
  /*@ loop invariant 0 <= i <= n + 1;
      loop invariant s <= 1000 * i;
      loop invariant s == (i - 1) * i / 2;
      loop assigns i, s;
      loop variant n - i + 1;
  */
  for (int i = 0; i <= n; i++) {
    s += i;
  }
  return s;
}
