package compiled

import (
	"fmt"
	"strings"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/functional"
	"github.com/google/mangle/symbols"
)

// Functions: fn:plus, fn:minus and fn:string:concat (what the packs use)
// are computed here over Vals; every other scalar function of Mangle is
// handed to Mangle's own functional.EvalApplyFn over constants, so its
// results and its errors are Mangle's by construction. Reducers
// (fn:count, fn:sum…) only occur in transforms, which Compile refuses.
func supportedFn(f ast.FunctionSym) bool {
	switch f.Symbol {
	case symbols.Plus.Symbol, symbols.Minus.Symbol, symbols.StringConcatenate.Symbol:
		return true
	}
	return strings.HasPrefix(f.Symbol, "fn:")
}

// evalTerm is t's value under the run's slots.
func (r *run) evalTerm(t *term) (Val, error) {
	switch t.kind {
	case tConst:
		return r.cvals[t.idx], nil
	case tSlot:
		return r.slots[t.idx], nil
	case tFn:
		return r.apply(t)
	}
	return 0, fmt.Errorf("a wildcard has no value")
}

func (r *run) apply(t *term) (Val, error) {
	var small [8]Val
	args := small[:0]
	for k := range t.args {
		v, err := r.evalTerm(&t.args[k])
		if err != nil {
			return 0, err
		}
		args = append(args, v)
	}
	switch t.fn.Symbol {
	case symbols.Plus.Symbol:
		var sum int64
		for _, v := range args {
			n, ok := r.in.number(v)
			if !ok {
				return 0, r.notNumber(v)
			}
			sum += n
		}
		return r.in.num(sum), nil
	case symbols.Minus.Symbol:
		if len(args) == 0 {
			return 0, fmt.Errorf("empty argument list")
		}
		d, ok := r.in.number(args[0])
		if !ok {
			return 0, r.notNumber(args[0])
		}
		if len(args) == 1 {
			return r.in.num(-d), nil
		}
		for _, v := range args[1:] {
			n, ok := r.in.number(v)
			if !ok {
				return 0, r.notNumber(v)
			}
			d -= n
		}
		return r.in.num(d), nil
	case symbols.StringConcatenate.Symbol:
		b := r.buf[:0]
		for _, v := range args {
			if v&internedBit == 0 {
				b = appendInt(b, int64(v))
				continue
			}
			c := r.in.consts[v&^internedBit]
			switch c.Type {
			case ast.StringType:
				b = append(b, c.Symbol...)
			case ast.NumberType:
				b = appendInt(b, c.NumValue)
			default:
				return r.generic(t, args)
			}
		}
		r.buf = b
		return r.in.str(string(b)), nil
	}
	return r.generic(t, args)
}

// generic hands a function to Mangle.
func (r *run) generic(t *term, args []Val) (Val, error) {
	cs := make([]ast.BaseTerm, len(args))
	for k, v := range args {
		cs[k] = r.in.constant(v)
	}
	c, err := functional.EvalApplyFn(ast.ApplyFn{Function: t.fn, Args: cs}, ast.ConstSubstList{})
	if err != nil {
		return 0, err
	}
	return r.in.intern(c), nil
}

func (r *run) notNumber(v Val) error {
	c := r.in.constant(v)
	return fmt.Errorf("value %v (%v) is not a number", c, c.Type)
}

// appendInt formats n as Mangle's ast.FormatNumber does (decimal).
func appendInt(b []byte, n int64) []byte {
	return append(b, ast.FormatNumber(n)...)
}

// compare decides :lt, :le, :gt, :ge over two ints, as Mangle's builtin
// does (an operand that is not an int is an error, floats included).
func (r *run) compare(cmp string, l, rv Val) (bool, error) {
	a, ok := r.in.number(l)
	if !ok {
		return false, r.notNumber(l)
	}
	b, ok := r.in.number(rv)
	if !ok {
		return false, r.notNumber(rv)
	}
	switch cmp {
	case symbols.Lt.Symbol:
		return a < b, nil
	case symbols.Le.Symbol:
		return a <= b, nil
	case symbols.Gt.Symbol:
		return a > b, nil
	}
	return a >= b, nil
}
