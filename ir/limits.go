package ir

import (
	"fmt"
	"strconv"
	"time"
)

// Limits bound one engine run, egg-Runner style: each limit is a value and
// the Result's StopReason says which one stopped the run. Zero means the
// default. Every engine gets the same Limits and honours the ones that mean
// something to it: the reference passes count rounds, a rule pack derives
// facts and, when it is a user's pack, runs in a child process that the
// time and memory limits can stop.
type Limits struct {
	// MaxRounds bounds the reference's {fold, swizzles, dedupe} rounds (R2).
	MaxRounds int
	// MaxFacts bounds the facts a rule pack derives over one graph, the
	// driver's own facts excluded.
	MaxFacts int
	// Timeout bounds the wall time of a rule pack's loading and evaluation.
	// Mangle cannot be cancelled, so the limit holds where the pack runs in
	// a child process: always for a user's pack, and for a built-in pack
	// when Timeout is set explicitly.
	Timeout time.Duration
	// MaxMemory bounds, in bytes, the child process a user's pack runs in:
	// its resident memory, the program's own pages included.
	MaxMemory int64
	// Run bounds the whole run this asset is part of (run.go); nil: only
	// the asset is bounded.
	Run *RunLimits
}

// Defaults of the zero Limits.
const (
	DefaultMaxRounds = 4
	// DefaultMaxFacts is generous for reuse-2.0 (about 2-10 facts a node, so
	// 300k nodes) and stops a pack that explodes before it exhausts memory
	// (Mangle keeps about 1 KB a fact).
	DefaultMaxFacts  = 3_000_000
	DefaultTimeout   = time.Minute
	DefaultMaxMemory = 2 << 30
)

// Validate refuses limits that cannot mean anything: a negative count, time
// or memory (zero means the default).
func (l Limits) Validate() error {
	switch {
	case l.MaxRounds < 0:
		return fmt.Errorf("the round limit is %d; it must be positive", l.MaxRounds)
	case l.MaxFacts < 0:
		return fmt.Errorf("the fact limit is %d; it must be positive", l.MaxFacts)
	case l.Timeout < 0:
		return fmt.Errorf("the time limit is %v; it must be positive", l.Timeout)
	case l.MaxMemory < 0:
		return fmt.Errorf("the memory limit is %d bytes; it must be positive", l.MaxMemory)
	case l.Run != nil:
		return l.Run.Validate()
	}
	return nil
}

// Facts is MaxFacts with its default.
func (l Limits) Facts() int { return orDefault(l.MaxFacts, DefaultMaxFacts) }

// Time is Timeout with its default.
func (l Limits) Time() time.Duration { return orDefault(l.Timeout, DefaultTimeout) }

// Memory is MaxMemory with its default.
func (l Limits) Memory() int64 { return orDefault(l.MaxMemory, DefaultMaxMemory) }

func orDefault[T int | int64 | time.Duration](v, def T) T {
	if v > 0 {
		return v
	}
	return def
}

// StopReason says why an engine run ended. Only StopSaturated means the
// Result is the engine's answer; after any other the surviving graph is the
// build graph untouched, and a Note says why.
type StopReason string

const (
	StopSaturated  StopReason = "saturated"    // ran to its end
	StopRoundLimit StopReason = "round-limit"  // the reference still changed the graph in its last round (R2: the result stands)
	StopFactLimit  StopReason = "fact-limit"   // a pack derived more than Limits.MaxFacts
	StopTimeout    StopReason = "timeout"      // a pack ran past Limits.Timeout
	StopMemory     StopReason = "memory-limit" // a pack's child process passed Limits.MaxMemory
	StopError      StopReason = "error"        // the pack failed (bad output, a panic, a bad limit)
	StopRefused    StopReason = "refused"      // the engine has no meaning for this graph (mode 1x on a .dss asset)
	StopRunTimeout StopReason = "run-timeout"  // the whole run passed RunLimits.Timeout: the pack was stopped, or not run, on this graph
	StopGaveUp     StopReason = "gave-up"      // the pack ran past Limits.Timeout on RunLimits.GiveUpAfter graphs in a row and is not run on the rest
)

// Known reports whether s is one of the reasons above: a reason from a
// child process is checked against this one list, so that a reason added
// here is known everywhere at once.
func (s StopReason) Known() bool {
	switch s {
	case StopSaturated, StopRoundLimit, StopFactLimit, StopTimeout, StopMemory, StopError, StopRefused, StopRunTimeout, StopGaveUp:
		return true
	}
	return false
}

// Answered reports whether the Result holds the engine's answer: it ran to
// its end, or to the reference's round limit, whose result R2 keeps.
func (s StopReason) Answered() bool { return s == StopSaturated || s == StopRoundLimit }

// The passes both engines report in Result.Passes and Fate.Pass: the
// reference's table entries, which a rule pack's phases are mapped onto so
// that the two results compare field by field.
const (
	PassPrune      = "prune"
	PassFold       = "fold"
	PassSwizzles   = "swizzles"
	PassDedupe     = "dedupe"
	PassDedupe1x   = "dedupe-1x"
	PassAlias      = "alias" // a pack's alias/3 that is not a swizzle's
	PassPruneFinal = "prune-final"
	PassReindex    = "reindex"
)

// PassID is one of the pass names above as a byte, which is how a Fate
// carries it.
type PassID uint8

// NoPass is the PassID of a fate no pass decided (Kept untouched).
const NoPass PassID = 0

var passIDs = [...]string{"", PassPrune, PassFold, PassSwizzles, PassDedupe, PassDedupe1x, PassAlias, PassPruneFinal, PassReindex}

// PassIDOf is the PassID of a pass name above ("" is NoPass). Any other
// name is a programming error: both engines report only these.
func PassIDOf(name string) PassID {
	for i, n := range passIDs {
		if n == name {
			return PassID(i)
		}
	}
	panic("ir: no pass named " + strconv.Quote(name))
}

// String is the pass's name ("" for NoPass).
func (p PassID) String() string {
	if int(p) < len(passIDs) {
		return passIDs[p]
	}
	return "pass" + strconv.Itoa(int(p))
}

// UnreadParameterNote is the info DSH4390 every engine raises for a
// parameter the final prune removes (n is its build node).
func UnreadParameterNote(n *Node) Note {
	name := n.Debug
	if v, ok := n.Prop("ParameterName"); ok && v.Kind == KindString {
		name = v.Str
	}
	return Note{Code: "DSH4390", Severity: "info", Node: n.ID, Span: n.Span,
		Message: fmt.Sprintf("parameter '%s' is never read, so the generated asset leaves it out", name)}
}

// CodeNo1x and MessageNo1x are the refusal of mode 1x (and of a pack that
// reads the 1x build) on a graph not built from a 1.x block (Graph.Legacy
// false): 1.5 never read a .dss, so there is nothing to replay. The front
// end refuses a .dss file with them, an engine a graph.
const (
	CodeNo1x    = "DSH9058"
	MessageNo1x = "--reuse 1x replays the 1.5 generator, which never read a .dss"
)
