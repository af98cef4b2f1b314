/*@ assigns \nothing;
    ensures \result == x;
*/
int keep(int x) {
  int r = x;
  if (x >= 0) {
    r = x;
  }
  //@ assert r >= 0;
  return r;
}
