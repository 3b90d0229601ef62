package dss

// `.dsp` pass pipelines: buffers and passes a project runs at injection
// points of the renderer. reuselab binds them as upstream's language
// service does without the editor (DSH7360): keys and values are checked,
// defaults filled in (injection, resolution from the first writer in frame
// order, thread groups, mesh modes), the frame order checked for reads
// before writes, and the result dumped as upstream's IR dump prints a
// PassPipeline product. Codes are upstream's (DSH7300–7360).

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"reuselab/compiler/dss/syntax"
	"reuselab/diag"
	"reuselab/sourcefile"
)

// injectionOrder lists the injection points in frame order.
var injectionOrder = []string{
	"BeginView", "BeforeBasePass", "AfterBasePass", "AfterOpaque", "BeforePostProcess",
	"PostProcess.AfterDOF", "PostProcess.TranslucencyAfterDOF", "PostProcess.ReplaceTonemapper",
	"PostProcess.AfterTonemap", "PostProcess.AfterFXAA", "EndOfView",
}

var (
	viewWords     = []string{"Game", "Editor", "SceneCapture", "PlanarReflection", "ReflectionCapture", "Thumbnail"}
	requiresWords = []string{"PostProcess", "SceneResolve", "CustomStencil"}
	usageWords    = []string{"StaticMesh", "InstancedStaticMeshes", "SkeletalMesh", "SplineMesh", "GeometryCache", "Landscape"}
	bufferFormats = map[string]bool{"R8": true, "RG8": true, "RGBA8": true, "R16F": true, "RG16F": true, "RGBA16F": true,
		"R32F": true, "RG32F": true, "RGBA32F": true, "R32U": true, "RG32U": true, "Depth32": true}
	passKinds = map[string]bool{"fullscreen": true, "compute": true, "mesh": true, "clear": true, "copy": true}
	// builtinTextures are the renderer's textures a pass may bind by name.
	builtinTextures = map[string]bool{"SceneColor": true, "SceneDepth": true, "CustomDepth": true, "CustomStencil": true,
		"Velocity": true, "Translucency": true, "GBufferA": true, "GBufferB": true, "GBufferC": true, "GBufferD": true,
		"GBufferE": true, "GBufferF": true}
)

func injectionIndex(name string) int {
	for i, n := range injectionOrder {
		if n == name {
			return i
		}
	}
	return -1
}

// afterTonemapper is where the scene colour is at output resolution.
func afterTonemapper(inj string) bool {
	return injectionIndex(inj) >= injectionIndex("PostProcess.ReplaceTonemapper")
}

// CompilePipeline reads and binds a `.dsp`; it returns the dump of the
// PassPipeline product ("" when the file cannot be read or parsed) and
// the diagnostics.
func CompilePipeline(path string, opts Options) (string, diag.List) {
	pf, ds := parsePipelineFile(path, opts)
	if pf == nil || ds.HasErrors() {
		return "", ds
	}
	f := pipelineFile(pf, path, &ds)
	b := &pipeBinder{path: path, f: f, ds: &ds, consts: map[string]pipeValue{}, params: map[string]string{}}
	out := b.bind()
	ds.Infof(diag.Pos{File: path, Line: 1, Col: 1}, "DSH7360", "The materials, shader files and pass layers this pipeline names are not available here, so they were taken as written and the checks that need them were skipped; compile the pipeline in the editor to have them checked.")
	return out, ds
}

// ParsePipeline parses a `.dsp` alone (upstream's `lang` layer: the
// parser's codes, no binding).
func ParsePipeline(path string, opts Options) diag.List {
	_, ds := parsePipelineFile(path, opts)
	return ds
}

// parsePipelineFile reads path and parses it with the 2.0 parser, which
// reads a `.dsp`'s own declarations beside the `.dss` ones; nil when the
// file cannot be read.
func parsePipelineFile(path string, opts Options) (*syntax.Parsed, diag.List) {
	var ds diag.List
	_, read := opts.reader(path)
	src, err := read(path)
	if err != nil {
		ds.Errorf(diag.Pos{File: path, Line: 1, Col: 1}, sourcefile.Code(err), "cannot read %s: %v", path, err)
		return nil, ds
	}
	return syntax.Parse(path, src)
}

type pipeBinder struct {
	path   string
	f      *pipeFile
	ds     *diag.List
	consts map[string]pipeValue // static consts, folded
	params map[string]string    // uniform name → type
	out    strings.Builder
}

func (b *pipeBinder) at(line, col int) diag.Pos {
	if line == 0 {
		line, col = 1, 1
	}
	return diag.Pos{File: b.path, Line: line, Col: col}
}

type boundBuffer struct {
	src        *pipeBuffer
	format     string
	resolution string // "" until inferred
	resGiven   bool
	scale      float64
	size       string
	clear      string
	clearNone  bool
	mips       int
	history    bool
	export     bool
	written    bool
	read       bool
	firstWrite int // frame position of the first writer, -1 none
	lastWrite  int // injection index of the last writer
}

type boundPass struct {
	src       *pipePass
	injection string
	enabled   string
	lines     []string
}

func (b *pipeBinder) bind() string {
	f := b.f
	order, injection, views, requires, enabled := "0", "BeforePostProcess", "Game|Editor", "-", "-"
	seen := map[string]int{}
	for _, kv := range f.pragmas {
		if kv.key == "" {
			b.ds.Errorf(b.at(kv.line, kv.col), "DSH7300", "'#pragma pipeline' takes 'Key = Value' pairs, and '%s' has no key.", joinToks(kv.val))
			continue
		}
		if l, dup := seen[kv.key]; dup {
			b.ds.Errorf(b.at(kv.line, kv.col), "DSH7301", "'%s' is set twice by '#pragma pipeline'; it was already set on line %d.", kv.key, l)
			continue
		}
		seen[kv.key] = kv.line
		v := joinToks(kv.val)
		switch kv.key {
		case "Order":
			if _, err := strconv.Atoi(v); err != nil {
				b.ds.Errorf(b.at(kv.line, kv.col), "DSH7302", "'Order' takes a whole number, and '%s' is not one.", v)
			}
			order = v
		case "Injection":
			injection = b.injection(v, kv.line, kv.col)
		case "Views":
			views = b.flags(v, viewWords, "Views", kv.line, kv.col)
		case "Requires":
			requires = b.flags(v, requiresWords, "Requires", kv.line, kv.col)
		case "Enabled":
			if v == "false" {
				b.ds.Errorf(b.at(kv.line, kv.col), "DSH7322", "'Enabled' is false, so this would never run, and a pipeline asset has no switch that is always off; drive it with a 'uniform bool', or comment the declaration out.")
			} else if v != "true" {
				enabled = v
			}
		default:
			b.ds.Errorf(b.at(kv.line, kv.col), "DSH7300", "'%s' is not a key of '#pragma pipeline'; the keys are Order, Injection, Views, Requires and Enabled.", kv.key)
		}
	}
	name := strings.TrimSuffix(filepath.Base(b.path), filepath.Ext(b.path))
	fmt.Fprintf(&b.out, "module %q\n\nproduct 0 PassPipeline %q\n", filepath.Base(b.path), strings.ReplaceAll(name, ".", "_"))
	fmt.Fprintf(&b.out, "  pipeline order=%s injection=%s views=%s requires=%s enabled=%s\n", order, injection, views, requires, enabled)
	if f.hlsl != nil {
		fmt.Fprintf(&b.out, "  hlsl line=%d lines=%d\n", f.hlsl.line, f.hlsl.lines)
	}
	b.declarations()
	buffers := b.buffers()
	passes := b.passes(injection, buffers)
	b.frameChecks(passes, buffers)
	for _, bb := range buffers {
		b.writeBuffer(bb)
	}
	for _, p := range passes {
		fmt.Fprintf(&b.out, "  pass %q %s injection=%s", p.src.name, p.src.kind, p.injection)
		if p.enabled != "" {
			fmt.Fprintf(&b.out, " enabled=%s", p.enabled)
		}
		if d := docDesc(p.src.doc); d != "" {
			fmt.Fprintf(&b.out, " desc=%s", strconv.Quote(d))
		}
		b.out.WriteString("\n")
		for _, l := range p.lines {
			b.out.WriteString("    " + l + "\n")
		}
	}
	return b.out.String()
}

// injection checks an injection point's name.
func (b *pipeBinder) injection(v string, line, col int) string {
	if injectionIndex(v) < 0 {
		b.ds.Errorf(b.at(line, col), "DSH7303", "'%s' is not an injection point; the points are %s.", v, strings.Join(injectionOrder, ", "))
		return "BeforePostProcess"
	}
	return v
}

// flags reads `A | B` against a word table and prints it in table order.
func (b *pipeBinder) flags(v string, table []string, key string, line, col int) string {
	if strings.Contains(v, "\"") || v == "" {
		b.ds.Errorf(b.at(line, col), "DSH7302", "'%s' takes names joined by '|', written without quotes.", key)
		return "-"
	}
	have := map[string]bool{}
	for _, w := range strings.Split(v, "|") {
		have[strings.TrimSpace(w)] = true
	}
	var out []string
	for _, w := range table {
		if have[w] {
			out = append(out, w)
			delete(have, w)
		}
	}
	for w := range have {
		b.ds.Errorf(b.at(line, col), "DSH7302", "'%s' is not a word of '%s'; its words are %s.", w, key, strings.Join(table, ", "))
	}
	if len(out) == 0 {
		return "-"
	}
	return strings.Join(out, "|")
}

// docDesc is a doc block's description: `@desc`, else its free lines.
func docDesc(d *syntax.Doc) string {
	if d == nil {
		return ""
	}
	if v, ok := d.Get("desc"); ok {
		return v
	}
	return strings.Join(d.FreeLines, "\n")
}

func (b *pipeBinder) declarations() {
	for _, d := range b.f.decls {
		pos := b.at(d.line, d.col)
		if d.isArray {
			b.ds.Errorf(pos, "DSH7320", "'%s' is an array, and a pipeline has no array parameters or constants; declare one per element.", d.name)
			continue
		}
		if d.kind == "const" {
			if d.init == nil {
				b.ds.Errorf(pos, "DSH7320", "static const '%s' has no initializer.", d.name)
				continue
			}
			v, ok := b.fold(d.init)
			if !ok || v.affine {
				b.ds.Errorf(pos, "DSH7320", "static const '%s' is not a value the compiler can fold.", d.name)
				continue
			}
			v.typ = d.typ
			b.consts[d.name] = v
			continue
		}
		b.params[d.name] = d.typ
		line := fmt.Sprintf("  parameter %q %s", d.name, d.typ)
		if d.typ == "Texture2D" {
			if d.init != nil {
				b.ds.Errorf(pos, "DSH7320", "Texture2D '%s' takes an asset through '/// @default', not an initializer.", d.name)
			}
			def, ok := d.doc.Get("default")
			if ok && def != "None" {
				line += " default=" + strconv.Quote(def)
			} else {
				line += " default=None"
			}
		} else {
			w, _, ok := typeShape(d.typ)
			if !ok || (d.typ != "int" && d.typ != "bool" && !strings.HasPrefix(d.typ, "float")) {
				b.ds.Errorf(pos, "DSH7320", "'%s' is declared '%s', and a pipeline's uniform is float to float4, int, bool or Texture2D.", d.name, d.typ)
				continue
			}
			v, ok := b.fold(d.init)
			if d.init == nil {
				v, ok = pipeValue{vals: make([]float64, w)}, true
			}
			if !ok || v.affine {
				b.ds.Errorf(pos, "DSH7320", "the default of '%s' is not a value the compiler can fold.", d.name)
				continue
			}
			line += " default=" + v.print(d.typ)
		}
		if g, ok := d.doc.Get("group"); ok {
			line += " group=" + strconv.Quote(g)
		}
		if s, ok := d.doc.Get("sort"); ok {
			line += " sort=" + s
		}
		if s, ok := d.doc.Get("slider"); ok {
			line += " slider=(" + strings.Join(strings.Fields(s), ", ") + ")"
		}
		if desc := docDesc(d.doc); desc != "" {
			line += " desc=" + strconv.Quote(desc)
		}
		b.out.WriteString(line + "\n")
	}
}

func (b *pipeBinder) buffers() []*boundBuffer {
	var out []*boundBuffer
	for i := range b.f.buffers {
		src := &b.f.buffers[i]
		bb := &boundBuffer{src: src, format: src.format, scale: 1, clear: "(0, 0, 0, 0)", mips: 1, firstWrite: -1, lastWrite: -1}
		pos := b.at(src.line, src.col)
		switch {
		case src.format == "R32U" || src.format == "RG32U":
			b.ds.Errorf(pos, "DSH7321", "'%s' is an integer format, which no pass can read or write yet: HLSL passes see float4 textures, and materials and mesh passes write floats. Use 'R32F' or 'RG32F' (an id is exact up to 16777216).", src.format)
		case !bufferFormats[src.format]:
			b.ds.Errorf(pos, "DSH7305", "'%s' is not a buffer format.", src.format)
		}
		seen := map[string]int{}
		for _, kv := range src.args {
			kpos := b.at(kv.line, kv.col)
			if l, dup := seen[kv.key]; dup {
				b.ds.Errorf(kpos, "DSH7307", "'%s' is set twice for buffer '%s'; it was already set on line %d.", kv.key, src.name, l)
				continue
			}
			seen[kv.key] = kv.line
			v := joinToks(kv.val)
			bad := func(why string) { b.ds.Errorf(kpos, "DSH7308", "'%s' of buffer '%s' %s.", kv.key, src.name, why) }
			switch kv.key {
			case "Scale":
				x, ok := b.fold(kv.val)
				if !ok || x.affine || len(x.vals) != 1 || x.vals[0] < 0.0625 || x.vals[0] > 4 {
					bad("is a number from 0.0625 to 4")
				} else {
					bb.scale = x.vals[0]
				}
			case "Size":
				x, ok := b.fold(kv.val)
				if !ok || x.affine || len(x.vals) != 2 || x.vals[0] < 1 || x.vals[1] < 1 || x.vals[0] > 16384 || x.vals[1] > 16384 {
					bad("is two whole numbers from 1 to 16384")
				} else {
					bb.size = fmt.Sprintf("%gx%g", x.vals[0], x.vals[1])
				}
			case "Resolution":
				if v != "Render" && v != "Output" {
					bad("is Render or Output")
				} else {
					bb.resolution, bb.resGiven = v, true
				}
			case "Clear":
				if v == "None" {
					bb.clearNone, bb.clear = true, "None"
					continue
				}
				x, ok := b.fold(kv.val)
				if !ok || x.affine || len(x.vals) > 4 {
					bad("is a number, a float2 to float4, or None")
				} else {
					bb.clear = tuple(padTo(x.vals, 4, len(x.vals) == 1))
				}
			case "Mips":
				n, err := strconv.Atoi(v)
				switch {
				case err != nil || n < 1 || n > 14:
					bad("is a whole number from 1 to 14")
				case n > 1:
					bad("asks for mip levels, which no pass can initialize or update yet")
				}
			case "History", "Export":
				if v != "true" && v != "false" {
					bad("is true or false")
				} else if kv.key == "History" {
					bb.history = v == "true"
				} else {
					bb.export = v == "true"
				}
			default:
				b.ds.Errorf(kpos, "DSH7306", "'%s' is not a key of a buffer; the keys are Scale, Size, Resolution, Clear, Mips, History and Export.", kv.key)
			}
		}
		if bb.size != "" && (seen["Scale"] != 0 || seen["Resolution"] != 0) {
			b.ds.Errorf(pos, "DSH7309", "'Size' gives buffer '%s' a fixed size, so 'Scale' or 'Resolution' has nothing to say; remove one of them.", src.name)
		}
		if bb.export && (src.format == "Depth32" || src.format == "R32U" || src.format == "RG32U") {
			b.ds.Errorf(pos, "DSH7355", "Buffer '%s' is exported, and an exported buffer becomes a render target asset that materials sample, which a '%s' buffer cannot be; export a float format.", src.name, src.format)
		}
		out = append(out, bb)
	}
	return out
}

// padTo widens v to n components: a scalar is broadcast when splat, a
// narrower vector padded with zeros.
func padTo(v []float64, n int, splat bool) []float64 {
	if splat && len(v) == 1 {
		return fitWidth(v, n)
	}
	out := make([]float64, n)
	copy(out, v)
	return out
}

func (b *pipeBinder) writeBuffer(bb *boundBuffer) {
	line := fmt.Sprintf("  buffer %q %s", bb.src.name, bb.format)
	if bb.size != "" {
		line += " resolution=Fixed size=" + bb.size
	} else {
		res := bb.resolution
		if res == "" {
			res = "Render"
		}
		line += fmt.Sprintf(" resolution=%s scale=%s", res, num(bb.scale))
		if !bb.resGiven {
			line += " (inferred)"
		}
	}
	line += fmt.Sprintf(" clear=%s mips=%d", bb.clear, bb.mips)
	if bb.history {
		line += " history"
	}
	if bb.export {
		line += " export"
	}
	if d := docDesc(bb.src.doc); d != "" {
		line += " desc=" + strconv.Quote(d)
	}
	b.out.WriteString(line + "\n")
}
