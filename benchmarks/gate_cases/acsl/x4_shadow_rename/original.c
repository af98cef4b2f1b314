/*@ requires 0 <= x <= 1000;
    assigns \nothing;
    ensures \result == x + 1;
*/
int f(int x) {
  int t = x;
  {
    int t = 0;
    t = t + 1;
    //@ assert t == x;
  }
  return t + 1;
}
