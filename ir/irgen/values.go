package irgen

import (
	"reuselab/ir"
)

// kind is one thing value() can make, with its weight.
type kind struct {
	weight int
	make   func(gn *gen) bool // false: could not (no room, no texture…); another is tried
}

var kinds = [...]kind{
	{14, func(gn *gen) bool { gn.constant(1+gn.r.IntN(4), gn.r.IntN(12) == 0); return true }},
	{3, (*gen).parameter},
	{1, (*gen).textureParameter},
	{3, (*gen).texCoord},
	{2, (*gen).time},
	{12, (*gen).swizzle},
	{6, (*gen).append},
	{10, (*gen).unary},
	{4, (*gen).negation},
	{14, (*gen).binary},
	{3, (*gen).ternary},
	{3, (*gen).vector},
	{3, (*gen).comparison},
	{2, (*gen).conversion},
	{2, (*gen).compare},
	{2, (*gen).selectNode},
	{1, (*gen).staticSwitch},
	{3, (*gen).custom},
	{2, (*gen).functionCall},
	{2, (*gen).textureSample},
}

var totalWeight = func() int {
	t := 0
	for _, k := range kinds {
		t += k.weight
	}
	return t
}()

// value makes one value node (sometimes a constant operand first, when room
// allows).
func (gn *gen) value(room int) {
	if room < 7 { // no room for a node and its fresh constant operands: a leaf
		gn.constant(1+gn.r.IntN(4), false)
		return
	}
	for {
		w := gn.r.IntN(totalWeight)
		for _, k := range kinds {
			if w < k.weight {
				if k.make(gn) {
					return
				}
				break
			}
			w -= k.weight
		}
	}
}

func (gn *gen) width() int { return 1 + gn.r.IntN(4) }

// operand picks an operand; now and then a constant, so that all-constant
// subtrees (foldable) are common.
func (gn *gen) operand(width int) val {
	if gn.r.IntN(5) == 0 {
		return gn.pickConstant(width)
	}
	return gn.pick(width, false)
}

func (gn *gen) pickConstant(width int) val {
	for range 4 {
		if len(gn.leaves) == 0 {
			break
		}
		if v := gn.vals[gn.leaves[gn.r.IntN(len(gn.leaves))]]; v.konst && !v.isBool && v.width == width {
			return v
		}
	}
	return gn.constant(width, false)
}

func (gn *gen) op(op ir.Op, out string, operands ...val) int {
	n := &ir.Node{Op: op, Outputs: []ir.Output{{Type: out}}}
	for _, v := range operands {
		n.Operands = append(n.Operands, v.ref)
	}
	return gn.add(n)
}

func (gn *gen) parameter() bool {
	if gn.params >= 8 {
		return false
	}
	gn.params++
	name := gn.sprintf("Param%d", gn.params)
	w := 1
	if gn.r.IntN(2) == 0 {
		w = 4
	}
	def := make([]float64, w)
	for k := range def {
		def[k] = gn.number()
	}
	props := []ir.Prop{{Name: "ParameterName", Value: ir.Str(name)}, {Name: "DefaultValue", Value: ir.Tuple(def...)},
		{Name: "SortPriority", Value: ir.Num(32)}}
	isBool := w == 1 && gn.r.IntN(6) == 0
	if isBool {
		props = append(props, ir.Prop{Name: "IsStatic", Value: ir.Bool(true)})
	}
	id := gn.add(&ir.Node{Op: ir.OpParameter, Props: props, Debug: name, Outputs: []ir.Output{{Type: typeOf(w, isBool)}}})
	gn.publish(id, 0, w, isBool, true)
	return true
}

func (gn *gen) textureParameter() bool {
	if len(gn.textures) >= 3 {
		return false
	}
	name := gn.sprintf("Tex%d", len(gn.textures))
	id := gn.add(&ir.Node{Op: ir.OpTextureParameter, Debug: name, Outputs: []ir.Output{{Type: "Texture2D"}},
		Props: []ir.Prop{{Name: "ParameterName", Value: ir.Str(name)}, {Name: "SortPriority", Value: ir.Num(0)}}})
	gn.textures = append(gn.textures, id)
	return true
}

func (gn *gen) texCoord() bool {
	id := gn.add(&ir.Node{Op: ir.OpReflected, Class: "TextureCoordinate",
		Props:   []ir.Prop{{Name: "CoordinateIndex", Value: ir.Num(float64(gn.r.IntN(2)))}},
		Outputs: []ir.Output{{Type: "float2"}}})
	gn.publish(id, 0, 2, false, true)
	return true
}

func (gn *gen) time() bool {
	id := gn.add(&ir.Node{Op: ir.OpReflected, Class: "Time", Outputs: []ir.Output{{Type: "float"}}})
	gn.publish(id, 0, 1, false, true)
	return true
}

// swizzle masks a value: an identity mask a quarter of the time, else an
// ascending subset; half the time of an earlier swizzle (mask of a mask).
func (gn *gen) swizzle() bool {
	var src val
	found := false
	if gn.r.IntN(2) == 0 {
		for range 4 {
			if len(gn.vals) == 0 {
				break
			}
			v := gn.vals[max(0, len(gn.vals)-1-gn.r.IntN(32))]
			if gn.g.Nodes[v.ref.Node].Op == ir.OpSwizzle && !v.isBool {
				src, found = v, true
				break
			}
		}
	}
	if !found {
		src = gn.pick(gn.width(), false)
	}
	mask := "xyzw"[:src.width]
	if gn.r.IntN(4) != 0 {
		var b []byte
		for k := 0; k < src.width; k++ {
			if gn.r.IntN(2) == 0 {
				b = append(b, "xyzw"[k])
			}
		}
		if len(b) == 0 {
			b = append(b, "xyzw"[gn.r.IntN(src.width)])
		}
		mask = string(b)
	}
	id := gn.add(&ir.Node{Op: ir.OpSwizzle, Operands: []ir.Ref{src.ref},
		Props: []ir.Prop{{Name: "Mask", Value: ir.Str(mask)}}, Outputs: []ir.Output{{Type: floatType(len(mask))}}})
	gn.publish(id, 0, len(mask), false, false)
	return true
}

func (gn *gen) append() bool {
	a := gn.operand(1 + gn.r.IntN(3))
	b := gn.operand(1 + gn.r.IntN(4-a.width))
	w := a.width + b.width
	gn.publish(gn.op(ir.OpAppend, floatType(w), a, b), 0, w, false, false)
	return true
}

var unaryOps = [...]ir.Op{ir.OpAbs, ir.OpFloor, ir.OpCeil, ir.OpRound, ir.OpFrac, ir.OpTruncate, ir.OpSign,
	ir.OpSaturate, ir.OpSqrt, ir.OpRsqrt, ir.OpRcp, ir.OpExp, ir.OpExp2, ir.OpLog, ir.OpLog2, ir.OpLog10,
	ir.OpSin, ir.OpCos, ir.OpTan, ir.OpAsin, ir.OpAcos, ir.OpAtan, ir.OpDDX, ir.OpDDY, ir.OpFwidth}

func (gn *gen) unary() bool {
	w := gn.width()
	a := gn.operand(w)
	gn.publish(gn.op(unaryOps[gn.r.IntN(len(unaryOps))], floatType(w), a), 0, w, false, false)
	return true
}

// negation is `-x`: of a constant (folds: `-0.5`) or of a value.
func (gn *gen) negation() bool {
	w := gn.width()
	a := gn.pick(w, false)
	if gn.r.IntN(2) == 0 {
		a = gn.pickConstant(w)
	}
	gn.publish(gn.op(ir.OpNegate, floatType(w), a), 0, w, false, false)
	return true
}

var binaryOps = [...]ir.Op{ir.OpAdd, ir.OpAdd, ir.OpSubtract, ir.OpMultiply, ir.OpMultiply, ir.OpDivide,
	ir.OpFmod, ir.OpMin, ir.OpMax, ir.OpPow, ir.OpAtan2, ir.OpStep}

// binary is a componentwise op; one side is scalar now and then (the engine
// broadcasts it).
func (gn *gen) binary() bool {
	w := gn.width()
	wa, wb := w, w
	if w > 1 && gn.r.IntN(4) == 0 {
		if gn.r.IntN(2) == 0 {
			wa = 1
		} else {
			wb = 1
		}
	}
	a, b := gn.operand(wa), gn.operand(wb)
	gn.publish(gn.op(binaryOps[gn.r.IntN(len(binaryOps))], floatType(w), a, b), 0, w, false, false)
	return true
}

func (gn *gen) ternary() bool {
	w := gn.width()
	ops := [...]ir.Op{ir.OpLerp, ir.OpClamp, ir.OpSmoothStep}
	a, b, c := gn.operand(w), gn.operand(w), gn.operand(w)
	gn.publish(gn.op(ops[gn.r.IntN(len(ops))], floatType(w), a, b, c), 0, w, false, false)
	return true
}

// vector is Dot, Length, Distance, Normalize, Cross or Reflect.
func (gn *gen) vector() bool {
	w := 2 + gn.r.IntN(3)
	switch gn.r.IntN(6) {
	case 0:
		gn.publish(gn.op(ir.OpDot, "float", gn.operand(w), gn.operand(w)), 0, 1, false, false)
	case 1:
		gn.publish(gn.op(ir.OpLength, "float", gn.operand(w)), 0, 1, false, false)
	case 2:
		gn.publish(gn.op(ir.OpDistance, "float", gn.operand(w), gn.operand(w)), 0, 1, false, false)
	case 3:
		gn.publish(gn.op(ir.OpNormalize, floatType(w), gn.operand(w)), 0, w, false, false)
	case 4:
		gn.publish(gn.op(ir.OpCross, "float3", gn.operand(3), gn.operand(3)), 0, 3, false, false)
	default:
		gn.publish(gn.op(ir.OpReflect, floatType(w), gn.operand(w), gn.operand(w)), 0, w, false, false)
	}
	return true
}

var comparisonOps = [...]ir.Op{ir.OpGreater, ir.OpGreaterEqual, ir.OpLess, ir.OpLessEqual, ir.OpEqual, ir.OpNotEqual}

// comparison is a bool-valued op: a comparison or logic.
func (gn *gen) comparison() bool {
	if gn.r.IntN(3) == 0 {
		a := gn.pick(1, true)
		if gn.r.IntN(3) == 0 {
			gn.publish(gn.op(ir.OpLogicalNot, "bool", a), 0, 1, true, false)
			return true
		}
		op := ir.OpLogicalAnd
		if gn.r.IntN(2) == 0 {
			op = ir.OpLogicalOr
		}
		gn.publish(gn.op(op, "bool", a, gn.pick(1, true)), 0, 1, true, false)
		return true
	}
	a, b := gn.operand(1), gn.operand(1)
	gn.publish(gn.op(comparisonOps[gn.r.IntN(len(comparisonOps))], "bool", a, b), 0, 1, true, false)
	return true
}

// conversion is a Convert of a bool to a float, or a Broadcast of a scalar.
func (gn *gen) conversion() bool {
	if gn.r.IntN(2) == 0 {
		a := gn.pick(1, true)
		gn.publish(gn.op(ir.OpConvert, "float", a), 0, 1, false, false)
		return true
	}
	w := 2 + gn.r.IntN(3)
	gn.publish(gn.op(ir.OpBroadcast, floatType(w), gn.operand(1)), 0, w, false, false)
	return true
}

// compare is the `if` merge node: Compare(A, B, gt, eq, lt).
func (gn *gen) compare() bool {
	w := gn.width()
	a, b := gn.pick(1, false), gn.operand(1)
	gt, eq := gn.pick(w, false), gn.pick(w, false)
	lt := eq
	if gn.r.IntN(3) == 0 {
		lt = gn.pick(w, false)
	}
	gn.publish(gn.op(ir.OpCompare, floatType(w), a, b, gt, eq, lt), 0, w, false, false)
	return true
}

func (gn *gen) selectNode() bool {
	w := gn.width()
	c := gn.pick(1, gn.r.IntN(2) == 0)
	gn.publish(gn.op(ir.OpSelect, floatType(w), c, gn.pick(w, false), gn.operand(w)), 0, w, false, false)
	return true
}

func (gn *gen) staticSwitch() bool {
	w := gn.width()
	c := gn.pick(1, true)
	gn.publish(gn.op(ir.OpStaticSwitch, floatType(w), c, gn.pick(w, false), gn.pick(w, false)), 0, w, false, false)
	return true
}

// custom is a Custom[Fn] call with named inputs and one or two outputs.
func (gn *gen) custom() bool {
	fn := gn.sprintf("Fn%d", gn.r.IntN(4))
	w := gn.width()
	n := &ir.Node{Op: ir.OpCustom, Class: fn,
		Props: []ir.Prop{{Name: "Code", Value: ir.Str(gn.intern("return " + fn + "(a, b);\n"))}, {Name: "Description", Value: ir.Str(fn)},
			{Name: "OutputType", Value: ir.Str(gn.sprintf("Float%d", w))}},
		Outputs: []ir.Output{{Name: "Result", Type: floatType(w)}}}
	for k := range 1 + gn.r.IntN(3) {
		n.Pins = append(n.Pins, ir.Pin{Name: "abc"[k : k+1], Ref: gn.operand(gn.width()).ref})
	}
	extra := gn.r.IntN(3) == 0
	if extra {
		n.Outputs = append(n.Outputs, ir.Output{Name: "extra", Type: "float"})
		n.Props = append(n.Props, ir.Prop{Name: "AdditionalOutputs", Value: ir.Str("[extra:Float1]")})
	}
	id := gn.add(n)
	gn.publish(id, 0, w, false, false)
	if extra {
		gn.publish(id, 1, 1, false, false)
	}
	return true
}

// functionCall is a FunctionCall[path] with some of its declared inputs.
func (gn *gen) functionCall() bool {
	path := gn.sprintf(`Path(Game, "Functions/MF_%d")`, gn.r.IntN(3))
	n := &ir.Node{Op: ir.OpFunctionCall, Class: path,
		Props:   []ir.Prop{{Name: "FunctionPath", Value: ir.Str(path)}, {Name: "DeclaredInputs", Value: ir.Str("[First, Second]")}},
		Outputs: []ir.Output{{Name: "Result", Type: "float3"}, {Name: "Alpha", Type: "float"}}}
	if gn.r.IntN(4) != 0 {
		n.Pins = append(n.Pins, ir.Pin{Name: "First", Ref: gn.operand(3).ref})
	}
	if gn.r.IntN(2) == 0 {
		n.Pins = append(n.Pins, ir.Pin{Name: "Second", Ref: gn.operand(1).ref})
	}
	id := gn.add(n)
	gn.publish(id, 0, 3, false, false)
	gn.publish(id, 1, 1, false, false)
	return true
}

// textureSample reads a texture at a float2, through several outputs.
func (gn *gen) textureSample() bool {
	if len(gn.textures) == 0 {
		return gn.textureParameter()
	}
	tex := gn.textures[gn.r.IntN(len(gn.textures))]
	uv := gn.pick(2, false)
	id := gn.add(&ir.Node{Op: ir.OpTextureSample, Operands: []ir.Ref{{Node: tex}, uv.ref, ir.NoRef, ir.NoRef},
		Outputs: []ir.Output{{Name: "RGBA", Type: "float4"}, {Name: "R", Type: "float"}, {Name: "G", Type: "float"},
			{Name: "B", Type: "float"}, {Name: "A", Type: "float"}}})
	gn.publish(id, 0, 4, false, false)
	for k := 1; k <= 4; k++ {
		gn.publish(id, k, 1, false, false)
	}
	return true
}
