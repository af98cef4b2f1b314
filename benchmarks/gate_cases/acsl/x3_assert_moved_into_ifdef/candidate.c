void trace(int v);

/*@ assigns \nothing;
    ensures \result == x;
*/
int keep(int x) {
  int r = x;
#ifdef TRACE
  //@ assert r >= 0;
  trace(r);
#endif
  return r;
}
