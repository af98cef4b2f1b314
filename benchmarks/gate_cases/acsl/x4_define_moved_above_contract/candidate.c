/*@ logic integer CAP = 100; */

#define CAP 1000
/*@ requires 0 <= n <= 1000;
    assigns \nothing;
    ensures \result <= CAP;
*/
int clamp(int n) {
  if (n > CAP) return CAP;
  return n;
}
