typedef int binop(int b, int a);

/*@ assigns \nothing;
    ensures \result == a;
*/
binop first;

int first(int a, int b) {
  return b;
}
