/*@ type level = integer; */

/*@ requires 0 <= x <= 100;
    assigns \nothing;
    ensures \result == x;
*/
int f(int x) {
  int y = x;
  //@ assert \forall level k; 0 <= k ==> k <= 127;
  return y;
}
