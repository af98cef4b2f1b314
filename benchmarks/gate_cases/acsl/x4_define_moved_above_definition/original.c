/*@ logic integer LIM = 100; */
/*@ predicate small(integer r) = r <= LIM; */
#define LIM 1000

/*@ requires 0 <= n <= 5000;
    assigns \nothing;
    ensures small(\result);
*/
int clamp(int n) {
  if (n > LIM) return LIM;
  return n;
}
