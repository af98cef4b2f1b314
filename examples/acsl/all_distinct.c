/*@ requires n >= 0 && n <= 10000;
    requires \valid_read(a + (0 .. n-1));
    assigns \nothing;
    ensures \result == 1 ==> (\forall integer p, q; 0 <= p < q < n ==> a[p] != a[q]);
    ensures \result == 0 ==> (\exists integer p, q; 0 <= p < q < n && a[p] == a[q]);
*/
int all_distinct(const int *a, int n) {
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer p, q; 0 <= p < q < i ==> a[p] != a[q];
      loop assigns i;
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    /*@ loop invariant 0 <= j <= i;
        loop invariant \forall integer p; 0 <= p < j ==> a[p] != a[i];
        loop assigns j;
        loop variant i - j;
    */
    for (int j = 0; j < i; j++) {
      if (a[j] == a[i]) return 0;
    }
  }
  return 1;
}
