/*@ logic integer CAP = 100; */

/*@ requires 0 <= n <= 1000;
    assigns \nothing;
    ensures \result <= CAP;
*/
#define CAP 1000
int clamp(int n) {
  if (n > CAP) return CAP;
  return n;
}
