#define LIMIT 100000 \
  / 100

/*@ requires 0 <= x <= LIMIT;
    assigns \nothing;
    ensures \result == x * x;
*/
int square(int x) {
  return x * x;
}
