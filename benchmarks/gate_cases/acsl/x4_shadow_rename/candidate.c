/*@ requires 0 <= x <= 1000;
    assigns \nothing;
    ensures \result == x + 1;
*/
int f(int x) {
  int t = x;
  {
    int t_0 = 0;
    t_0 = t_0 + 1;
    //@ assert t == x;
  }
  return t + 1;
}
