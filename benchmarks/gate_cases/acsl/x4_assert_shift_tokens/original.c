/*@ requires 0 <= x <= 1000 && 0 <= y <= 1000;
    assigns \nothing;
    ensures \result == x + y + 2;
*/
int f(int x, int y) {
  x = x + 1;
  //@ assert x + y == \at(x, Pre) + \at(y, Pre) + 2;
  y++;
  return x + y;
}
