/*@ logic integer lim = 7; */

int g(int x);

int h(int lim) <% return g(lim); %>

/*@ ensures \result == lim; */
int g(int x) <% return 100; %>
