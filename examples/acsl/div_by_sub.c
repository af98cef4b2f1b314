/*@ requires 0 <= x <= 1000000 && 0 < y <= 1000000;
    requires \valid(q) && \valid(r) && \separated(q, r);
    assigns *q, *r;
    ensures x == *q * y + *r;
    ensures 0 <= *r < y;
*/
void div_by_sub(int x, int y, int *q, int *r) {
  int quot = 0;
  int rem = x;
  /*@ loop invariant 0 <= rem <= x;
      loop invariant 0 <= quot <= x;
      loop invariant x == quot * y + rem;
      loop assigns quot, rem;
      loop variant rem;
  */
  while (rem >= y) {
    rem -= y;
    quot++;
  }
  *q = quot;
  *r = rem;
}
