package passes

import (
	"slices"

	"reuselab/ir"
)

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
// swizzleState is what swizzles keeps from round to round.
type swizzleState struct {
	// masks[i] is Swizzle i's mask, packed, kept up to date as swizzles
	// composes masks; 0 for any other node.
	masks []packedMask
	// width0[i] is the width of node i's output 0 (ir.TypeWidth; 0 for
	// none), which swizzles reads of a mask's source for an identity.
	width0 []uint8
	// nodes are the Swizzles as built, in index order: all swizzles ever
	// looks at (no node becomes one); it drops those that died.
	nodes        []int32
	lastTick     int32 // the tick of the last swizzles
	touchedSince int32 // the lowest node changed since swizzles last began (state.backward)
}

func canonicaliseSwizzles(g *ir.Graph, s *state) int {
	changed := 0
	since := s.swizzle.lastTick
	if s.fullRounds {
		since = 0
	}
	s.swizzle.lastTick = s.tick
	from, _ := slices.BinarySearch(s.swizzle.nodes, int32(s.revisitFrom(s.swizzle.touchedSince)))
	s.swizzle.touchedSince = noneTouched
	kept := from // as fold's list: a node dead or folded leaves it for good
	for _, at := range s.swizzle.nodes[from:] {
		i := int(at)
		if !s.alive[i] || !s.has(i, flagSwizzle) {
			continue
		}
		s.swizzle.nodes[kept] = at
		kept++
		if s.unchangedSince(i, since) && s.innerUnchangedSince(i, since) {
			continue // as it was when swizzles last looked, and its source too
		}
		// The masks are the state's, packed (masks): a mask of another
		// form never changes here (it is no identity and composes with
		// nothing), and the nodes are read only to measure a source for an
		// identity or to compose with an inner mask of another form.
		mask := s.swizzle.masks[i]
		if mask == 0 {
			continue
		}
		src := s.operand(i, 0)
		if !src.Valid() || src.Node >= len(g.Nodes) {
			continue
		}

		if !g.Legacy && src.Out == 0 && mask.identityOf(mask.len()) &&
			mask.len() == max(int(s.swizzle.width0[src.Node]), 1) {
			s.merge(i, src.Node)
			changed++
			continue
		}

		if src.Out != 0 || !s.has(src.Node, flagSwizzle) {
			continue // no mask of a mask
		}
		var composed string
		ok := false
		if inner := s.swizzle.masks[src.Node]; inner != 0 {
			composed, ok = composePacked(mask, inner)
		} else if innerMask, isMask := maskOf(g.Nodes[src.Node]); isMask {
			composed, ok = compose(mask.String(), innerMask)
		}
		if ok {
			to := s.operand(src.Node, 0)
			n := s.own(i)
			n.Operands = append(take(&s.slabs.ops, len(n.Operands), s.slabs.chunk)[:0], n.Operands...)
			n.Operands[0] = to
			s.refs[s.readStart[i]] = clampID(to.Node)
			s.outs[s.readStart[i]] = clampOut(to.Out)
			n.Props = append(take(&s.slabs.props, len(n.Props), s.slabs.chunk)[:0], n.Props...)
			n.SetProp("Mask", ir.Str(composed))
			s.swizzle.masks[i] = packMask(composed)
			s.mark(i, ir.Rewritten)
			changed++
		}
	}
	s.swizzle.nodes = s.swizzle.nodes[:kept]
	return changed
}

func maskOf(n *ir.Node) (string, bool) {
	v, ok := n.Prop("Mask")
	if !ok || v.Kind != ir.KindString {
		return "", false
	}
	return v.Str, true
}

// packedMask is a mask of one to four of the letters x, y, z, w: its
// length in the low three bits, then two bits a letter (x is 0, w is 3),
// so that the passes read a Swizzle's mask without reading its node. Any
// other mask (empty, longer, another letter) packs to 0.
type packedMask uint16

func packMask(m string) packedMask {
	if len(m) == 0 || len(m) > 4 {
		return 0
	}
	p := packedMask(len(m))
	for k := range len(m) {
		c := ir.MaskChannel(m[k])
		if c < 0 {
			return 0
		}
		p |= packedMask(c) << (3 + 2*k)
	}
	return p
}

func (p packedMask) len() int { return int(p & 7) }

// channel is the component the k-th letter names.
func (p packedMask) channel(k int) int { return int(p>>(3+2*k)) & 3 }

func (p packedMask) String() string {
	var b [4]byte
	for k := range p.len() {
		b[k] = "xyzw"[p.channel(k)]
	}
	return string(b[:p.len()])
}

// identityOf reports whether p reads every channel of a width-wide source,
// in order: it is "xyzw"[:width].
func (p packedMask) identityOf(width int) bool {
	if p.len() != width {
		return false
	}
	for k := range width {
		if p.channel(k) != k {
			return false
		}
	}
	return true
}

// composePacked is compose over packed masks.
func composePacked(outer, inner packedMask) (string, bool) {
	var buf [4]byte
	prev := -1
	for k := range outer.len() {
		which := outer.channel(k)
		if which >= inner.len() {
			return "", false
		}
		abs := inner.channel(which)
		if abs <= prev {
			return "", false
		}
		prev = abs
		buf[k] = "xyzw"[abs]
	}
	return string(buf[:outer.len()]), true
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
