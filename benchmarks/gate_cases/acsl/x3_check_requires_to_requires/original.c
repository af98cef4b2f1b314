/*@ check requires x >= 0;
    assigns \nothing;
    ensures \result >= 0;
*/
int keep(int x) {
  return x;
}
