package passes

// Mode "1x": how the DreamShader 1.5 generator shared nodes (SEMANTICS D3,
// LANGUAGE.md §9), so that one corpus gives 1.x and 2.0 node counts side by
// side.
//
// 1.x had no reuse pass. Its generator consulted one build-time cache per
// graph (ReusableExpressionValues, keyed by value identity) while it built
// nodes, and only some constructs went through that cache. Mode "1x" runs
//
//	legacy split (legacy1x.Build) → prune → dedupe-1x → prune-final → reindex
//
// where dedupe-1x is the 2.0 dedupe restricted to what the 1.x cache shared
// (Legacy1xShared), with no fold and no swizzle canonicalisation (1.x folded
// only literal constructors and negated literals in literal slots, which the
// builder does already). Two nodes the cache did not share stay two nodes
// even when equal, and everything built from them stays apart with them:
// `UE.TexCoord(Index=0).x * 2` written twice is two TexCoords, two masks and
// two Multiplys, as in 1.x.
//
// Decisions where the 2.0 IR lacks what 1.x used (cite SEMANTICS D3):
//
//   - Parameters: once per scope, again after an `if` (package
//     ir/legacy1x, which rebuilds that graph before the passes run).
//   - Make/Set/Break MaterialAttributes: never shared. The 2.0 builder
//     already makes one Make/Set per use carrying every attribute written so
//     far (1.x chained one Set per write) and one Break per value (1.x one
//     per read); those build-time differences are not undone, so 1x counts
//     for MaterialAttributes are a lower bound.
//   - Registered `UE.*` (the 27 names of LANGUAGE-2.0 §2.6, StaticSwitch-
//     Parameter): a Reflected node of one of their classes written without
//     `Class=` (no ClassSpecifier property) is taken for the shorthand; the
//     rare generic spelling `UE.TextureCoordinate(OutputType=…)`, which 1.x
//     did share, is indistinguishable in the IR and counted unshared.
//   - FunctionCall: value calls were shared, statement calls not. A
//     statement call is recognised by its empty debug name (every node of a
//     statement call has none, LANGUAGE-2.0 §1.3), which also catches a
//     value call nested in a statement call or an `if` condition.
//   - Swizzles are shared (a mask on a connection is part of the 1.x value
//     token, so `a.x * 2` twice is one Multiply); the emitter's Legacy1x
//     option makes them no node at all. Convert/Broadcast are no node in
//     either version; 1.x's AppendVector splats of a scalar are not rebuilt.
//   - Unread nodes are pruned as in the other modes, so the three counts
//     differ only in sharing.
//   - Emission (package emit, Options.Legacy1x, which the caller sets for
//     a 1x result): swizzles are connection masks, and the −1 of every negation,
//     the 0 of a truthy if and a comparison's 1/0 are the one literal of
//     that value, not fresh constants (R8 is 2.0's rule).

import (
	"reuselab/ir"
)

// legacy1xRegistered are the engine classes of the 1.x registered `UE.*`
// names (LANGUAGE-2.0 §2.6, LANGUAGE.md §6.5): the 1.x generator made a new
// node per call for every one of them (StaticSwitchParameter too, handled
// in Legacy1xShared).
var legacy1xRegistered = map[string]bool{
	"TextureCoordinate": true, "Time": true, "Panner": true, "WorldPosition": true,
	"ObjectPositionWS": true, "CameraVectorWS": true, "CameraPositionWS": true,
	"VertexNormalWS": true, "VertexTangentWS": true, "PixelNormalWS": true,
	"ReflectionVectorWS": true, "ObjectBounds": true, "ObjectRadius": true,
	"ScreenPosition": true, "VertexColor": true, "PixelDepth": true, "SceneDepth": true,
	"SceneColor": true, "TwoSidedSign": true, "PerInstanceRandom": true,
	"PerInstanceFadeAmount": true, "CollectionParameter": true, "Transform": true,
	"TransformPosition": true,
}

// Legacy1xShared reports whether the 1.x build-time cache shared nodes like
// n (LANGUAGE.md §9): literals and constant vectors, binary ops and
// negations, Append chains, math builtins, swizzles (a mask, no node),
// generic `UE.<Class>`/`UE.Expression` nodes other than Custom, texture
// samples, value FunctionCalls and parameter-node properties written out
// per use (TextureSampleParameter2D…). Parameters themselves are one node
// per scope (legacy1x.Build), never merged. Never: statements and
// FunctionInputs (R7), registered `UE.*` names and StaticSwitchParameter,
// Custom nodes (Function/GraphFunction calls, `Class="Custom"`), statement
// FunctionCalls, If nodes (Compare/Select/StaticSwitch) and Make/Set/Break
// MaterialAttributes.
func Legacy1xShared(n *ir.Node) bool {
	if n.Role != ir.RoleValue {
		return false
	}
	switch n.Op {
	case ir.OpConstant, ir.OpSwizzle, ir.OpAppend, ir.OpConvert, ir.OpBroadcast, ir.OpTextureSample:
		return true
	case ir.OpParameter, ir.OpTextureParameter:
		// One per name and scope: legacy1x.Build made exactly the nodes 1.x
		// made; merging them here would undo its per-scope copies.
		return false
	case ir.OpCustom, ir.OpCompare, ir.OpSelect, ir.OpStaticSwitch,
		ir.OpMakeMaterialAttributes, ir.OpSetMaterialAttributes, ir.OpGetMaterialAttributes:
		return false
	case ir.OpFunctionCall:
		return n.Debug != ""
	case ir.OpReflected:
		if n.Class == "Custom" || n.Class == "StaticSwitchParameter" {
			return false
		}
		if _, generic := n.Prop("ClassSpecifier"); !generic && legacy1xRegistered[n.Class] {
			return false
		}
		return true
	}
	return n.Op.IsCoreMath()
}

// dedupeLegacy1x is dedupe (R5, R6) over the nodes Legacy1xShared admits:
// the same key, the same survivor, the same canonicalisation of operands in
// index order, so a node is merged exactly when the 1.x cache would have
// handed out the earlier node's value token.
func dedupeLegacy1x(g *ir.Graph, s *state) int {
	merged := 0
	seen := make(map[string]int, len(g.Nodes))
	var buf []byte
	for i, n := range g.Nodes {
		if !s.alive[i] {
			continue
		}
		s.canonicalise(i)
		if !Legacy1xShared(n) {
			continue
		}
		buf = appendReadsOf(ir.AppendPackedStatic(buf[:0], n), s, i)
		if first, found := seen[string(buf)]; found {
			s.merge(i, first)
			merged++
			continue
		}
		seen[string(buf)] = i
	}
	return merged
}
