/*@ requires x > -2147483647;
    assigns \nothing;
    behavior pos:
      assumes x >= 0;
      ensures \result == x;
    behavior neg:
      assumes x < 0;
      ensures \result == -x || \result == x;
*/
int abs_value(int x) {
  int r = x;
  if (x < 0) {
    r = x;
  }
  //@ for pos: assert r >= 0;
  return r;
}
