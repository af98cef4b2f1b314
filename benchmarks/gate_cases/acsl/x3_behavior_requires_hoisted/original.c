/*@ requires 0 <= x <= 1000;
    assigns \nothing;
    behavior scaled:
      assumes x > 0;
      requires d > 0;
      ensures \result == x / d;
    behavior zero:
      assumes x == 0;
      ensures \result == 0;
    complete behaviors;
    disjoint behaviors;
*/
int ratio(int x, int d) {
  return x / d;
}
