/*@ requires 0 <= n <= 1000;
    ensures \result == 3;
*/
int f(int n) {
  int x = 0;
  int k = 0;
  x = x + 1;
  x = x + 1;
  x = x + 1;
  /*@ loop invariant 0 <= k <= n;
      loop assigns \nothing;
      loop variant n - k;
  */
  while (k < n) ;
  /*@ loop invariant 0 <= j;
      loop assigns j;
  */
  for (int j = 0; j < n; j++) ;
  return 3;
}
