package prove

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// sx is one s-expression a solver printed: an atom or a list.
type sx struct {
	atom   string
	list   []*sx
	isList bool
}

// maxDatum bounds one answer, so that a solver gone wrong cannot fill our
// memory with one model.
const maxDatum = 64 << 20

// readDatum reads one top-level s-expression, by an explicit stack: the
// nesting is the solver's to choose. Comments (`; …`) are skipped.
func readDatum(r *bufio.Reader) (*sx, error) {
	var stack []*sx
	var done *sx
	size := 0
	push := func(x *sx) {
		if len(stack) == 0 {
			done = x
			return
		}
		top := stack[len(stack)-1]
		top.list = append(top.list, x)
	}
	for done == nil {
		c, err := r.ReadByte()
		if err != nil {
			if err == io.EOF && (len(stack) > 0 || size > 0) {
				err = io.ErrUnexpectedEOF
			}
			return nil, err
		}
		size++
		if size > maxDatum {
			return nil, errors.New("an answer longer than 64 MiB")
		}
		switch {
		case c == ';':
			if _, err := r.ReadString('\n'); err != nil {
				return nil, err
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		case c == '(':
			stack = append(stack, &sx{isList: true})
		case c == ')':
			if len(stack) == 0 {
				return nil, errors.New("unbalanced ')'")
			}
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			push(x)
		case c == '"' || c == '|':
			var b strings.Builder
			b.WriteByte(c)
			for {
				d, err := r.ReadByte()
				if err != nil {
					return nil, io.ErrUnexpectedEOF
				}
				size++
				b.WriteByte(d)
				if d == c {
					if c == '"' {
						if e, err := r.Peek(1); err == nil && e[0] == '"' {
							r.ReadByte()
							b.WriteByte('"')
							continue
						}
					}
					break
				}
				if size > maxDatum {
					return nil, errors.New("an answer longer than 64 MiB")
				}
			}
			push(&sx{atom: b.String()})
		default:
			var b strings.Builder
			b.WriteByte(c)
			for {
				e, err := r.Peek(1)
				if err != nil || strings.IndexByte(" \t\r\n()\";|", e[0]) >= 0 {
					break
				}
				r.ReadByte()
				size++
				b.WriteByte(e[0])
			}
			push(&sx{atom: b.String()})
		}
	}
	return done, nil
}

// String prints x on one line, by an explicit stack.
func (x *sx) String() string {
	var b strings.Builder
	type frame struct {
		x    *sx
		next int
	}
	stack := []frame{{x: x}}
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if !top.x.isList {
			b.WriteString(top.x.atom)
			stack = stack[:len(stack)-1]
			continue
		}
		if top.next == 0 {
			b.WriteByte('(')
		}
		if top.next == len(top.x.list) {
			b.WriteByte(')')
			stack = stack[:len(stack)-1]
			continue
		}
		if top.next > 0 {
			b.WriteByte(' ')
		}
		child := top.x.list[top.next]
		top.next++
		stack = append(stack, frame{x: child})
	}
	return b.String()
}

// head is the first atom of a list, or "".
func (x *sx) head() string {
	if x.isList && len(x.list) > 0 && !x.list[0].isList {
		return x.list[0].atom
	}
	return ""
}

// number is a model value: a float of either format (as float64; float32
// values widen exactly) or a rational real (the nearest float64).
// exact is false where a real had to be rounded, or is algebraic.
func number(x *sx) (v float64, exact bool, err error) {
	if !x.isList {
		r, ok := decimal(x.atom)
		if !ok {
			return 0, false, fmt.Errorf("not a number: %s", x.atom)
		}
		f, exact := r.Float64()
		return f, exact, nil
	}
	switch x.head() {
	case "fp":
		return fpValue(x)
	case "_":
		if len(x.list) == 4 {
			switch x.list[1].atom {
			case "+zero":
				return 0, true, nil
			case "-zero":
				return math.Copysign(0, -1), true, nil
			case "+oo":
				return math.Inf(1), true, nil
			case "-oo":
				return math.Inf(-1), true, nil
			case "NaN":
				return math.NaN(), true, nil
			}
		}
	case "-":
		if len(x.list) == 2 {
			v, exact, err := number(x.list[1])
			return -v, exact, err
		}
	case "/":
		if len(x.list) == 3 && !x.list[1].isList && !x.list[2].isList {
			n, ok1 := decimal(x.list[1].atom)
			d, ok2 := decimal(x.list[2].atom)
			if ok1 && ok2 && d.Sign() != 0 {
				f, exact := new(big.Rat).Quo(n, d).Float64()
				return f, exact, nil
			}
		}
	}
	return 0, false, fmt.Errorf("not a number the prover reads: %s", x)
}

// fpValue reads (fp #bS #bE… #bM…) of 8+24 or 11+53 bits.
func fpValue(x *sx) (float64, bool, error) {
	if len(x.list) != 4 {
		return 0, false, fmt.Errorf("bad fp literal %s", x)
	}
	var parts [3]uint64
	var bits [3]int
	for i := 0; i < 3; i++ {
		a := x.list[i+1].atom
		var err error
		switch {
		case strings.HasPrefix(a, "#b"):
			parts[i], err = strconv.ParseUint(a[2:], 2, 64)
			bits[i] = len(a) - 2
		case strings.HasPrefix(a, "#x"):
			parts[i], err = strconv.ParseUint(a[2:], 16, 64)
			bits[i] = 4 * (len(a) - 2)
		default:
			err = fmt.Errorf("bad bit-vector %q", a)
		}
		if err != nil {
			return 0, false, err
		}
	}
	switch {
	case bits[1] == 8 && bits[2] == 23:
		return float64(math.Float32frombits(uint32(parts[0]<<31 | parts[1]<<23 | parts[2]))), true, nil
	case bits[1] == 11 && bits[2] == 52:
		return math.Float64frombits(parts[0]<<63 | parts[1]<<52 | parts[2]), true, nil
	}
	return 0, false, fmt.Errorf("fp literal of %d+%d bits", bits[1], bits[2]+1)
}

// decimal reads an SMT-LIB numeral or decimal (digits, at most one point).
// big.Rat would also take an exponent, and 1e999999999 would take it
// minutes.
func decimal(s string) (*big.Rat, bool) {
	if s == "" || len(s) > 4096 || s[0] == '.' || s[len(s)-1] == '.' {
		return nil, false
	}
	points := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '.':
			points++
		case c < '0' || c > '9':
			return nil, false
		}
	}
	if points > 1 {
		return nil, false
	}
	return new(big.Rat).SetString(s)
}
