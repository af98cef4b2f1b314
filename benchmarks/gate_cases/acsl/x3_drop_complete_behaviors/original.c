/*@ assigns \nothing;
    behavior pos:
      assumes x > 0;
      ensures \result == x;
    behavior neg:
      assumes x < 0;
      ensures \result == x;
    complete behaviors;
*/
int keep(int x) {
  return x;
}
