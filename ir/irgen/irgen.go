// Package irgen makes random but valid IR graphs: a Material with one
// MaterialSink, or a MaterialFunction with inputs and outputs, of a given
// size, shape and duplicate rate, the same graph for the same Config.
//
// The graphs hold what the reuse passes have to deal with: constants (some
// equal to 9 significant digits only, some bool), parameters (some never
// read: DSH4390), Reflected TexCoord and Time, swizzles with identity masks
// and masks of masks, Append chains, core math with foldable all-constant
// subtrees and negations, Convert and Broadcast, Compare, Select and
// StaticSwitch, texture samples read through several outputs, Custom and
// FunctionCall nodes with named inputs in any order, and custom-output
// statements. Nodes are created in topological order, as the builder does.
//
// Duplicates are structural copies of an earlier node whose operands are
// themselves copies of the original's operands (chosen at random among the
// copies), so that merging them needs the induction dedupe relies on, with
// named inputs shuffled and constants perturbed below 9 significant digits.
//
// Benchmarks, the Datalog engine's agreement tests and fuzzing use it.
package irgen

import (
	"fmt"
	"math/rand/v2"

	"reuselab/ir"
)

// Shapes of a generated graph.
const (
	// Forest is many shallow trees over shared leaves, each read by a
	// statement of its own: the usual material.
	Forest = "forest"
	// Deep is long dependency chains: operands come from the last few nodes.
	Deep = "deep"
)

// Config says what to generate.
type Config struct {
	Seed     uint64
	Nodes    int     // node count, statements included (at least 2; 3 for a function)
	DupRate  float64 // share of value nodes made as a structural copy of an earlier one, 0..1
	Shape    string  // Forest (default) or Deep
	Function bool    // a MaterialFunction with FunctionInputs and FunctionOutputs, not a Material
	Legacy   bool    // a 1.x product: identity masks stay (R4)
}

// ConfigFromBytes maps fuzzer input to a Config: a few leading bytes choose
// the size, duplicate rate, shape and kind; the rest feeds the seed.
func ConfigFromBytes(b []byte) Config {
	at := func(i int) byte {
		if i < len(b) {
			return b[i]
		}
		return 0
	}
	var seed uint64 = 0x9e3779b97f4a7c15
	for _, c := range b {
		seed = (seed ^ uint64(c)) * 0x100000001b3
	}
	cfg := Config{
		Seed:     seed,
		Nodes:    2 + int(at(0))%120 + int(at(1)&0x3)*40,
		DupRate:  float64(at(2)) / 255,
		Shape:    Forest,
		Function: at(3)&1 != 0,
		Legacy:   at(3)&2 != 0,
	}
	if at(3)&4 != 0 {
		cfg.Shape = Deep
	}
	return cfg
}

// Generate makes the graph cfg describes.
func Generate(cfg Config) *ir.Graph {
	if cfg.Shape == "" {
		cfg.Shape = Forest
	}
	minNodes := 2
	if cfg.Function {
		minNodes = 3
	}
	cfg.Nodes = max(cfg.Nodes, minNodes)
	cfg.DupRate = min(max(cfg.DupRate, 0), 1)

	kind, name := ir.Material, "M_Gen"
	if cfg.Function {
		kind, name = ir.MaterialFunction, "MF_Gen"
	}
	gn := &gen{
		cfg:    cfg,
		r:      rand.New(rand.NewPCG(cfg.Seed, cfg.Seed^0x5851f42d4c957f2d)),
		g:      ir.NewGraph(kind, fmt.Sprintf("%s_%d", name, cfg.Seed%1000)),
		copies: map[int][]int{},
		strs:   map[string]string{},
	}
	gn.g.Legacy = cfg.Legacy
	gn.build()
	return gn.g
}

// val is a value a later node may read.
type val struct {
	ref    ir.Ref
	width  int  // 1..4
	isBool bool // a bool value (comparison, logic, bool constant)
	leaf   bool // constant, parameter or engine read: shared by every tree
	konst  bool
}

type gen struct {
	cfg Config
	r   *rand.Rand
	g   *ir.Graph

	vals     []val         // every value in creation order
	leaves   []int         // indices into vals of leaf values
	treeFrom int           // first vals index of the current tree (Forest)
	frontier []int         // node ids of values nothing reads yet
	fpos     []int32       // node id → 1 + its index in frontier, 0 when not there
	class    []int         // node id → the node it is a copy of (itself for an original)
	copies   map[int][]int // original → its structurally equal nodes, itself first
	params   int           // parameters declared so far
	textures []int         // TextureParameter node ids
	line     int
	strs     map[string]string
}

// reserved is how many nodes the tail needs: the sink, or the outputs.
func (gn *gen) reserved() int {
	if gn.cfg.Function {
		return 1 + min(2, gn.cfg.Nodes/8)
	}
	return 1
}

func (gn *gen) build() {
	if gn.cfg.Function {
		for k := range 1 + min(2, gn.cfg.Nodes/10) {
			gn.input(k)
		}
	}
	treeSize := 4 + gn.r.IntN(8)
	for len(gn.g.Nodes) < gn.cfg.Nodes-gn.reserved() {
		room := gn.cfg.Nodes - gn.reserved() - len(gn.g.Nodes)
		switch {
		case gn.cfg.Shape == Forest && len(gn.vals)-gn.treeFrom >= treeSize && room >= 2:
			gn.statement()
			gn.treeFrom, treeSize = len(gn.vals), 4+gn.r.IntN(8)
		case gn.cfg.Shape == Deep && len(gn.frontier) > 24 && gn.r.IntN(8) == 0 && room >= 2:
			gn.statement()
		case gn.r.Float64() < gn.cfg.DupRate && gn.duplicate():
		default:
			gn.value(room)
		}
	}
	gn.tail()
}

// pick chooses a value of the given width and kind for an operand: a shared
// leaf now and then, else one of the current tree (Forest) or of the last
// eight values (Deep), else a recent one, else a fresh constant.
func (gn *gen) pick(width int, isBool bool) val {
	fits := func(v val) bool { return v.width == width && v.isBool == isBool }
	pLeaf := 0.4
	if gn.cfg.Shape == Deep {
		pLeaf = 0.15
	}
	if len(gn.leaves) > 0 && gn.r.Float64() < pLeaf {
		for range 6 {
			if v := gn.vals[gn.leaves[gn.r.IntN(len(gn.leaves))]]; fits(v) {
				return v
			}
		}
	}
	from := gn.treeFrom
	if gn.cfg.Shape == Deep {
		from = max(0, len(gn.vals)-8)
	}
	if n := len(gn.vals) - from; n > 0 {
		for range 6 {
			if v := gn.vals[from+gn.r.IntN(n)]; fits(v) {
				return v
			}
		}
	}
	for k := len(gn.vals) - 1; k >= 0 && k >= len(gn.vals)-64; k-- {
		if v := gn.vals[k]; fits(v) {
			return v
		}
	}
	return gn.constant(width, isBool)
}

func (gn *gen) add(n *ir.Node) int {
	gn.line++
	n.Span = ir.Span{Line: gn.line, Col: 1 + gn.r.IntN(40)}
	if n.Debug == "" && n.Role == ir.RoleValue && gn.r.IntN(3) > 0 {
		n.Debug = gn.sprintf("v%d", gn.r.IntN(50))
	}
	id := gn.g.Add(n)
	gn.fpos = append(gn.fpos, 0)
	gn.class = append(gn.class, id)
	n.Inputs(func(r ir.Ref) { gn.dropFrontier(r.Node) })
	return id
}

func (gn *gen) dropFrontier(id int) {
	k := int(gn.fpos[id]) - 1
	if k < 0 {
		return
	}
	last := gn.frontier[len(gn.frontier)-1]
	gn.frontier[k] = last
	gn.fpos[last] = int32(k + 1)
	gn.frontier = gn.frontier[:len(gn.frontier)-1]
	gn.fpos[id] = 0
}

func (gn *gen) takeFrontier(k int) int {
	id := gn.frontier[k]
	gn.dropFrontier(id)
	return id
}

// publish makes output out of node id readable as a value.
func (gn *gen) publish(id, out, width int, isBool, leaf bool) val {
	v := val{ref: ir.Ref{Node: id, Out: out}, width: width, isBool: isBool, leaf: leaf,
		konst: gn.g.Nodes[id].Op == ir.OpConstant}
	gn.vals = append(gn.vals, v)
	if leaf {
		gn.leaves = append(gn.leaves, len(gn.vals)-1)
	}
	if out == 0 && !leaf && gn.fpos[id] == 0 {
		gn.frontier = append(gn.frontier, id)
		gn.fpos[id] = int32(len(gn.frontier))
	}
	return v
}

var floatTypes = [...]string{"", "float", "float2", "float3", "float4"}
var boolTypes = [...]string{"", "bool", "bool2", "bool3", "bool4"}

func floatType(w int) string { return floatTypes[w] }

func boolType(w int) string { return boolTypes[w] }

// intern returns one copy of each distinct string, as a compiler shares the
// names of its syntax tree: the graph's strings are not one allocation each.
func (gn *gen) intern(s string) string {
	if t, ok := gn.strs[s]; ok {
		return t
	}
	gn.strs[s] = s
	return s
}

// sprintf is fmt.Sprintf, interned.
func (gn *gen) sprintf(format string, args ...any) string {
	return gn.intern(fmt.Sprintf(format, args...))
}

func typeOf(w int, isBool bool) string {
	if isBool {
		return boolType(w)
	}
	return floatType(w)
}

// numbers the constants are drawn from: duplicates by value are common, some
// differ only past 9 significant digits, and some make the guards fire.
var numbers = [...]float64{0, 1, 2, 0.5, -1, 0.25, 3, 10, -0.5, 1.0000000001, 0.1, 0.2, -2, 4}

func (gn *gen) number() float64 { return numbers[gn.r.IntN(len(numbers))] }

// constant makes a fresh Constant of the given width.
func (gn *gen) constant(width int, isBool bool) val {
	vs := make([]float64, width)
	for k := range vs {
		if isBool {
			vs[k] = float64(gn.r.IntN(2))
		} else {
			vs[k] = gn.number()
		}
	}
	id := gn.add(&ir.Node{Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(vs...)}},
		Outputs: []ir.Output{{Type: typeOf(width, isBool)}}})
	return gn.publish(id, 0, width, isBool, true)
}

func (gn *gen) input(k int) {
	w := 1 + gn.r.IntN(4)
	id := gn.add(&ir.Node{Op: ir.OpFunctionInput, Role: ir.RoleInput, Debug: gn.sprintf("In%d", k),
		Props: []ir.Prop{{Name: "InputName", Value: ir.Str(gn.sprintf("In%d", k))},
			{Name: "InputType", Value: ir.Str(gn.sprintf("Vector%d", w))},
			{Name: "IsOptional", Value: ir.Bool(false)}, {Name: "SortPriority", Value: ir.Num(float64(k))}},
		Outputs: []ir.Output{{Type: floatType(w)}}})
	gn.g.Inputs = append(gn.g.Inputs, id)
	gn.publish(id, 0, w, false, true)
}

// statement reads up to four unread values with a custom-output node (a
// Reflected class without outputs: a prune root, never merged).
func (gn *gen) statement() {
	n := &ir.Node{Op: ir.OpReflected, Class: "DreamPassOutput", Role: ir.RoleStatement,
		Props: []ir.Prop{{Name: "Pass", Value: ir.Num(float64(gn.r.IntN(3)))}}}
	for k := 0; k < 4 && len(gn.frontier) > 0; k++ {
		id := gn.takeFrontier(gn.r.IntN(len(gn.frontier)))
		n.Pins = append(n.Pins, ir.Pin{Name: gn.sprintf("Input%d", k), Ref: ir.Ref{Node: id}})
	}
	if len(n.Pins) == 0 {
		v := gn.pick(1, false)
		n.Pins = append(n.Pins, ir.Pin{Name: "Input0", Ref: v.ref})
	}
	gn.add(n)
}

var sinkPins = [...]string{"EmissiveColor", "Opacity", "BaseColor", "Roughness", "Metallic",
	"Specular", "Normal", "OpacityMask", "AmbientOcclusion", "WorldPositionOffset"}

// tail ends the graph: the MaterialSink, or the FunctionOutputs, reading the
// values nothing reads yet (a few stay unread and are pruned).
func (gn *gen) tail() {
	next := func() ir.Ref {
		if len(gn.frontier) > 0 {
			return ir.Ref{Node: gn.takeFrontier(len(gn.frontier) - 1)}
		}
		if len(gn.vals) > 0 {
			return gn.vals[gn.r.IntN(len(gn.vals))].ref
		}
		return ir.NoRef
	}
	if gn.cfg.Function {
		for k := range gn.reserved() {
			r := next()
			n := &ir.Node{Op: ir.OpFunctionOutput, Role: ir.RoleStatement, Debug: gn.sprintf("Out%d", k),
				Props: []ir.Prop{{Name: "OutputName", Value: ir.Str(gn.sprintf("Out%d", k))},
					{Name: "SortPriority", Value: ir.Num(float64(k))}}}
			if r.Valid() {
				n.Operands = []ir.Ref{r}
			}
			gn.g.Outputs = append(gn.g.Outputs, gn.add(n))
		}
		return
	}
	sink := &ir.Node{Op: ir.OpMaterialSink, Role: ir.RoleStatement}
	for k := 0; k < len(sinkPins) && (k == 0 || len(gn.frontier) > 0); k++ {
		if r := next(); r.Valid() {
			sink.Pins = append(sink.Pins, ir.Pin{Name: sinkPins[k], Ref: r})
		}
	}
	gn.g.Sink = gn.add(sink)
}

// duplicate copies a random earlier value node, reading copies of its
// operands. It reports false when there is nothing to copy.
func (gn *gen) duplicate() bool {
	if len(gn.vals) == 0 {
		return false
	}
	v := gn.vals[gn.r.IntN(len(gn.vals))]
	orig := gn.g.Nodes[v.ref.Node]
	if orig.Role != ir.RoleValue {
		return false
	}
	c := orig.Clone()
	c.Debug = ""
	alt := func(r ir.Ref) ir.Ref {
		if cs := gn.copies[gn.class[r.Node]]; len(cs) > 0 {
			r.Node = cs[gn.r.IntN(len(cs))]
		}
		return r
	}
	c.MapInputs(alt)
	if len(c.Pins) > 1 {
		gn.r.Shuffle(len(c.Pins), func(i, j int) { c.Pins[i], c.Pins[j] = c.Pins[j], c.Pins[i] })
	}
	if len(c.Props) > 1 && gn.r.IntN(2) == 0 {
		gn.r.Shuffle(len(c.Props), func(i, j int) { c.Props[i], c.Props[j] = c.Props[j], c.Props[i] })
	}
	if c.Op == ir.OpConstant && gn.r.IntN(4) == 0 {
		for k := range c.Props[0].Value.Nums {
			c.Props[0].Value.Nums[k] *= 1 + 1e-13 // below 9 significant digits
		}
	}
	id := gn.add(c)
	root := gn.class[v.ref.Node]
	if len(gn.copies[root]) == 0 {
		gn.copies[root] = []int{root}
	}
	gn.copies[root] = append(gn.copies[root], id)
	gn.class[id] = root
	for k, o := range c.Outputs {
		if w := ir.TypeWidth(o.Type); w > 0 {
			gn.publish(id, k, w, o.Type[0] == 'b', false)
		}
	}
	return true
}
