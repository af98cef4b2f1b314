/*@ requires n >= 0 && n <= 100000;
    requires \valid(dst + (0 .. n-1)) && \valid_read(src + (0 .. n-1));
    requires \separated(dst + (0 .. n-1), src + (0 .. n-1));
    assigns dst[0 .. n-1];
    ensures \forall integer k; 0 <= k < n ==> dst[k] == src[k];
*/
void copy_ptr_walk(int *dst, const int *src, int n) {
  int *d = dst;
  const int *s = src;
  /*@ loop invariant 0 <= i <= n;
      loop invariant d == dst + i && s == src + i;
      loop invariant \forall integer k; 0 <= k < i ==> dst[k] == src[k];
      loop assigns i, d, s, dst[0 .. n-1];
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    *d = *s;
    d++;
    s++;
  }
}
