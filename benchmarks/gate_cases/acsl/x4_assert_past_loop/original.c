/*@ requires 0 <= n <= 1000;
    assigns \nothing;
    ensures \result == n;
*/
int f(int n) {
  int s = 0;
  //@ assert s == n;
  /*@ loop invariant 0 <= s <= n;
      loop assigns s;
      loop variant n - s;
  */
  while (s < n) {
    s = s + 1;
  }
  return s;
}
