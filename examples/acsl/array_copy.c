/*@ requires n >= 0 && n <= 100000;
    requires \valid(dst + (0 .. n-1)) && \valid_read(src + (0 .. n-1));
    requires \separated(dst + (0 .. n-1), src + (0 .. n-1));
    assigns dst[0 .. n-1];
    ensures \forall integer k; 0 <= k < n ==> dst[k] == src[k];
*/
void array_copy(int *dst, const int *src, int n) {
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> dst[k] == src[k];
      loop assigns i, dst[0 .. n-1];
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    dst[i] = src[i];
  }
}
