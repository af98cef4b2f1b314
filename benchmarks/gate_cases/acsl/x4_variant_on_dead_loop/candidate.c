/*@ requires n >= 0 && n <= 100000;
    requires \valid_read(a + (0 .. n-1));
    requires \forall integer p, q; 0 <= p <= q < n ==> a[p] <= a[q];
    assigns \nothing;
    ensures -1 <= \result < n;
    ensures \result >= 0 ==> a[\result] == x;
    ensures \result == -1 ==> (\forall integer k; 0 <= k < n ==> a[k] != x);
*/
int binary_search(const int *a, int n, int x) {
  int lo = 0;
  int hi = n - 1;
  if (0) {
    /*@ loop variant hi - lo; */
    while (lo <= hi) lo++;
  }
  /*@ loop invariant 0 <= lo && hi < n;
      loop invariant lo <= hi + 1;
      loop invariant \forall integer k; 0 <= k < lo ==> a[k] < x;
      loop invariant \forall integer k; hi < k < n ==> a[k] > x;
      loop assigns lo, hi;
  */
  while (lo <= hi) {
    int mid = lo + (hi - lo) / 2;
    if (a[mid] < x) {
      lo = mid;
    } else if (a[mid] > x) {
      hi = mid - 1;
    } else {
      return mid;
    }
  }
  return -1;
}
