/*@ logic integer lim = 7; */

/*@ ensures \result == lim; */
int g(int (*cb)(int lim), int x) { return 100; }
