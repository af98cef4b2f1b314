/*@ assigns \nothing;
    ensures \result >= 0; */
int oracle(int x);

/*@ assigns \nothing;
    ensures \result >= 0;
*/
int wrapper(int x) {
  int r = oracle(x);
  return r;
}
