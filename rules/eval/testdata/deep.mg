# pack: deep
# extends: reuse-2.0
# A signature behind a chain of twenty derived facts: its proof is deeper
# than the record keeps.
chain(N, 0) :- cur(N, "Add", 2).
chain(N, J) :- chain(N, I), I < 20, J = fn:plus(I, 1).
sig(N, S) :- chain(N, 20), S = fn:string:concat("deep|", N).
