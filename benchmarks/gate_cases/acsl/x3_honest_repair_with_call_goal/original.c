/*@ requires 0 <= x <= 1000;
    assigns \nothing;
    ensures \result == x * x;
*/
int square(int x) {
  return x * x;
}

/*@ requires 0 <= n <= 1000;
    assigns \nothing;
    ensures \result == n * n * n;
*/
int cube(int n) {
  int s = 0;
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, s;
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    s += square(n);
  }
  return s;
}
