/*@ requires \valid_read(a) && \valid_read(b) && \valid(r);
    requires \separated(r, a) && \separated(r, b);
    assigns *r;
    ensures *r >= *a && *r >= *b;
    ensures *r == *a || *r == *b;
*/
void max_ptr(const int *a, const int *b, int *r) {
  if (*a >= *b) {
    *r = *a;
  } else {
    *r = *b;
  }
}
