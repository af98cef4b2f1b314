/*@ predicate p(integer v) = v > 100; */
#define M Pre) && p(1

/*@ ensures \at(\true, M); */
int g(int x) { return x; }
