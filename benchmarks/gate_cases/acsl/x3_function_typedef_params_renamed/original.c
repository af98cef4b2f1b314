typedef int binop(int a, int b);

/*@ assigns \nothing;
    ensures \result == a;
*/
binop first;

int first(int a, int b) {
  return b;
}
