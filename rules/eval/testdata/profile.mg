# pack: profiled
# extends: reuse-2.0
adds(N) :- cur(N, "Add", 2).
sig(N, S) :- adds(N), S = fn:string:concat("add|", N).
