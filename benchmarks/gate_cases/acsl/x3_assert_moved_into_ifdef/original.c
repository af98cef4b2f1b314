void trace(int v);

/*@ assigns \nothing;
    ensures \result == x;
*/
int keep(int x) {
  int r = x;
  //@ assert r >= 0;
#ifdef TRACE
  trace(r);
#endif
  return r;
}
