package passes

import "reuselab/ir"

// canonicaliseSwizzles is R4 (LANGUAGE-2.0 §1.6, §2.5), over the live
// `Swizzle(v, Mask="…")` nodes in index order:
//
//   - An identity mask — all channels of a source read through output 0, in
//     order — is no node: it dies and its readers are sent to the source
//     (recorded as a merge into the source). Not in a 1.x product
//     (g.Legacy): there a written `.rgb` stays a full-width ComponentMask.
//   - A mask of a mask read through output 0 becomes one mask on the inner
//     source when the composed channel list is strictly ascending (the only
//     shape a ComponentMask expresses): `v.rgb.rg` is `v.xy`, `v.ga.r` is
//     `v.y`. The node keeps its index; dedupe then usually merges it with an
//     existing mask, and prune drops an inner mask nothing reads any more.
//
// The identity test comes first and a composed mask is not re-tested in the
// same visit, as upstream does; the next round catches it. A dead inner mask
// (an identity removed earlier in this visit) still composes: it is intact,
// only its readers moved.
func canonicaliseSwizzles(g *ir.Graph, s *state) int {
	changed := 0
	since := s.swizzSeen
	if !incremental {
		since = 0
	}
	s.swizzSeen = s.tick
	for i := range g.Nodes {
		if !s.alive[i] || !s.has(i, flagSwizzle) || s.unchangedSince(i, since) && s.innerUnchangedSince(i, since) {
			continue // not a swizzle, or as it was when swizzles last looked, and its source too
		}
		n := g.Nodes[i]
		mask, ok := maskOf(n)
		if !ok {
			continue
		}
		src := s.operand(i, 0)
		if !src.Valid() || src.Node >= len(g.Nodes) {
			continue
		}
		inner := g.Nodes[src.Node]

		if !g.Legacy && src.Out == 0 && isIdentity(mask, max(ir.TypeWidth(inner.Type(src.Out)), 1)) {
			s.merge(i, src.Node)
			changed++
			continue
		}

		if inner.Op != ir.OpSwizzle || src.Out != 0 || len(inner.Operands) == 0 {
			continue
		}
		innerMask, ok := maskOf(inner)
		if !ok {
			continue
		}
		if composed, ok := compose(mask, innerMask); ok {
			to := s.operand(src.Node, 0)
			n = s.own(i)
			n.Operands = append(take(&s.slabs.ops, len(n.Operands))[:0], n.Operands...)
			n.Operands[0] = to
			s.refs[s.lo[i]] = clampID(to.Node)
			s.outs[s.lo[i]] = clampOut(to.Out)
			n.Props = append(take(&s.slabs.props, len(n.Props))[:0], n.Props...)
			n.SetProp("Mask", ir.Str(composed))
			s.mark(i, ir.Rewritten)
			changed++
		}
	}
	return changed
}

func maskOf(n *ir.Node) (string, bool) {
	v, ok := n.Prop("Mask")
	if !ok || v.Kind != ir.KindString {
		return "", false
	}
	return v.Str, true
}

// isIdentity reports whether mask reads every channel of a width-wide
// source, in order.
func isIdentity(mask string, width int) bool {
	return len(mask) == width && width <= 4 && mask == "xyzw"[:width]
}

// compose maps outer's channels through inner's; ok only when the result is
// non-empty and strictly ascending.
func compose(outer, inner string) (string, bool) {
	if outer == "" || len(outer) > 4 {
		return "", false
	}
	var buf [4]byte
	prev := -1
	for k := 0; k < len(outer); k++ {
		which := ir.MaskChannel(outer[k])
		if which < 0 || which >= len(inner) {
			return "", false
		}
		abs := ir.MaskChannel(inner[which])
		if abs < 0 || abs <= prev {
			return "", false
		}
		prev = abs
		buf[k] = inner[which]
	}
	return string(buf[:len(outer)]), true
}

// innerUnchangedSince reports whether what a swizzle at i reads through
// its source (the source's own reads: an inner mask's operand) has not
// changed after since either.
func (s *state) innerUnchangedSince(i int, since int32) bool {
	rs := s.reads(i)
	return len(rs) == 0 || rs[0] < 0 || int(rs[0]) >= len(s.changed) || s.unchangedSince(int(rs[0]), since)
}
