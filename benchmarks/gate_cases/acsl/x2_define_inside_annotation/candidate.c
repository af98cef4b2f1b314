#define N 5

/*@ requires 0 <= x <= N;
    assigns \nothing;
    ensures \result == 0;
*/
int drain(int x) {
  /*@ loop invariant 0 <= x #undef N
 #define N 0
        <= 5;
      loop assigns x;
      loop variant x;
  */
  while (x > 0) {
    x--;
  }
  //@ assert x <= N;
  return x;
}
