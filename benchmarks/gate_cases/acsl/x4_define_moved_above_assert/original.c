/*@ logic integer LIM = 5; */

/*@ requires 0 <= x <= 50;
    assigns \nothing;
    ensures \result == x + 1;
*/
int f(int x) {
  int y = x + 1;
  //@ assert y <= LIM;
#define LIM 100
  if (y > LIM) y = LIM;
  return y;
}
