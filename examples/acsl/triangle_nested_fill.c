#define N 10

/*@ requires \valid(a + (0 .. N-1));
    assigns a[0 .. N-1][0 .. N-1];
    ensures \forall integer p, q; 0 <= q <= p < N ==> a[p][q] == p - q;
*/
void triangle_nested_fill(int a[N][N]) {
  /*@ loop invariant 0 <= i <= N;
      loop invariant \forall integer p, q; 0 <= q <= p < i ==> a[p][q] == p - q;
      loop assigns i, a[0 .. N-1][0 .. N-1];
      loop variant N - i;
  */
  for (int i = 0; i < N; i++) {
    /*@ loop invariant 0 <= j <= i + 1;
        loop invariant \forall integer p, q; 0 <= q <= p < i ==> a[p][q] == p - q;
        loop invariant \forall integer q; 0 <= q < j ==> a[i][q] == i - q;
        loop assigns j, a[i][0 .. N-1];
        loop variant i + 1 - j;
    */
    for (int j = 0; j <= i; j++) {
      a[i][j] = i - j;
    }
  }
}
