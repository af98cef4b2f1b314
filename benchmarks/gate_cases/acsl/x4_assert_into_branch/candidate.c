/*@ requires 0 <= x <= 1000;
    assigns \nothing;
    ensures \result >= x;
*/
int f(int x) {
  int s = x;
  if (x > 10) {
    s++;
    //@ assert s == x + 1;
  }
  return s;
}
