/*@ predicate p(integer x) = x > 100; */

/*@ ensures p(\result); */
int g(int p) { return 1; }
