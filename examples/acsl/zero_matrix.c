#define N 8
#define M 6

/*@ requires \valid(a + (0 .. N-1));
    assigns a[0 .. N-1][0 .. M-1];
    ensures \forall integer p, q; 0 <= p < N && 0 <= q < M ==> a[p][q] == 0;
*/
void zero_matrix(int a[N][M]) {
  /*@ loop invariant 0 <= i <= N;
      loop invariant \forall integer p, q; 0 <= p < i && 0 <= q < M ==> a[p][q] == 0;
      loop assigns i, a[0 .. N-1][0 .. M-1];
      loop variant N - i;
  */
  for (int i = 0; i < N; i++) {
    /*@ loop invariant 0 <= j <= M;
        loop invariant \forall integer p, q; 0 <= p < i && 0 <= q < M ==> a[p][q] == 0;
        loop invariant \forall integer q; 0 <= q < j ==> a[i][q] == 0;
        loop assigns j, a[i][0 .. M-1];
        loop variant M - j;
    */
    for (int j = 0; j < M; j++) {
      a[i][j] = 0;
    }
  }
}
