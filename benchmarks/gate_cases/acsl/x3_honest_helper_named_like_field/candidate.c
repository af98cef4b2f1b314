struct bag { int count; int cap; };

/*@ logic integer count(int *a, integer m) = m <= 0 ? 0 : count(a, m - 1) + (a[m-1] > 0 ? 1 : 0); */

/*@ requires \valid(b);
    requires 0 <= b->count <= b->cap <= 1000;
    requires 0 <= n <= 1000;
    requires \valid_read(a + (0 .. n-1));
    assigns b->count;
    ensures b->count <= b->cap + n;
*/
void add_pos(struct bag *b, const int *a, int n) {
  /*@ loop invariant 0 <= i <= n;
      loop invariant \at(b->count, Pre) <= b->count <= \at(b->count, Pre) + i;
      loop assigns i, b->count;
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    if (a[i] > 0) b->count++;
  }
}
