/*@ predicate big(integer x) = x > 100; */
#define BIG3(x) big(x, 0, 0)

/*@ ensures BIG3(\result); */
int g(int x) { return 1; }
