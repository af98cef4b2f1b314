/*@ requires 0 <= a <= 1000 && 0 <= b <= 1000;
    assigns \nothing;
    ensures \result == a - b;
*/
int sub(int a, int b);

int sub(int a, int b) {
  return b - a;
}
