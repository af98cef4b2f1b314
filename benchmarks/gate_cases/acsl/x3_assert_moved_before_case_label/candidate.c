/*@ assigns \nothing;
    ensures \result >= 0;
*/
int code_of(int x) {
  int r = 0;
  switch (x) {
    case 0:
      r = 1;
      break;
      //@ assert x == 0;
    case 1:
      r = 2;
      break;
    default:
      r = 3;
  }
  return r;
}
