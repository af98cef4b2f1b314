/*@ assigns \nothing;
    ensures \result == a;
*/
int first(int a, int b), first_alt(int a, int b);

int first(int a, int b) {
  return a;
}

int first_alt(int a, int b) {
  return b;
}
