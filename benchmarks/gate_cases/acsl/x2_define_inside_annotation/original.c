#define N 5

/*@ requires 0 <= x <= N;
    assigns \nothing;
    ensures \result == 0;
*/
int drain(int x) {
  while (x > 0) {
    x--;
  }
  //@ assert x <= N;
  return x;
}
