#include <limits.h>

/*@ assigns \nothing;
    ensures INT_MIN <= \result <= INT_MAX;
    ensures (INT_MIN <= x + y <= INT_MAX) ==> \result == x + y;
    ensures x + y > INT_MAX ==> \result == INT_MAX;
    ensures x + y < INT_MIN ==> \result == INT_MIN;
*/
int saturating_add(int x, int y) {
  long long s = (long long)x + (long long)y;
  if (s > INT_MAX) return INT_MAX;
  if (s < INT_MIN) return INT_MIN;
  return (int)s;
}
