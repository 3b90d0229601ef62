package clauses

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"reuselab/ir"
)

// maxCases bounds the width combinations of one pattern (four open widths).
const maxCases = 256

// instance is one typed graph of a pattern: every free value, constant
// and op node with a width.
type instance struct {
	g *ir.Graph
	// at gives each node variable, and each free value ("R#Q"), its ref.
	at map[string]ir.Ref
	// ids are the numbers a comparison of the body reads: node ids and
	// output pins.
	ids map[string]int
	// pins lists, per free node, the variables naming its outputs
	pins  map[string][]string
	cases string // the widths, in words
}

// freeKeys lists the pattern's free values (a node whose op is open, read
// through one output) and the constants whose width is open, in order of
// first appearance.
func (p *pattern) openWidths() (free []string, consts []*pnode) {
	seen := map[string]bool{}
	for _, n := range p.sortedNodes() {
		if n.op == "Constant" && n.width == 0 {
			consts = append(consts, n)
		}
		slots := make([]int, 0, len(n.operands))
		for i := range n.operands {
			slots = append(slots, i)
		}
		sort.Ints(slots)
		for _, i := range slots {
			r := n.operands[i]
			src := p.nodes[varOf(p.sub, r.node)]
			if src == nil || src.op != "" {
				continue
			}
			if k := r.key(p.sub); !seen[k] {
				seen[k] = true
				free = append(free, k)
			}
		}
	}
	for _, t := range p.types {
		src := p.nodes[varOf(p.sub, t.at.node)]
		if src != nil && src.op == "" {
			if k := t.at.key(p.sub); !seen[k] {
				seen[k] = true
				free = append(free, k)
			}
		}
	}
	return free, consts
}

// instances makes every typed graph of the pattern, narrowest first;
// extra lists refs the claim reads that must have a node (a head's R#Q).
func (p *pattern) instances(extra []ref) ([]instance, error) {
	for _, r := range extra {
		src := p.nodes[varOf(p.sub, r.node)]
		if src == nil {
			return nil, fmt.Errorf("its head names %s, which the body does not read", p.sub.walk(r.node))
		}
		if src.op == "" {
			p.types = append(p.types, typing{at: r}) // makes it a free value
		}
	}
	free, consts := p.openWidths()
	k := len(free) + len(consts)
	total := 1
	for i := 0; i < k; i++ {
		total *= 4
		if total > maxCases {
			return nil, fmt.Errorf("more than %d width combinations (%d open widths)", maxCases, k)
		}
	}
	var out []instance
	w := make([]int, k)
	for c := 0; c < total; c++ {
		x := c
		for i := k - 1; i >= 0; i-- {
			w[i] = x%4 + 1
			x /= 4
		}
		widths := map[string]int{}
		for i, f := range free {
			widths[f] = w[i]
		}
		for i, n := range consts {
			widths[n.v] = w[len(free)+i]
		}
		if in, ok := p.instance(widths); ok {
			out = append(out, in)
		}
	}
	return out, nil
}

// widthOf is the width of what r reads under widths, 0 when unknown.
func (p *pattern) widthOf(r ref, widths map[string]int) int {
	src := p.nodes[varOf(p.sub, r.node)]
	if src == nil {
		return 0
	}
	if src.op == "" {
		return widths[r.key(p.sub)]
	}
	return widths[src.v]
}

// instance types the pattern with the open widths given, or says it
// cannot be typed so.
func (p *pattern) instance(widths map[string]int) (instance, bool) {
	nodes := p.sortedNodes()
	for _, n := range nodes {
		if n.op == "Constant" && n.width != 0 {
			widths[n.v] = n.width
		}
	}
	// op nodes in dependency order: a pass types every node whose
	// operands are typed; as many passes as nodes at most.
	var ops []*pnode
	for pass := 0; pass <= len(nodes); pass++ {
		progress := false
		for _, n := range nodes {
			sh, ok := shapes[n.op]
			if !ok || widths[n.v] != 0 {
				continue
			}
			ws := make([]int, sh.arity)
			ready := true
			for i := 0; i < sh.arity; i++ {
				ws[i] = p.widthOf(n.operands[i], widths)
				ready = ready && ws[i] != 0
			}
			if !ready {
				continue
			}
			out := 1
			for _, x := range ws {
				out = max(out, x)
			}
			if sh.dot {
				out = 1
			}
			widths[n.v] = out
			ops = append(ops, n)
			progress = true
		}
		if !progress {
			break
		}
	}
	for _, n := range nodes {
		if _, ok := shapes[n.op]; ok && widths[n.v] == 0 {
			return instance{}, false // a cycle: no graph
		}
		for i := range n.lanes {
			if i >= widths[n.v] {
				return instance{}, false
			}
		}
		for i := range n.laneVar {
			if i >= widths[n.v] {
				return instance{}, false
			}
		}
	}
	tvars := map[string]int{}
	for _, t := range p.types {
		w := p.widthOf(t.at, widths)
		if w == 0 {
			if t.pinned != "" || t.tvar != "" {
				// an output other than 0 of an op node: no such output
				src := p.nodes[varOf(p.sub, t.at.node)]
				if src != nil && src.op != "" {
					return instance{}, false
				}
			}
			continue
		}
		if t.pinned != "" && ir.TypeWidth(t.pinned) != w {
			return instance{}, false
		}
		if t.tvar != "" {
			v := varOf(p.sub, term{v: t.tvar})
			if v == "" {
				if tw := ir.TypeWidth(p.sub.walk(term{v: t.tvar}).c.s); tw != w {
					return instance{}, false
				}
				continue
			}
			if old, ok := tvars[v]; ok && old != w {
				return instance{}, false
			}
			tvars[v] = w
		}
	}
	return p.graph(widths, ops), true
}

func floatType(w int) string {
	if w == 1 {
		return "float"
	}
	return fmt.Sprintf("float%d", w)
}

// graph writes the typed pattern as an IR graph: free values are
// Parameters (one name each, so independent), constants Constants (a lane
// the body leaves open a Parameter appended in its place), op nodes
// themselves.
func (p *pattern) graph(widths map[string]int, ops []*pnode) instance {
	in := instance{g: ir.NewGraph(ir.Material, "M_Clause"), at: map[string]ir.Ref{}, ids: map[string]int{}, pins: map[string][]string{}}
	var cases []string
	used := map[string]bool{}
	param := func(name string, w int) ir.Ref {
		// one name, one value: two free values must never share a name
		base := name
		for i := 2; used[name]; i++ {
			name = fmt.Sprintf("%s_%d", base, i)
		}
		used[name] = true
		return ir.Ref{Node: in.g.Add(&ir.Node{Op: ir.OpParameter, Outputs: []ir.Output{{Type: floatType(w)}},
			Props: []ir.Prop{{Name: "ParameterName", Value: ir.Str(name)}}})}
	}
	add := func(op ir.Op, w int, args ...ir.Ref) ir.Ref {
		return ir.Ref{Node: in.g.Add(&ir.Node{Op: op, Operands: args, Outputs: []ir.Output{{Type: floatType(w)}}})}
	}
	for _, n := range p.sortedNodes() {
		switch n.op {
		case "":
			continue
		case "Constant":
			w := widths[n.v]
			cases = append(cases, fmt.Sprintf("%s: %s", display(n.v), floatType(w)))
			var lanes []ir.Ref
			all := len(n.lanes) == w
			if all {
				vals := make([]float64, w)
				for i := range vals {
					vals[i] = n.lanes[i]
				}
				r := ir.Ref{Node: in.g.Add(&ir.Node{Op: ir.OpConstant, Outputs: []ir.Output{{Type: floatType(w)}},
					Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(vals...)}}})}
				in.at[n.v] = r
				in.ids[n.v] = r.Node
				continue
			}
			for i := 0; i < w; i++ {
				if f, ok := n.lanes[i]; ok {
					lanes = append(lanes, ir.Ref{Node: in.g.Add(&ir.Node{Op: ir.OpConstant, Outputs: []ir.Output{{Type: "float"}},
						Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(f)}}})})
					continue
				}
				r := param(fmt.Sprintf("%s.lane%d", display(n.v), i), 1)
				lanes = append(lanes, r)
				if v, ok := n.laneVar[i]; ok {
					in.at["lane:"+varOf(p.sub, term{v: v})] = r
				}
			}
			acc := lanes[0]
			for i := 1; i < w; i++ {
				acc = add(ir.OpAppend, i+1, acc, lanes[i])
			}
			in.at[n.v] = acc
			in.ids[n.v] = acc.Node
		default:
			if _, ok := shapes[n.op]; ok {
				continue
			}
		}
	}
	for _, n := range p.sortedNodes() {
		if n.op != "" {
			continue
		}
		var keys []string
		for k := range widths {
			if strings.HasPrefix(k, n.v+"#") {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		// pins named by variables take the numbers the others leave
		used := map[int]bool{}
		for _, k := range keys {
			if q, err := strconv.Atoi(k[strings.LastIndexByte(k, '#')+1:]); err == nil {
				used[q] = true
			}
		}
		next := 0
		for _, k := range keys {
			name := display(strings.TrimSuffix(k, "#0"))
			r := param(name, widths[k])
			cases = append(cases, fmt.Sprintf("%s: %s", name, floatType(widths[k])))
			in.at[k] = r
			if _, ok := in.ids[n.v]; !ok {
				in.ids[n.v] = r.Node
			}
			q := k[strings.LastIndexByte(k, '#')+1:]
			if _, err := strconv.Atoi(q); err != nil {
				for used[next] {
					next++
				}
				used[next] = true
				in.ids[q] = next
				in.pins[n.v] = append(in.pins[n.v], q)
			}
		}
	}
	for _, n := range ops {
		op, _ := ir.ParseOp(n.op)
		sh := shapes[n.op]
		args := make([]ir.Ref, sh.arity)
		for i := range args {
			args[i] = in.ref(p, n.operands[i])
		}
		r := add(op, widths[n.v], args...)
		cases = append(cases, fmt.Sprintf("%s = %s: %s", display(n.v), n.op, floatType(widths[n.v])))
		in.at[n.v] = r
		in.ids[n.v] = r.Node
	}
	in.cases = strings.Join(cases, ", ")
	return in
}

// ref is the graph's ref for what r reads.
func (in instance) ref(p *pattern, r ref) ir.Ref {
	src := p.nodes[varOf(p.sub, r.node)]
	if src != nil && src.op == "" {
		return in.at[r.key(p.sub)]
	}
	return in.at[varOf(p.sub, r.node)]
}

// display is a clause variable as a reader knows it: without the suffix
// the unfolding gave a copy, and primed in the second clause of a pair of
// signatures (N and N').
func display(v string) string {
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] != '~' {
			b.WriteByte(v[i])
			continue
		}
		end := i + 1
		for end < len(v) && v[end] != '.' && v[end] != '#' && v[end] != '~' {
			end++
		}
		if v[i+1:end] == "b" {
			b.WriteByte('\'')
		}
		i = end - 1
	}
	return b.String()
}
