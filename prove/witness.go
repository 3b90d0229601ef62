package prove

import (
	"fmt"
	"strings"

	"reuselab/ir/interp"
)

// Confirmation is what ir/interp made of a witness.
type Confirmation uint8

const (
	// NotReplayed: no witness.
	NotReplayed Confirmation = iota
	// Confirmed: ir/interp computes different values on the witness.
	Confirmed
	// Float32Only: ir/interp (float64) computes equal values on the
	// witness, as the prover's float64 translation does: the difference is
	// float32's rounding, range or denormals, which interp does not have.
	Float32Only
	// Float32OnlyEverywhere: and no input at all makes float64 differ
	// where float32 does (the solver proved it): evaluation in float64
	// cannot find this fault.
	Float32OnlyEverywhere
	// NotReplayable: the sides are identities (textures, material
	// attributes) ir/interp cannot be handed, or it cannot evaluate the
	// cone.
	NotReplayable
	// Unconfirmed: a witness over the reals, rounded to float64 for
	// ir/interp, which computes equal values there.
	Unconfirmed
)

var confirmationNames = [...]string{"not replayed", "confirmed", "float32 only",
	"float32 only, on every input", "not replayable", "not confirmed"}

func (c Confirmation) String() string { return confirmationNames[c] }

// Replay is ir/interp's evaluation of a witness: the leaves and the
// solver's choices for the nodes it does not know plugged in as constants.
type Replay struct {
	Confirmation Confirmation
	Left, Right  interp.Value
	Note         string
}

func (r Replay) String() string {
	s := r.Confirmation.String()
	if r.Confirmation != NotReplayable && r.Confirmation != NotReplayed {
		s += fmt.Sprintf(" (left %v, right %v)", r.Left, r.Right)
	}
	if r.Note != "" {
		s += ": " + r.Note
	}
	return s
}

// verdictFrom makes the verdict of an entry for this query's graph.
func (q *query) verdictFrom(e entry) Verdict {
	v := Verdict{Outcome: e.outcome, Reason: e.reason}
	if e.outcome != Refuted {
		return v
	}
	w := &Witness{ULPs: -1}
	for _, p := range q.narrow.plugs {
		a := Assignment{Node: p.node, Out: p.out, What: p.what, Leaf: p.leaf}
		for _, t := range p.terms {
			a.Lanes = append(a.Lanes, q.value(e.values, t))
		}
		w.Values = append(w.Values, a)
	}
	for s, side := range q.v {
		for k := 0; k < side.n && !side.handle; k++ {
			x := q.value(e.values, q.narrow.lane(side, k))
			if s == 0 {
				w.Left = append(w.Left, x)
			} else {
				w.Right = append(w.Right, x)
			}
		}
	}
	if q.wide != nil && len(w.Left) == len(w.Right) && len(w.Left) > 0 {
		w.ULPs = 0
		for k := range w.Left {
			d := ulps(w.Left[k], w.Right[k])
			if d < 0 || w.ULPs < 0 {
				w.ULPs = -1
			} else {
				w.ULPs = max(w.ULPs, d)
			}
		}
	}
	v.Witness = w
	if q.wide != nil && len(w.Left) == len(w.Right) && q.v[0].handle == q.v[1].handle && !q.v[0].handle {
		same := true
		for k := range w.Left {
			same = same && interp.Equal(interp.Scalar(w.Left[k]), interp.Scalar(w.Right[k]), 0)
		}
		if same {
			return Verdict{Outcome: Unknown, Bug: true, Witness: w,
				Reason: "the solver's model does not separate the sides it said differ (a fault of the solver's or ours)"}
		}
	}
	if q.v[0].handle || q.v[1].handle {
		w.Replay = Replay{Confirmation: NotReplayable, Note: "the sides are identities (textures, material attributes), which ir/interp cannot be handed"}
		return v
	}
	plugged, r := q.replay(e.values, false), q.replay(e.values, true)
	w.Replay = Replay{Left: r.left, Right: r.right}
	switch {
	case plugged.err != nil || r.err != nil:
		err := plugged.err
		if err == nil {
			err = r.err
		}
		w.Replay.Confirmation, w.Replay.Note = NotReplayable, "ir/interp cannot evaluate the cone: "+err.Error()
	case plugged.bug != "":
		return Verdict{Outcome: Unknown, Bug: true, Witness: w,
			Reason: "bug of ours: ir/interp and the prover disagree on the witness: " + plugged.bug}
	case r.differs:
		w.Replay.Confirmation = Confirmed
	case q.hasMath():
		w.Replay.Confirmation = Unconfirmed
		return Verdict{Outcome: Unknown, Witness: w, Reason: "refuted only for values of " + q.mathNames() +
			" that ir/interp's do not take on the witness: the claim rests on what those functions are"}
	case q.wide == nil:
		w.Replay.Confirmation = Unconfirmed
		w.Replay.Note = "the real witness, rounded to float64, does not separate the sides in ir/interp"
	case e.float32Everywhere:
		w.Replay.Confirmation = Float32OnlyEverywhere
		w.Replay.Note = "ir/interp evaluates in float64, where no input separates the sides"
	default:
		w.Replay.Confirmation, w.Replay.Note = Float32Only, e.searchNote
	}
	for _, mv := range e.values {
		if !mv.exact && q.wide == nil {
			w.Replay.Note = strings.TrimPrefix(w.Replay.Note+"; some real values were rounded to float64", "; ")
			break
		}
	}
	return v
}

// mathNames lists the math functions of the cone, for a reason.
func (q *query) mathNames() string {
	var names []string
	seen := map[string]bool{}
	for _, p := range q.narrow.plugs {
		if p.math && !seen[p.what] {
			seen[p.what] = true
			names = append(names, p.what)
		}
	}
	return strings.Join(names, ", ")
}
