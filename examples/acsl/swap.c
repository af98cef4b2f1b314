/*@ requires \valid(a) && \valid(b);
    assigns *a, *b;
    ensures *a == \old(*b) && *b == \old(*a);
*/
void swap(int *a, int *b) {
  int t = *a;
  *a = *b;
  *b = t;
}
