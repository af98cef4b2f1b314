/*@ requires 0 <= n <= 100 && 0 <= m <= 100;
    assigns \nothing;
    ensures \result == n * m;
*/
int mul(int n, int m) {
  int s = 0;
  /*@ loop invariant 0 <= i <= n;
      loop invariant s == i * m;
      loop assigns i, s;
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    /*@ loop invariant 0 <= j <= m;
        loop assigns j, s;
        loop variant j;
    */
    for (int j = 0; j < m; j++) {
      s++;
    }
  }
  return s;
}
