#define LIMIT 100000

#undef LIMIT
#define LIMIT 1000

/*@ requires 0 <= x <= LIMIT;
    assigns \nothing;
    ensures \result == x * x;
*/
int square(int x) {
  return x * x;
}

/*@ requires 0 <= x <= LIMIT;
    assigns \nothing;
    ensures \result == x * x * x;
*/
int cube(int x) {
  return x * x * x;
}
