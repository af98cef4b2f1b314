/*@ requires n >= 0 && n <= 100000;
    requires \valid(a + (0 .. n-1));
    assigns a[0 .. n-1];
    ensures \forall integer k; 0 <= k < n ==> a[k] == \old(a[n - 1 - k]);
*/
void array_reverse(int *a, int n) {
  int i = 0;
  int j = n - 1;
  /*@ loop invariant 0 <= i <= n / 2 + 1;
      loop invariant j == n - 1 - i;
      loop invariant i <= j + 1;
      loop invariant \forall integer k; 0 <= k < i ==> a[k] == \at(a[n - 1 - k], Pre);
      loop invariant \forall integer k; 0 <= k < i ==> a[n - 1 - k] == \at(a[k], Pre);
      loop invariant \forall integer k; i <= k <= j ==> a[k] == \at(a[k], Pre);
      loop assigns i, j, a[0 .. n-1];
      loop variant j - i + 1;
  */
  while (i < j) {
    int t = a[i];
    a[i] = a[j];
    a[j] = t;
    i++;
    j--;
  }
}
