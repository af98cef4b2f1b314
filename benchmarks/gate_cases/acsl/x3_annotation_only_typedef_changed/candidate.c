typedef unsigned int word;

/*@ assigns \nothing;
    ensures \result == (word)(x + y);
*/
unsigned add_wrap(unsigned x, unsigned y) {
  return x + y;
}
