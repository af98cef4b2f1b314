/*@ requires 0 <= n <= 1000;
    assigns \nothing;
    ensures \result == n;
*/
int f(int n) {
  int s = 0;
  /*@ loop invariant 0 <= s <= n;
      loop assigns s;
      loop variant n - s;
  */
  while (s < n) {
    s++;
  }
  //@ assert s == n;
  return s;
}
