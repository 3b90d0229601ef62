package emit

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"reuselab/ir"
)

// The material editor writes a float property as C's %f of the float
// (`R=10000.000000`, `Constant=(R=0.004320,G=123.199997,…)` in real
// pastes) and never in exponent form; a pin's DefaultValue is the short
// spelling (`DefaultValue="0.1"`, `"10000.0"`). These helpers print IR
// numbers the same way. A value %f would round to another float (1e-7)
// gets the shortest decimal that keeps it, still without an exponent.

// maxFloat32 stands in for an infinity: the engine's text import has no
// spelling for one, and "inf" would not parse back.
const maxFloat32 = math.MaxFloat32

// finite maps the values Unreal cannot read back onto ones it can: ±Inf
// (and finite values past float range) to ±FLT_MAX, NaN to 0. ok is false
// when it had to.
func finite(v float64) (float64, bool) {
	switch {
	case math.IsNaN(v):
		return 0, false
	case v > maxFloat32:
		return maxFloat32, false
	case v < -maxFloat32:
		return -maxFloat32, false
	}
	return v, true
}

// t3dFloat is a float property value: %f, or more digits when %f would
// lose the float32 value.
func t3dFloat(v float64) string {
	v, _ = finite(v)
	f := float32(v)
	s := strconv.FormatFloat(float64(f), 'f', 6, 64)
	if back, err := strconv.ParseFloat(s, 32); err != nil || float32(back) != f {
		s = strconv.FormatFloat(float64(f), 'f', -1, 32)
	}
	if s == "-0.000000" {
		s = "0.000000"
	}
	return s
}

// t3dShortFloat is a pin's DefaultValue for a float: %f with the
// trailing zeros dropped but one decimal kept, as the editor writes it
// (FString::SanitizeFloat: "0.1", "10000.0", "123.199997").
func t3dShortFloat(v float64) string {
	s := strings.TrimRight(t3dFloat(v), "0")
	if strings.HasSuffix(s, ".") {
		s += "0"
	}
	return s
}

// t3dInt prints a whole number without a fraction; other values as floats.
func t3dInt(v float64) string {
	v, _ = finite(v)
	if v == math.Trunc(v) && math.Abs(v) < 1<<53 {
		return strconv.FormatInt(int64(v), 10)
	}
	return t3dFloat(v)
}

// parseNumber reads an IR number as props.go prints it (ir.FormatNumber:
// %.9g, "inf", "-inf", "nan").
func parseNumber(s string) (float64, bool) {
	switch s {
	case "inf", "+inf":
		return math.Inf(1), true
	case "-inf":
		return math.Inf(-1), true
	case "nan":
		return math.NaN(), true
	}
	if s == "" || strings.ContainsAny(s, "xXpP_") {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil
}

// floatProps are expression properties the engine declares as float; their
// whole values are still written with a fraction (`R=2.000000`). Numbers
// of other properties are written whole when they are whole (ints, enums
// by index, bytes), as floats otherwise.
var floatProps = map[string]bool{
	"R": true, "G": true, "B": true, "A": true, "DefaultValue": true,
	"ConstA": true, "ConstB": true, "ConstC": true, "ConstAlpha": true, "ConstExponent": true,
	"MinDefault": true, "MaxDefault": true, "ConstMin": true, "ConstMax": true, "ConstValue": true,
	"ConstX": true, "ConstY": true, "SliderMin": true, "SliderMax": true, "UTiling": true, "VTiling": true,
	"Period": true, "SpeedX": true, "SpeedY": true, "EqualsThreshold": true, "Exponent": true,
	"OpacityDefault": true, "FadeDistanceDefault": true, "ConstInput": true, "BaseReflectFractionIn": true,
}

// t3dNumberText rewrites a property value for T3D: a number by the
// property's type, a struct's fields ((R=…,G=…), (X=…,Y=…)) as floats,
// anything else unchanged. bad counts the non-finite numbers replaced.
func t3dNumberText(name, value string, bad *int) string {
	if v, ok := parseNumber(value); ok {
		if _, fin := finite(v); !fin {
			*bad++
		}
		if floatProps[name] {
			return t3dFloat(v)
		}
		return t3dInt(v)
	}
	if !strings.HasPrefix(value, "(") || !strings.HasSuffix(value, ")") || strings.ContainsAny(value, `"'`) {
		return value
	}
	fields := strings.Split(value[1:len(value)-1], ",")
	for i, f := range fields {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			if x, isNum := parseNumber(strings.TrimSpace(f)); isNum {
				if _, fin := finite(x); !fin {
					*bad++
				}
				fields[i] = t3dFloat(x)
			}
			continue
		}
		if x, isNum := parseNumber(v); isNum {
			if _, fin := finite(x); !fin {
				*bad++
			}
			fields[i] = k + "=" + t3dFloat(x)
		}
	}
	return "(" + strings.Join(fields, ",") + ")"
}

// structNums reads the numbers of a struct value "(R=1,G=0.5,…)" in order.
func structNums(value string) []float64 {
	value = strings.TrimSuffix(strings.TrimPrefix(value, "("), ")")
	var out []float64
	for _, f := range strings.Split(value, ",") {
		_, v, ok := strings.Cut(f, "=")
		if !ok {
			v = f
		}
		if x, isNum := parseNumber(strings.TrimSpace(v)); isNum {
			out = append(out, x)
		}
	}
	return out
}

// CodeNonFinite is the warning for a number in the output that an engine
// float cannot hold. reuselab's own code, in upstream's asset-generation
// range (8xxx) where upstream lists none (diag/CODES.md).
const CodeNonFinite = "DSH8272"

// NonFinite is one number of an IR property that the engine's 32-bit
// floats cannot hold: ±Inf, NaN, or a finite double past ±FLT_MAX (the
// engine reads that as an infinity). Constant folding makes them
// (`1e38 * 1e38`, `big - big`), and so does a literal like `1e999`. Every
// format prints the property; T3D has to write another number instead
// (finite), the others write what the IR holds.
type NonFinite struct {
	Node  int    // IR node
	Prop  string // property name
	Value float64
	Span  ir.Span // the node's source position
}

// Message says what the number is and what T3D writes for it.
func (n NonFinite) Message() string {
	what, repl := "does not fit a float (beyond ±3.4e38)", "3.4e38 (FLT_MAX)"
	switch {
	case math.IsNaN(n.Value):
		what, repl = "is not a number", "0"
	case n.Value < 0:
		repl = "-" + repl
	}
	return fmt.Sprintf("%s=%s %s; Unreal has no spelling for it, so T3D writes %s", n.Prop, ir.FormatNumber(n.Value), what, repl)
}

// NonFiniteNumbers lists, node by node in graph order, the numbers of g's
// properties that finite would have to replace.
func NonFiniteNumbers(g *ir.Graph) []NonFinite {
	var out []NonFinite
	for _, n := range g.Nodes {
		if n == nil {
			continue
		}
		for _, p := range n.Props {
			if p.Value.Kind != ir.KindNumber && p.Value.Kind != ir.KindTuple {
				continue
			}
			for _, v := range p.Value.Nums {
				if _, ok := finite(v); !ok {
					out = append(out, NonFinite{Node: n.ID, Prop: p.Name, Value: v, Span: n.Span})
				}
			}
		}
	}
	return out
}
