package compiled

import (
	"math"

	"github.com/google/mangle/ast"
)

// Val is a constant as the evaluator holds it: a non-negative int below
// 2^62 (node ids, slots, widths: nearly every value a pack joins on) is
// itself, anything else is an index into the run's interning table, tagged
// by the top bit. Two constants are equal exactly when their Vals are, so
// joins and duplicate checks compare integers, never ast.Constant.
type Val uint64

const internedBit = Val(1) << 63

const maxDirect = int64(1) << 62

// interner maps constants to Vals and back for one run.
type interner struct {
	strs   map[string]Val
	others map[uint64][]Val // by Constant.Hash, checked with Equals
	consts []ast.Constant
	gen    int // counts resets: what a run cached by index is stale after one
}

func newInterner() *interner {
	return &interner{strs: map[string]Val{}, others: map[uint64][]Val{}}
}

// internedMax bounds the values an Env's interner keeps from run to run:
// the op names, labels and table constants every run interns again stay,
// and the strings unique to one node (its signature) are dropped past it.
const internedMax = 1 << 12

// trim empties the table when it holds more than internedMax values.
func (in *interner) trim() {
	if len(in.consts) > internedMax {
		in.reset()
	}
}

// reset empties the table, keeping its storage.
func (in *interner) reset() {
	in.gen++
	clear(in.strs)
	clear(in.others)
	clear(in.consts)
	in.consts = in.consts[:0]
}

func (in *interner) add(c ast.Constant) Val {
	v := internedBit | Val(len(in.consts))
	in.consts = append(in.consts, c)
	return v
}

// intern is c's Val.
func (in *interner) intern(c ast.Constant) Val {
	switch c.Type {
	case ast.NumberType:
		if c.NumValue >= 0 && c.NumValue < maxDirect {
			return Val(c.NumValue)
		}
	case ast.StringType:
		if v, ok := in.strs[c.Symbol]; ok {
			return v
		}
		v := in.add(c)
		in.strs[c.Symbol] = v
		return v
	}
	h := c.Hash()
	for _, v := range in.others[h] {
		if in.consts[v&^internedBit].Equals(c) {
			return v
		}
	}
	v := in.add(c)
	in.others[h] = append(in.others[h], v)
	return v
}

func (in *interner) str(s string) Val {
	if v, ok := in.strs[s]; ok {
		return v
	}
	v := in.add(unhashedString(s))
	in.strs[s] = v
	return v
}

// unhashedString is ast.String(s) without its hash, which Mangle's
// Equals compares and only a boxed constant needs (constant adds it):
// most strings a run interns are a node's signature, never boxed, and
// hashing them was a fiftieth of a run.
func unhashedString(s string) ast.Constant { return ast.Constant{Type: ast.StringType, Symbol: s} }

// strBytes is str(string(b)) without the copy when b is interned already.
func (in *interner) strBytes(b []byte) Val {
	if v, ok := in.strs[string(b)]; ok {
		return v
	}
	s := string(b)
	v := in.add(unhashedString(s))
	in.strs[s] = v
	return v
}

func (in *interner) num(n int64) Val {
	if n >= 0 && n < maxDirect {
		return Val(n)
	}
	return in.intern(ast.Number(n))
}

func (in *interner) float(f float64) Val { return in.intern(ast.Float64(f)) }

// constant is v as Mangle's constant.
func (in *interner) constant(v Val) ast.Constant {
	if v&internedBit == 0 {
		return ast.Number(int64(v))
	}
	i := v &^ internedBit
	c := in.consts[i]
	if c.Type == ast.StringType && c.NumValue == 0 {
		// hashed on first use (a string whose hash is 0 is hashed again
		// to 0, which is as right)
		c = ast.String(c.Symbol)
		in.consts[i] = c
	}
	return c
}

// number reads v as an int64, as Mangle's NumberValue does.
func (in *interner) number(v Val) (int64, bool) {
	if v&internedBit == 0 {
		return int64(v), true
	}
	c := in.consts[v&^internedBit]
	if c.Type != ast.NumberType {
		return 0, false
	}
	return c.NumValue, true
}

// text reads v as a string constant.
func (in *interner) text(v Val) (string, bool) {
	if v&internedBit == 0 {
		return "", false
	}
	c := in.consts[v&^internedBit]
	if c.Type != ast.StringType {
		return "", false
	}
	return c.Symbol, true
}

// floatOf reads a Float64 constant.
func (in *interner) floatOf(v Val) (float64, bool) {
	if v&internedBit == 0 {
		return 0, false
	}
	c := in.consts[v&^internedBit]
	if c.Type != ast.Float64Type {
		return 0, false
	}
	return math.Float64frombits(uint64(c.NumValue)), true
}

// hashVals mixes a row's values (or a key's) into one word.
func hashVals(vs []Val) uint64 {
	h := uint64(0x9E3779B97F4A7C15)
	for _, v := range vs {
		h ^= uint64(v)
		h *= 0xBF58476D1CE4E5B9
		h ^= h >> 31
	}
	return h
}
