// contract/*@ assigns \nothing; ensures \result >= 0; */
int abs_value(int x) {
  int r = x;
  if (x < 0) {
    r = x;
  }
  return r;
}
