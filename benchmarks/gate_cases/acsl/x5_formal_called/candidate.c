/*@ predicate p(integer x) = x > 0; */

/*@ ensures p(\result); */
int g(int p) { return 1; }
