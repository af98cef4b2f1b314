/*@ requires 0 <= x <= 1000;
    assigns \nothing;
    ensures \result >= x;
*/
int f(int x) {
  int s = x;
  if (x > 10) s = s + 1;
  //@ assert s == x + 1;
  return s;
}
