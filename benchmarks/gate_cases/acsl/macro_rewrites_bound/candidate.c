/*@ logic integer LIMIT = 1000; */
/*@ predicate in_range(integer x, integer lo, integer hi) = lo <= x <= hi; */

#define LIMIT 2147483647

/*@ requires 0 < bound <= LIMIT;
    assigns \nothing;
    ensures in_range(\result, -bound, bound);
    ensures in_range(x, -bound, bound) ==> \result == x;
*/
int clamp(int x, int bound) {
  int r = x;
  if (r > bound) r = bound;
  if (r < -bound) r = -bound;
  return r;
}
