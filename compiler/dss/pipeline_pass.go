package dss

// Passes of a `.dsp`: keys per kind, bindings, the defaults the binder
// fills in, mesh filters in their normal form, `param` values folded to a
// constant or `Source * a + b`, and the checks that need the frame order.

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

var passKeys = map[string][]string{
	"fullscreen": {"Material", "Shader", "Entry"},
	"compute":    {"Shader", "Entry", "Threads", "Dispatch"},
	"mesh":       {"Filter", "Material", "Mode", "Depth", "Cull", "Blend", "Usage", "Nanite", "NaniteValue"},
	"clear":      {"Value"},
	"copy":       {},
}

func passTakes(kind, key string) bool {
	if key == "Injection" || key == "Enabled" {
		return true
	}
	for _, k := range passKeys[kind] {
		if k == key {
			return true
		}
	}
	return false
}

// maxFilterTerms bounds a filter's normal form, which distributing `&`
// over `|` can grow.
const maxFilterTerms = 256

func (b *pipeBinder) passes(defaultInj string, buffers []*boundBuffer) []*boundPass {
	var out []*boundPass
	for i := range b.f.passes {
		src := &b.f.passes[i]
		p := &boundPass{src: src, injection: defaultInj}
		pos := b.at(src.line, src.col)
		if !passKinds[src.kind] {
			b.ds.Errorf(pos, "DSH7304", "'%s' is not a pass kind; a pass is fullscreen, compute, mesh, clear or copy.", src.kind)
		}
		keys := map[string]pipeKV{}
		for _, kv := range src.keys {
			kpos := b.at(kv.line, kv.col)
			if old, dup := keys[kv.key]; dup {
				b.ds.Errorf(kpos, "DSH7312", "'%s' is set twice in pass '%s'; it was already set on line %d.", kv.key, src.name, old.line)
				continue
			}
			if passKinds[src.kind] && !passTakes(src.kind, kv.key) {
				owner := ""
				for _, k := range []string{"fullscreen", "compute", "mesh", "clear"} {
					if passTakes(k, kv.key) {
						owner = k
						break
					}
				}
				if owner != "" {
					b.ds.Errorf(kpos, "DSH7311", "'%s' is a key of %s passes, and '%s' is a %s pass.", kv.key, owner, src.name, src.kind)
				} else {
					b.ds.Errorf(kpos, "DSH7310", "'%s' is not a key of a %s pass.", kv.key, src.kind)
				}
				continue
			}
			keys[kv.key] = kv
		}
		str := func(k string) (string, bool) {
			kv, ok := keys[k]
			if !ok {
				return "", false
			}
			if len(kv.val) != 1 || kv.val[0].kind != 's' || kv.val[0].text == "" {
				b.ds.Errorf(b.at(kv.line, kv.col), "DSH7313", "'%s' of pass '%s' is a quoted, non-empty string.", k, src.name)
				return "", false
			}
			return kv.val[0].text, true
		}
		word := func(k string) string {
			if kv, ok := keys[k]; ok {
				return joinToks(kv.val)
			}
			return ""
		}
		if v := word("Injection"); v != "" {
			p.injection = b.injection(v, keys["Injection"].line, keys["Injection"].col)
		}
		if v := word("Enabled"); v == "false" {
			b.ds.Errorf(pos, "DSH7322", "'Enabled' is false, so this would never run, and a pipeline asset has no switch that is always off; drive it with a 'uniform bool', or comment the declaration out.")
		} else if v != "" && v != "true" {
			p.enabled = v
		}
		material, hasMaterial := str("Material")
		shader, hasShader := str("Shader")
		entry := word("Entry")
		var reads, writes []pipeBinding
		for _, bd := range src.bindings {
			switch bd.verb {
			case "read":
				reads = append(reads, bd)
			case "write":
				writes = append(writes, bd)
			}
		}
		switch src.kind {
		case "compute", "fullscreen":
			if src.kind == "fullscreen" && hasMaterial {
				p.lines = append(p.lines, fmt.Sprintf("material %q object=\"\"", material))
				if p.injection == "BeginView" || p.injection == "BeforeBasePass" {
					b.ds.Errorf(pos, "DSH7325", "A fullscreen material pass needs the scene textures, which do not exist yet at %s; run '%s' at AfterBasePass or later.", p.injection, src.name)
				}
				if hasShader {
					b.ds.Errorf(pos, "DSH7316", "Fullscreen pass '%s' draws a 'Material' or runs a 'Shader', and it names both.", src.name)
				}
				break
			}
			entryOut := entry
			if entryOut == "" {
				entryOut = "-"
			}
			switch {
			case hasShader:
				virtual := ""
				if strings.HasPrefix(shader, "/") {
					virtual = shader
				}
				p.lines = append(p.lines, fmt.Sprintf("shader %q virtual=%q entry=%s", shader, virtual, entryOut))
				if entry == "" {
					b.ds.Errorf(pos, "DSH7315", "Pass '%s' runs a shader and names no 'Entry'.", src.name)
				}
			case src.hlsl != nil:
				p.lines = append(p.lines, fmt.Sprintf("hlsl Body line=%d lines=%d entry=%s", src.hlsl.line, src.hlsl.lines, entryOut))
			case entry != "" && b.f.hlsl != nil:
				p.lines = append(p.lines, "hlsl Shared entry="+entry)
			default:
				b.ds.Errorf(pos, "DSH7315", "Pass '%s' needs 'Shader = \"<file>.usf\"' with 'Entry', or HLSL of the file.", src.name)
			}
			if src.kind == "compute" {
				p.lines = append(p.lines, b.threadsAndDispatch(keys, writes))
			}
			if len(writes) == 0 {
				b.ds.Errorf(pos, "DSH7317", "Pass '%s' runs a shader and writes nothing.", src.name)
			}
		case "mesh":
			if p.injection == "BeginView" || p.injection == "EndOfView" {
				b.ds.Errorf(pos, "DSH7325", "A mesh pass has no depth to draw against at %s; run '%s' from BeforeBasePass to PostProcess.AfterFXAA.", p.injection, src.name)
			}
			if hasMaterial {
				p.lines = append(p.lines, fmt.Sprintf("material %q object=\"\"", material))
			}
			filter, hasStencil := "", false
			if kv, ok := keys["Filter"]; ok {
				filter, hasStencil = b.filter(kv)
				p.lines = append(p.lines, "filter "+filter)
			} else {
				b.ds.Errorf(pos, "DSH7315", "Mesh pass '%s' needs a 'Filter'.", src.name)
			}
			p.lines = append(p.lines, b.meshLine(src, keys, hasMaterial, hasStencil, buffers))
			if len(reads) > 0 {
				b.ds.Errorf(pos, "DSH7317", "Mesh pass '%s' reads a buffer; its material samples what it needs itself.", src.name)
			}
		case "clear":
			value := "(0, 0, 0, 0)"
			if kv, ok := keys["Value"]; ok {
				v, ok := b.fold(kv.val)
				if !ok || v.affine || len(v.vals) > 4 {
					b.ds.Errorf(b.at(kv.line, kv.col), "DSH7313", "'Value' of pass '%s' is one to four numbers.", src.name)
				} else {
					value = tuple(padTo(v.vals, 4, true))
				}
			}
			p.lines = append(p.lines, "value="+value)
			if len(writes) != 1 || len(reads) != 0 {
				b.ds.Errorf(pos, "DSH7317", "A clear pass writes exactly one buffer and reads none, and '%s' does not.", src.name)
			}
		case "copy":
			if len(writes) != 1 || len(reads) != 1 {
				b.ds.Errorf(pos, "DSH7317", "A copy pass reads one buffer and writes one, and '%s' does not.", src.name)
			}
		}
		for _, verb := range []string{"read", "write", "param"} {
			for _, bd := range src.bindings {
				if bd.verb == verb {
					p.lines = append(p.lines, b.binding(src, bd, buffers))
				}
			}
		}
		out = append(out, p)
	}
	return out
}

// binding prints one read, write or param and checks what it names.
func (b *pipeBinder) binding(src *pipePass, bd pipeBinding, buffers []*boundBuffer) string {
	if bd.verb == "param" {
		v, ok := b.fold(bd.value)
		if !ok {
			b.ds.Errorf(b.at(bd.line, bd.col), "DSH7352", "A 'param' is a parameter of the pipeline (times a number, plus a number), 'DreamPassWeight' (the same), or a value the compiler can fold, and this is none of them.")
			return fmt.Sprintf("param %s = ?", bd.name)
		}
		if v.affine {
			return fmt.Sprintf("param %s = %s * %s + %s", bd.name, v.src, num(v.a), num(v.b))
		}
		return fmt.Sprintf("param %s = %s %s", bd.name, v.typ, v.print(v.typ))
	}
	ref := joinToks(bd.value)
	base, previous := strings.CutSuffix(ref, ".Previous")
	name := bd.name
	if name == "" {
		name = base
	}
	if previous && bd.verb == "write" {
		b.ds.Errorf(b.at(bd.line, bd.col), "DSH7318", "'%s.Previous' is last frame's contents, which nothing writes any more; write '%s'.", base, base)
	}
	if findBuffer(buffers, base) == nil && !builtinTextures[base] {
		b.ds.Errorf(b.at(bd.line, bd.col), "DSH7319", "'%s' is neither a buffer of the pipeline nor a texture of the scene.", base)
	}
	return fmt.Sprintf("%s %s = %s", bd.verb, name, ref)
}

func findBuffer(buffers []*boundBuffer, name string) *boundBuffer {
	for _, bb := range buffers {
		if bb.src.name == name {
			return bb
		}
	}
	return nil
}

// threadsAndDispatch prints a compute pass's thread group and dispatch
// size, the defaults filled in.
func (b *pipeBinder) threadsAndDispatch(keys map[string]pipeKV, writes []pipeBinding) string {
	threads := "(8, 8, 1) (from the shader)"
	if kv, ok := keys["Threads"]; ok {
		v, ok := b.fold(kv.val)
		if !ok || v.affine || len(v.vals) < 2 || len(v.vals) > 3 {
			b.ds.Errorf(b.at(kv.line, kv.col), "DSH7313", "'Threads' is two or three whole numbers.")
		} else {
			z := 1.0
			if len(v.vals) == 3 {
				z = v.vals[2]
			}
			threads = tuple(append(append([]float64(nil), v.vals[:2]...), z))
		}
	}
	dispatch := "-"
	if kv, ok := keys["Dispatch"]; ok {
		ts := kv.val
		switch {
		case len(ts) >= 1 && ts[0].kind == 'i' && !strings.HasPrefix(ts[0].text, "uint") && !strings.HasPrefix(ts[0].text, "int"):
			factor := 1.0
			if len(ts) == 3 && ts[2].kind == 'n' {
				f := parseNumberText(ts[2].text)
				if ts[1].text == "/" && f > 0 {
					factor = 1 / f
				} else if ts[1].text == "*" && f > 0 {
					factor = f
				}
			} else if len(ts) != 1 {
				b.ds.Errorf(b.at(kv.line, kv.col), "DSH7313", "'Dispatch' is a buffer, '<buffer> * n' or '<buffer> / n'.")
			}
			dispatch = ts[0].text + " * " + num(factor)
		default:
			v, ok := b.fold(ts)
			if !ok || v.affine || len(v.vals) < 2 || len(v.vals) > 3 {
				b.ds.Errorf(b.at(kv.line, kv.col), "DSH7313", "'Dispatch' is two or three whole numbers of at least 1.")
			} else {
				dispatch = tuple(padTo(v.vals, 3, false))
				if len(v.vals) == 2 {
					dispatch = tuple(append(append([]float64(nil), v.vals...), 1))
				}
			}
		}
	} else if len(writes) > 0 {
		base, _ := strings.CutSuffix(joinToks(writes[0].value), ".Previous")
		dispatch = base + " * 1"
	}
	return fmt.Sprintf("threads=%s dispatch=%s", threads, dispatch)
}

// parseNumberText reads a numeric literal (decimal, float or 0x hex).
func parseNumberText(s string) float64 {
	if strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X") {
		n, _ := strconv.ParseUint(strings.TrimRight(s[2:], "uUlL"), 16, 64)
		return float64(n)
	}
	s = strings.TrimRight(s, "fFhHuUlL")
	f, _ := strconv.ParseFloat(s, 64)
	return f
}

func (b *pipeBinder) meshLine(src *pipePass, keys map[string]pipeKV, hasMaterial, hasStencil bool, buffers []*boundBuffer) string {
	get := func(k, def string) string {
		if kv, ok := keys[k]; ok {
			return joinToks(kv.val)
		}
		return def
	}
	mode := "Own"
	if hasMaterial {
		mode = "Override"
	}
	mode = get("Mode", mode)
	depth := get("Depth", "TestScene")
	if inner, ok := strings.CutPrefix(depth, "Own("); ok {
		name := strings.TrimSuffix(inner, ")")
		if bb := findBuffer(buffers, name); bb != nil {
			bb.read, bb.written = true, true
		} else {
			b.ds.Errorf(b.at(src.line, src.col), "DSH7330", "'Depth = Own(%s)' tests against a depth of this pipeline's own, and '%s' is not a buffer of it.", name, name)
		}
	}
	usage := "default"
	if kv, ok := keys["Usage"]; ok {
		usage = b.flags(joinToks(kv.val), usageWords, "Usage", kv.line, kv.col)
	}
	line := fmt.Sprintf("mesh mode=%s depth=%s cull=%s blend=%s usage=%s", mode, depth, get("Cull", "Auto"), get("Blend", "Replace"), usage)
	nanite := "Skip"
	if hasStencil {
		nanite = "StencilMask"
	}
	nanite = get("Nanite", nanite)
	if inner, ok := strings.CutPrefix(nanite, "AssignStencil("); ok {
		nanite = "AssignStencil assign=" + strings.TrimSuffix(inner, ")")
	}
	line += " nanite=" + nanite
	if nanite != "Skip" {
		value := "(1, 0, 0, 0)"
		if kv, ok := keys["NaniteValue"]; ok {
			if v, ok := b.fold(kv.val); ok && !v.affine && len(v.vals) <= 4 {
				value = tuple(padTo(v.vals, 4, false))
			} else {
				b.ds.Errorf(b.at(kv.line, kv.col), "DSH7313", "'NaniteValue' is one to four numbers.")
			}
		}
		line += " naniteValue=" + value
	}
	return line
}

// filter parses a mesh filter and prints it in its normal form: clauses
// joined by `|`, the terms of one by `&`.
func (b *pipeBinder) filter(kv pipeKV) (string, bool) {
	fp := &filterParser{toks: kv.val}
	dnf := fp.or(0)
	if fp.bad || fp.i != len(fp.toks) {
		b.ds.Errorf(b.at(kv.line, kv.col), "DSH7314", "A filter joins its terms with '|' (either) and '&' (both), and nothing else.")
		return joinToks(kv.val), false
	}
	var clauses []string
	stencil := false
	for _, c := range dnf {
		clauses = append(clauses, strings.Join(c, " & "))
		for _, t := range c {
			stencil = stencil || strings.HasPrefix(t, "Stencil(")
		}
	}
	return strings.Join(clauses, " | "), stencil
}

type filterParser struct {
	toks []ptok
	i    int
	bad  bool
}

func (p *filterParser) is(text string) bool {
	return p.i < len(p.toks) && p.toks[p.i].kind == 'p' && p.toks[p.i].text == text
}

func (p *filterParser) or(depth int) [][]string {
	out := p.and(depth)
	for !p.bad && p.is("|") {
		p.i++
		out = append(out, p.and(depth)...)
		if len(out) > maxFilterTerms {
			p.bad = true
		}
	}
	return out
}

func (p *filterParser) and(depth int) [][]string {
	out := p.prim(depth)
	for !p.bad && p.is("&") {
		p.i++
		r := p.prim(depth)
		var prod [][]string
		for _, l := range out {
			for _, rr := range r {
				prod = append(prod, append(append([]string(nil), l...), rr...))
			}
		}
		if len(prod) > maxFilterTerms {
			p.bad = true
		}
		out = prod
	}
	return out
}

func (p *filterParser) prim(depth int) [][]string {
	if depth > maxFoldDepth || p.i >= len(p.toks) {
		p.bad = true
		return nil
	}
	if p.is("(") {
		p.i++
		out := p.or(depth + 1)
		if !p.is(")") {
			p.bad = true
		}
		p.i++
		return out
	}
	t := p.toks[p.i]
	p.i++
	if t.kind != 'i' || !p.is("(") {
		p.bad = true
		return nil
	}
	p.i++
	var args [][]ptok
	var cur []ptok
	for p.i < len(p.toks) && !p.is(")") {
		if p.is(",") {
			args = append(args, cur)
			cur = nil
		} else {
			cur = append(cur, p.toks[p.i])
		}
		p.i++
	}
	if !p.is(")") {
		p.bad = true
		return nil
	}
	p.i++
	args = append(args, cur)
	switch t.text {
	case "Stencil":
		if len(args) < 1 || len(args) > 2 || len(args[0]) != 1 {
			p.bad = true
			return nil
		}
		mask := "255"
		if len(args) == 2 && len(args[1]) == 1 {
			mask = num(parseNumberText(args[1][0].text))
		}
		return [][]string{{fmt.Sprintf("Stencil(%s, %s)", num(parseNumberText(args[0][0].text)), mask)}}
	case "Layer":
		var names []string
		for _, tk := range args[0] {
			if tk.kind == 'i' {
				names = append(names, tk.text)
			}
		}
		if len(args) != 1 || len(names) == 0 {
			p.bad = true
			return nil
		}
		return [][]string{{"Layer(" + strings.Join(names, " | ") + ")"}}
	case "List":
		if len(args) != 1 || len(args[0]) != 1 {
			p.bad = true
			return nil
		}
		return [][]string{{"List(" + args[0][0].text + ")"}}
	}
	p.bad = true
	return nil
}

// frameChecks walks the passes in frame order (injection point, then
// declaration order): reads before writes, the resolution a buffer takes
// from its first writer, unused buffers, the tonemapper replacement.
func (b *pipeBinder) frameChecks(passes []*boundPass, buffers []*boundBuffer) {
	order := make([]*boundPass, len(passes))
	copy(order, passes)
	sort.SliceStable(order, func(i, j int) bool {
		return injectionIndex(order[i].injection) < injectionIndex(order[j].injection)
	})
	tonemapper := ""
	for _, p := range order {
		if p.injection == "PostProcess.ReplaceTonemapper" {
			if tonemapper != "" {
				b.ds.Errorf(b.at(p.src.line, p.src.col), "DSH7351", "Pass '%s' replaces the tonemapper, and so does '%s'; one view runs one tonemapper, so a pipeline replaces it at most once.", p.src.name, tonemapper)
			}
			tonemapper = p.src.name
		}
		for _, bd := range p.src.bindings {
			base, previous := strings.CutSuffix(joinToks(bd.value), ".Previous")
			bb := findBuffer(buffers, base)
			if bb == nil || bd.verb != "read" {
				continue
			}
			bb.read = true
			if previous || bb.firstWrite >= 0 {
				continue
			}
			if bb.clearNone {
				b.ds.Errorf(b.at(bd.line, bd.col), "DSH7331", "Pass '%s' reads '%s', which no pass writes before it, and '%s' is 'Clear = None', so what it reads is undefined.", p.src.name, base, base)
			}
		}
		for _, bd := range p.src.bindings {
			base, _ := strings.CutSuffix(joinToks(bd.value), ".Previous")
			bb := findBuffer(buffers, base)
			if bb == nil || bd.verb != "write" {
				continue
			}
			if bb.firstWrite < 0 {
				bb.firstWrite = injectionIndex(p.injection)
				if bb.resolution == "" && bb.size == "" {
					bb.resolution = "Render"
					if afterTonemapper(p.injection) {
						bb.resolution = "Output"
					}
				}
			}
			bb.written = true
			bb.lastWrite = injectionIndex(p.injection)
		}
	}
	for _, bb := range buffers {
		pos := b.at(bb.src.line, bb.src.col)
		switch {
		case !bb.written:
			b.ds.Warnf(pos, "DSH7356", "No pass writes buffer '%s', so whoever reads it reads its 'Clear' value.", bb.src.name)
		case !bb.read && !bb.export:
			b.ds.Warnf(pos, "DSH7357", "No pass reads buffer '%s' and it is not exported, so writing it is wasted work; read it, export it, or remove it.", bb.src.name)
		}
		if bb.export && bb.lastWrite >= injectionIndex("AfterBasePass") {
			b.ds.Infof(pos, "DSH7354", "Buffer '%s' is exported and last written at %s: opaque and translucent materials that sample it see the previous frame's contents, UI sees this frame's.", bb.src.name, injectionOrder[bb.lastWrite])
		}
	}
}
