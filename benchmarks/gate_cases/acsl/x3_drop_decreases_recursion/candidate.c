/*@ requires 0 <= n <= 1000;
    assigns \nothing;
    ensures \result == 0;
*/
int down(int n) {
  if (n == 0) return 0;
  return down(n - (n % 2));
}
