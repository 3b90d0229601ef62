# pack: legacy-1x
# mirrors: 1x
# input: 1x
# claims: exactly the reference passes in mode "1x" (SEMANTICS D3,
#   compiler/passes/legacy1x.go) when evaluated on passes.Legacy1xBuild(g):
#   prune, dedupe restricted to what the 1.x build-time cache shared
#   (LANGUAGE.md §9), prune; no fold, no swizzle canonicalisation.
# touches: sig/2 for literals, swizzles, Append, Convert, Broadcast,
#   TextureSample, core math, generic Reflected nodes and value
#   FunctionCalls; live/1, keep/1.
#
# A value FunctionCall is shared, a statement FunctionCall never: the
# reference tells them apart by the debug name (empty for every node of a
# statement call), which the schema exports as debug/2. The parameter
# copies of a 1.x scope (a parameter read in an if arm and again after it)
# are made by passes.Legacy1xBuild before evaluation: no pack adds a node.

# ---------------------------------------------------------------- pre: prune
live(N) :- root(N).
live(X) :- live(N), uses(N, X).

# --------------------------------------------------------------- post: prune
keep(N) :- root(N).
keep(X) :- keep(N), edge(N, X).

# ------------------------------------------------- level: what 1.x shared
# Literals and constant vectors, swizzles (a mask on a connection is part
# of the 1.x value token), Append chains, kind changes, texture samples.
share1x("Constant"). share1x("Swizzle"). share1x("Append"). share1x("Convert").
share1x("Broadcast"). share1x("TextureSample").
# Binary ops, negation and the math builtins (the core math ops).
share1x("Negate"). share1x("Add"). share1x("Subtract"). share1x("Multiply").
share1x("Divide"). share1x("Fmod"). share1x("Abs"). share1x("Floor").
share1x("Ceil"). share1x("Round"). share1x("Frac"). share1x("Truncate").
share1x("Sign"). share1x("Saturate"). share1x("Clamp"). share1x("Min").
share1x("Max"). share1x("Lerp"). share1x("Step"). share1x("SmoothStep").
share1x("Sqrt"). share1x("Rsqrt"). share1x("Rcp"). share1x("Pow").
share1x("Exp"). share1x("Exp2"). share1x("Log"). share1x("Log2").
share1x("Log10"). share1x("Sin"). share1x("Cos"). share1x("Tan").
share1x("Asin"). share1x("Acos"). share1x("Atan"). share1x("Atan2").
share1x("Dot"). share1x("Cross"). share1x("Normalize"). share1x("Length").
share1x("Distance"). share1x("DDX"). share1x("DDY"). share1x("Fwidth").
share1x("Reflect"). share1x("Refract"). share1x("Greater").
share1x("GreaterEqual"). share1x("Less"). share1x("LessEqual").
share1x("Equal"). share1x("NotEqual"). share1x("LogicalAnd").
share1x("LogicalOr"). share1x("LogicalNot").

# The classes of the registered 1.x UE.* names: a node per call.
registered("TextureCoordinate"). registered("Time"). registered("Panner").
registered("WorldPosition"). registered("ObjectPositionWS").
registered("CameraVectorWS"). registered("CameraPositionWS").
registered("VertexNormalWS"). registered("VertexTangentWS").
registered("PixelNormalWS"). registered("ReflectionVectorWS").
registered("ObjectBounds"). registered("ObjectRadius").
registered("ScreenPosition"). registered("VertexColor"). registered("PixelDepth").
registered("SceneDepth"). registered("SceneColor"). registered("TwoSidedSign").
registered("PerInstanceRandom"). registered("PerInstanceFadeAmount").
registered("CollectionParameter"). registered("Transform").
registered("TransformPosition").
never1x("Custom"). never1x("StaticSwitchParameter").

spec(N) :- prop(N, "ClassSpecifier", _).
sh(N) :- cur(N, Op, _), share1x(Op), role(N, "value").
# Value calls of a ShaderFunction / VirtualFunction (MaterialFunctionCall).
sh(N) :- cur(N, "FunctionCall", _), role(N, "value"), debug(N, D), D != "".
# Generic UE.<Class> / UE.Expression nodes, not Custom, not a switch; a
# registered class only when written with Class= (the generic form).
sh(N) :- cur(N, "Reflected", _), role(N, "value"), node(N, _, C), !never1x(C),
    !registered(C).
sh(N) :- cur(N, "Reflected", _), role(N, "value"), node(N, _, C), registered(C),
    spec(N).

# R5 over the shared nodes: the static key and every input slot read as
# canonical node#output.
sig(N, K) :- cur(N, _, 0), sh(N), key(N, K).
sig(N, S) :- cur(N, _, 1), sh(N), key(N, K), arg(N, 0, L0, R0, Q0),
    S = fn:string:concat(K, "|", L0, "=", R0, "#", Q0).
sig(N, S) :- cur(N, _, 2), sh(N), key(N, K), arg(N, 0, L0, R0, Q0),
    arg(N, 1, L1, R1, Q1),
    S = fn:string:concat(K, "|", L0, "=", R0, "#", Q0, "|", L1, "=", R1, "#", Q1).
sig(N, S) :- cur(N, _, 3), sh(N), key(N, K), arg(N, 0, L0, R0, Q0),
    arg(N, 1, L1, R1, Q1), arg(N, 2, L2, R2, Q2),
    S = fn:string:concat(K, "|", L0, "=", R0, "#", Q0, "|", L1, "=", R1, "#", Q1,
        "|", L2, "=", R2, "#", Q2).
sigp(N, 0, K) :- cur(N, _, C), C > 3, sh(N), key(N, K).
sigp(N, J, S) :- sigp(N, I, P), arg(N, I, L, R, Q), J = fn:plus(I, 1),
    S = fn:string:concat(P, "|", L, "=", R, "#", Q).
sig(N, S) :- cur(N, _, C), C > 3, sigp(N, C, S).
