/*@ logic integer lim = 7; */

int g(int lim);

/*@ ensures \result == lim; */
int g(int x) { return 100; }
