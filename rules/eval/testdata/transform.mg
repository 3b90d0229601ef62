# pack: transform
# extends: reuse-2.0
# A let and a do transform behind signatures (provenance re-runs both).
addk(N, K) :- cur(N, "Add", 2), noperands(N, J) |> let K = fn:plus(J, 1).
opcount(Op, C) :- cur(_, Op, 2) |> do fn:group_by(Op), let C = fn:count().
sig(N, S) :- addk(N, K), S = fn:string:concat("k|", K).
sig(N, S) :- cur(N, "Add", 2), opcount("Add", C), S = fn:string:concat("c|", C).
