/*@ requires -1000 <= x <= 1000;
    assigns \nothing;
    ensures \result\
 == x -
 1;
*/
int dec(int x) {
  return x - 1;
}
