// Package facts is the first stage of the Datalog engine: it turns one IR
// graph into Mangle facts (the schema below, Export, WriteFacts) and holds
// the fact stores an evaluation reads and writes — the base store that
// serves schema facts and virtual predicates on demand, and the compact
// store a phase derives into. It knows nothing of packs or of evaluation.
//
// # Fact schema
//
// Export writes one graph (R1: one asset) as the facts below. Node ids N are
// build ids (ints); strings are Mangle strings; numbers in values are
// canonicalised to 9 significant digits (R5) before they are exported, and
// every value a key compares is exported as a *string*, never as a list or a
// float inside a structure: Mangle v0.4.0 hashes lists of floats so weakly
// that distinct values collide (MANGLE.md §2c, pitfall 2).
//
//	graph(Kind, Name, Legacy)        Kind "Material"…; Legacy 1 for a 1.x block (R4 keeps identity masks)
//	node(N, Op, Class)               every build node; Class "" unless the op prints one
//	key(N, K)                        the static part of the R5 dedupe key: op|class|outputs|sorted props
//	output(N, P, Name, Type)         output pin P (0-based); Name "" for the single unnamed output
//	width(N, P, W)                   components of output P (float3 → 3; Texture2D, material → 0)
//	prop(N, Name, Value)             a property, Value printed as the dump and the key print it
//	operand(N, I, Src, Out)          positional operand I reads Src#Out; Src -1 is an absent slot `_`
//	pin(N, Name, Src, Out)           a named input
//	slot(N, I, Label, Src, Out)      every input in R5 order: operands in order (Label ""), then
//	                                 named inputs sorted by name (Label = pin name); I is dense
//	nslots(N, K)                     how many slots N has
//	uses(N, X)                       N reads node X through some slot, each X once (absent
//	                                 slots are not listed): what a prune follows
//	constant(N, Type)                N is a Constant (Type "float3", "bool"…)
//	cval(N, I, F)                    component I (< 4) of a Constant as the folder reads it: the
//	                                 raw float (folds chain at full precision, as the reference's
//	                                 do); an empty value reads as one 0
//	cwidth(N, W)                     how many components cval has (1..4)
//	cstr(N, S)                       the Constant's value as the key prints it, 9 significant
//	                                 digits: "(0.5, 1)" — compare this, never the floats
//	noperands(N, K)                  how many positional operands N has
//	nouts(N, K)                      how many outputs N has
//	mask(N, M)                       a Swizzle's Mask as written ("xzw")
//	swzkey(N, K)                     a Swizzle's key without its Mask (the mask may be rewritten)
//	debug(N, Name)                   the statement target the node was built for ("" for none);
//	                                 no reuse rule of 2.0 reads it, 1.x's cache did for calls
//	role(N, R)                       "value", "statement" (MaterialSink, FunctionOutput, custom
//	                                 output) or "input" (FunctionInput); R7 never merges the latter two
//	root(N)                          prune roots: statements and function inputs
//
// The driver (package rules/eval) adds, per evaluation phase, cur/3,
// arg/5, edge/2 and what earlier DAG levels decided; a pack derives the
// interface predicates. The whole interface, every predicate with its
// arity, phase and an example, is the doc of package rules/pack (its table
// Interface, which a test holds to SchemaPredicates) and rules/README.md.
package facts

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/google/mangle/ast"

	"reuselab/ir"
)

// Predicate symbols of the schema, interned once: building atoms from
// shared symbols and constants is what keeps bulk loading cheap.
var (
	pGraph    = ast.PredicateSym{Symbol: "graph", Arity: 3}
	pNode     = ast.PredicateSym{Symbol: "node", Arity: 3}
	pKey      = ast.PredicateSym{Symbol: "key", Arity: 2}
	pOutput   = ast.PredicateSym{Symbol: "output", Arity: 4}
	pWidth    = ast.PredicateSym{Symbol: "width", Arity: 3}
	pProp     = ast.PredicateSym{Symbol: "prop", Arity: 3}
	pOperand  = ast.PredicateSym{Symbol: "operand", Arity: 4}
	pPin      = ast.PredicateSym{Symbol: "pin", Arity: 4}
	pSlot     = ast.PredicateSym{Symbol: "slot", Arity: 5}
	pNSlots   = ast.PredicateSym{Symbol: "nslots", Arity: 2}
	pUses     = ast.PredicateSym{Symbol: "uses", Arity: 2}
	pConstant = ast.PredicateSym{Symbol: "constant", Arity: 2}
	pCVal     = ast.PredicateSym{Symbol: "cval", Arity: 3}
	pCWidth   = ast.PredicateSym{Symbol: "cwidth", Arity: 2}
	pCStr     = ast.PredicateSym{Symbol: "cstr", Arity: 2}
	pNOper    = ast.PredicateSym{Symbol: "noperands", Arity: 2}
	pNOuts    = ast.PredicateSym{Symbol: "nouts", Arity: 2}
	pMask     = ast.PredicateSym{Symbol: "mask", Arity: 2}
	pSwzKey   = ast.PredicateSym{Symbol: "swzkey", Arity: 2}
	pDebug    = ast.PredicateSym{Symbol: "debug", Arity: 2}
	pRole     = ast.PredicateSym{Symbol: "role", Arity: 2}
	pRoot     = ast.PredicateSym{Symbol: "root", Arity: 1}
)

// The schema predicates the driver publishes itself for a folded node
// (package rules/eval), so that the levels above read it as a Constant.
var (
	PredConstant = pConstant
	PredCVal     = pCVal
	PredCWidth   = pCWidth
)

// SchemaPredicates lists every predicate Export writes, in schema order.
var SchemaPredicates = []ast.PredicateSym{pGraph, pNode, pKey, pOutput, pWidth, pProp, pOperand,
	pPin, pSlot, pNSlots, pUses, pConstant, pCVal, pCWidth, pCStr, pNOper, pNOuts, pMask, pSwzKey, pDebug, pRole, pRoot}

// consts caches the int and string constants of one export, boxed once as
// BaseTerms, so that the many facts naming node 17 or "Multiply" share one
// value instead of allocating a copy each (a fact's arguments are
// interfaces).
type consts struct {
	nums [][]ast.BaseTerm // in chunks of numChunk, made when first read
	strs map[string]ast.BaseTerm
}

// numChunk is how many boxed ints one chunk of consts.nums holds: a
// store boxes only the ids its evaluation asks for (the compiled
// evaluator, few), without a slice as long as the graph or append slack.
const numChunk = 1 << 10

func newConsts() *consts {
	return &consts{strs: map[string]ast.BaseTerm{}}
}

func (c *consts) n(i int) ast.BaseTerm {
	if i < 0 || i >= 1<<20 {
		return ast.Number(int64(i))
	}
	k := i / numChunk
	for len(c.nums) <= k {
		c.nums = append(c.nums, nil)
	}
	ch := c.nums[k]
	if ch == nil {
		ch = make([]ast.BaseTerm, numChunk)
		c.nums[k] = ch
	}
	if ch[i%numChunk] == nil {
		ch[i%numChunk] = ast.Number(int64(i))
	}
	return ch[i%numChunk]
}

func (c *consts) s(s string) ast.BaseTerm {
	if v, ok := c.strs[s]; ok {
		return v
	}
	var v ast.BaseTerm = ast.String(s)
	c.strs[s] = v
	return v
}

// StaticKey is the part of the R5 dedupe key that does not depend on other
// nodes: op, class, outputs with names and types, properties sorted by name
// with numbers at 9 significant digits. It is ir.DedupeKey up to the
// operands, so the two engines cannot drift apart on it.
func StaticKey(n *ir.Node) string {
	return string(AppendStaticKey(make([]byte, 0, 64), n))
}

// AppendStaticKey appends StaticKey(n) to dst.
func AppendStaticKey(dst []byte, n *ir.Node) []byte {
	k := len(dst)
	dst = ir.AppendDedupeKey(dst, &ir.Node{Op: n.Op, Class: n.Class, Outputs: n.Outputs, Props: n.Props}, nil)
	// without operands and named inputs the key ends in their two
	// (empty) fields' separators
	if len(dst)-k >= 2 && string(dst[len(dst)-2:]) == "||" {
		dst = dst[:len(dst)-2]
	}
	return dst
}

// Slots lists a node's inputs in R5 order: operands in stored order, then
// named inputs sorted by name. It is the order of the slot/5 facts.
func Slots(n *ir.Node) []ir.Pin {
	return AppendSlots(make([]ir.Pin, 0, len(n.Operands)+len(n.Pins)), n)
}

// AppendSlots appends Slots(n) to dst: a caller listing node after node
// reuses one buffer.
func AppendSlots(dst []ir.Pin, n *ir.Node) []ir.Pin {
	for _, r := range n.Operands {
		dst = append(dst, ir.Pin{Ref: r})
	}
	k := len(dst)
	dst = append(dst, n.Pins...)
	slices.SortStableFunc(dst[k:], func(a, b ir.Pin) int { return strings.Compare(a.Name, b.Name) })
	return dst
}

func roleName(r ir.Role) string {
	switch r {
	case ir.RoleStatement:
		return "statement"
	case ir.RoleInput:
		return "input"
	}
	return "value"
}

// Export calls add with every fact of g, in node order.
func Export(g *ir.Graph, add func(ast.Atom)) {
	c := newConsts()
	legacy := 0
	if g.Legacy {
		legacy = 1
	}
	add(ast.Atom{Predicate: pGraph, Args: []ast.BaseTerm{c.s(g.Kind.String()), c.s(g.Name), c.n(legacy)}})
	for _, n := range g.Nodes {
		exportNode(n, c, StaticKey(n), nil, add)
	}
}

// exportNode calls add with the facts of one node whose first argument is
// n's id. only, when set, limits them to one predicate (the driver's store
// serves schema facts on demand, node by node, instead of keeping them).
func exportNode(n *ir.Node, c *consts, key string, only *ast.PredicateSym, add func(ast.Atom)) {
	atom := func(p ast.PredicateSym, args ...ast.BaseTerm) {
		if only == nil || *only == p {
			add(ast.Atom{Predicate: p, Args: args})
		}
	}
	want := func(p ast.PredicateSym) bool { return only == nil || *only == p }
	{
		id := c.n(n.ID)
		class := ""
		if n.Op.HasClass() {
			class = n.Class
		}
		if want(pNode) {
			atom(pNode, id, c.s(n.Op.String()), c.s(class))
		}
		if want(pKey) {
			atom(pKey, id, ast.String(key)) // unique per node: not worth caching
		}
		for p, o := range n.Outputs {
			if want(pOutput) {
				atom(pOutput, id, c.n(p), c.s(o.Name), c.s(o.Type))
			}
			if want(pWidth) {
				atom(pWidth, id, c.n(p), c.n(ir.TypeWidth(o.Type)))
			}
		}
		if want(pProp) {
			for _, p := range n.SortedProps() {
				if want(pProp) {
					atom(pProp, id, c.s(p.Name), c.s(p.Value.String()))
				}
			}
		}
		for i, r := range n.Operands {
			if want(pOperand) {
				atom(pOperand, id, c.n(i), c.n(RefNode(r)), c.n(r.Out))
			}
		}
		for _, p := range n.Pins {
			if want(pPin) {
				atom(pPin, id, c.s(p.Name), c.n(RefNode(p.Ref)), c.n(p.Ref.Out))
			}
		}
		if want(pSlot) || want(pNSlots) {
			slots := Slots(n)
			for i, s := range slots {
				if want(pSlot) {
					atom(pSlot, id, c.n(i), c.s(s.Name), c.n(RefNode(s.Ref)), c.n(s.Ref.Out))
				}
			}
			if want(pNSlots) {
				atom(pNSlots, id, c.n(len(slots)))
			}
		}
		if want(pUses) {
			readNodes(n, func(x int) { atom(pUses, id, c.n(x)) })
		}
		if want(pNOper) {
			atom(pNOper, id, c.n(len(n.Operands)))
		}
		if want(pNOuts) {
			atom(pNOuts, id, c.n(len(n.Outputs)))
		}
		if n.Op == ir.OpConstant {
			if v, ok := n.Prop("Value"); ok && (v.Kind == ir.KindTuple || v.Kind == ir.KindNumber) {
				if want(pConstant) {
					atom(pConstant, id, c.s(n.Type(0)))
				}
				if want(pCVal) || want(pCWidth) {
					comps := constComponents(v.Nums)
					for i, f := range comps {
						if want(pCVal) {
							atom(pCVal, id, c.n(i), ast.Float64(f))
						}
					}
					if want(pCWidth) {
						atom(pCWidth, id, c.n(len(comps)))
					}
				}
				if want(pCStr) {
					atom(pCStr, id, c.s(v.String()))
				}
			}
		}
		if n.Op == ir.OpSwizzle {
			if v, ok := n.Prop("Mask"); ok && v.Kind == ir.KindString {
				if want(pMask) {
					atom(pMask, id, c.s(v.Str))
				}
				if want(pSwzKey) {
					atom(pSwzKey, id, ast.String(swizzleKey(n)))
				}
			}
		}
		if want(pDebug) {
			atom(pDebug, id, c.s(n.Debug))
		}
		if want(pRole) {
			atom(pRole, id, c.s(roleName(n.Role)))
		}
		if n.Role != ir.RoleValue {
			if want(pRoot) {
				atom(pRoot, id)
			}
		}
	}
}

// exportOne is exportNode for one of the predicates the rules look up
// most, by node id: the same facts without a walk over the node's other
// fields (a lookup per premise made that walk a fifth of an evaluation).
// It reports false for the other predicates.
func exportOne(n *ir.Node, c *consts, key string, p ast.PredicateSym, add func(ast.Atom)) bool {
	id := c.n(n.ID)
	atom := func(args ...ast.BaseTerm) { add(ast.Atom{Predicate: p, Args: args}) }
	switch p {
	case pRole:
		atom(id, c.s(roleName(n.Role)))
	case pKey:
		atom(id, ast.String(key))
	case pRoot:
		if n.Role != ir.RoleValue {
			atom(id)
		}
	case pNOper:
		atom(id, c.n(len(n.Operands)))
	case pUses:
		readNodes(n, func(x int) { atom(id, c.n(x)) })
	case pNOuts:
		atom(id, c.n(len(n.Outputs)))
	case pOperand:
		for i, r := range n.Operands {
			atom(id, c.n(i), c.n(RefNode(r)), c.n(r.Out))
		}
	case pWidth:
		for k, o := range n.Outputs {
			atom(id, c.n(k), c.n(ir.TypeWidth(o.Type)))
		}
	case pOutput:
		for k, o := range n.Outputs {
			atom(id, c.n(k), c.s(o.Name), c.s(o.Type))
		}
	case pSlot:
		if len(n.Pins) > 0 {
			for i, s := range Slots(n) {
				atom(id, c.n(i), c.s(s.Name), c.n(RefNode(s.Ref)), c.n(s.Ref.Out))
			}
			break
		}
		// No named inputs (most nodes): the operands are the slots, as
		// Slots lists them, without its copy.
		for i, r := range n.Operands {
			atom(id, c.n(i), c.s(""), c.n(RefNode(r)), c.n(r.Out))
		}
	case pConstant, pCWidth, pCVal:
		if n.Op != ir.OpConstant {
			return true
		}
		v, ok := n.Prop("Value")
		if !ok || (v.Kind != ir.KindTuple && v.Kind != ir.KindNumber) {
			return true
		}
		switch p {
		case pConstant:
			atom(id, c.s(n.Type(0)))
		case pCWidth:
			atom(id, c.n(len(constComponents(v.Nums))))
		default:
			for i, f := range constComponents(v.Nums) {
				atom(id, c.n(i), ast.Float64(f))
			}
		}
	default:
		return false
	}
	return true
}

// readNodes calls f with every node n reads, once each. A prune follows
// uses(N, X) instead of slot/5: two arguments to unify instead of five,
// no absent slot to filter and no node twice, and Mangle's price is per
// premise and argument of every fact a rule joins.
func readNodes(n *ir.Node, f func(x int)) {
	var buf [8]int
	seen := buf[:0]
	visit := func(r ir.Ref) {
		if !r.Valid() || slices.Contains(seen, r.Node) {
			return
		}
		seen = append(seen, r.Node)
		f(r.Node)
	}
	for _, r := range n.Operands {
		visit(r)
	}
	for _, p := range n.Pins {
		visit(p.Ref)
	}
}

// constComponents is a constant's value as the folder reads it: at most
// four components, and one 0 for an empty value.
func constComponents(nums []float64) []float64 {
	if len(nums) == 0 {
		return []float64{0}
	}
	return nums[:min(len(nums), 4)]
}

// swizzleKey is StaticKey without the Mask property, which the swizzle rules
// may rewrite.
func swizzleKey(n *ir.Node) string {
	var props []ir.Prop
	for _, p := range n.Props {
		if p.Name != "Mask" {
			props = append(props, p)
		}
	}
	return StaticKey(&ir.Node{Op: n.Op, Class: n.Class, Outputs: n.Outputs, Props: props})
}

// RefNode is the node id the facts name for r: -1 for an absent slot `_`.
func RefNode(r ir.Ref) int {
	if !r.Valid() {
		return -1
	}
	return r.Node
}

// formatTerm prints a constant so that Mangle's parser reads it back as
// the same constant. ast.Constant.String prints the float 6.0 as `6`, which
// parses as an int (MANGLE.md §1, pitfall 7), and Mangle has no exponent
// literals, so floats are written in plain decimal with a point.
func formatTerm(t ast.BaseTerm) string {
	c, ok := t.(ast.Constant)
	if ok && c.Type == ast.StringType {
		return escapeControls(t.String())
	}
	if !ok || c.Type != ast.Float64Type {
		return t.String()
	}
	f, _ := c.Float64Value()
	if math.IsNaN(f) || math.IsInf(f, 0) {
		// No literal exists; a string keeps the fact parseable and says why.
		return strconv.Quote(fmt.Sprint(f))
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.ContainsAny(s, ".") {
		s += ".0"
	}
	return s
}

// escapeControls writes the ASCII controls and DEL that Mangle's string
// quoting (ast.Escape) leaves raw as \xNN escapes, which its parser reads
// back as the same bytes: a name with an ESC in it must not act on the
// terminal `facts` prints to. Escape already writes every non-ASCII rune,
// the bidi characters among them, as \u{…}, and newline and tab as \n \t.
func escapeControls(quoted string) string {
	clean := true
	for i := 0; i < len(quoted); i++ {
		if c := quoted[i]; c < 0x20 || c == 0x7f {
			clean = false
			break
		}
	}
	if clean {
		return quoted
	}
	var b strings.Builder
	for i := 0; i < len(quoted); i++ {
		if c := quoted[i]; c < 0x20 || c == 0x7f {
			b.WriteString(`\x`)
			b.WriteString(strconv.FormatUint(uint64(c)>>4, 16) + strconv.FormatUint(uint64(c)&0xf, 16))
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// formatAtom prints a fact as Mangle source, terminated by a period.
func formatAtom(a ast.Atom) string {
	var b strings.Builder
	b.WriteString(a.Predicate.Symbol)
	b.WriteByte('(')
	for i, t := range a.Args {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(formatTerm(t))
	}
	b.WriteString(").")
	return b.String()
}

// WriteFacts prints g's facts as Mangle source the `mg` interpreter and
// parse.Unit accept, headed by a comment naming the asset.
func WriteFacts(w io.Writer, g *ir.Graph) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# asset %d %s %s: %d nodes\n", g.Index, g.Kind, strconv.Quote(g.Name), len(g.Nodes))
	Export(g, func(a ast.Atom) {
		b.WriteString(formatAtom(a))
		b.WriteByte('\n')
	})
	_, err := io.WriteString(w, b.String())
	return err
}
