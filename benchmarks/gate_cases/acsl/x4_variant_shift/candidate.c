/*@ requires 0 <= n <= 1000;
    ensures \result == 3;
*/
int f(int n) {
  int x = 0;
  int k = 0;
  x++;
  x += 1;
  x += 1;
  while (k < n) ;
  /*@ loop invariant 0 <= j;
      loop assigns j;
      loop variant n - j;
  */
  for (int j = 0; j < n; j++) ;
  return 3;
}
