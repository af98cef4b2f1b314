/*@ assigns \nothing;
    behavior pos:
      assumes x > 0;
      ensures \result == x;
    behavior neg:
      assumes x < 0;
      ensures \result == x;
*/
int keep(int x) {
  return x;
}
