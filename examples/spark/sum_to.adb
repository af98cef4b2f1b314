--  Written for fmrepair: a main program whose contracts GNAT checks at run time (-gnata).
procedure Sum_To is
   function Sum (N : Natural) return Natural
     with Pre => N <= 1000, Post => Sum'Result = N * (N + 1) / 2
   is
      S : Natural := 0;
   begin
      for I in 1 .. N loop
         S := S + I;
         pragma Loop_Invariant (S = I * (I + 1) / 2);
      end loop;
      return S;
   end Sum;
   Total : Natural := 0;
begin
   for K in 0 .. 50 loop
      Total := Total + Sum (K);
   end loop;
   pragma Assert (Total = 22100);
end Sum_To;
