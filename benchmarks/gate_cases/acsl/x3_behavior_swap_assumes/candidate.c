/*@ requires x > -2147483647;
    assigns \nothing;
    behavior pos:
      ensures \result == x;
    behavior neg:
      assumes x >= 0;
      assumes x < 0;
      ensures \result == -x;
    complete behaviors;
    disjoint behaviors;
*/
int abs_value(int x) {
  int r = x;
  if (x < 0) {
    r = x;
  }
  return r;
}
