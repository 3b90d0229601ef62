# pack: deep
# extends: reuse-2.0
# Every Add is one node, by a signature behind a chain of twenty derived
# facts: deeper than a derivation is followed.
chain(N, 0) :- cur(N, "Add", 2).
chain(N, J) :- chain(N, I), I < 20, J = fn:plus(I, 1).
sig(N, S) :- chain(N, 20), key(N, K), S = fn:string:concat("deep|", K).
