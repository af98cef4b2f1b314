/*@ logic integer lim = 100; */

int g(int lim);

/*@ ensures \result == lim; */
int g(int x) { return 100; }
