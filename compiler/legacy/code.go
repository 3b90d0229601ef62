package legacy

import (
	"cmp"
	"slices"
	"strings"

	"reuselab/compiler/front"
	"reuselab/compiler/legacy/syntax"
)

// customCode is a Function's Custom node `Code`: the body between the
// `// Begin/End DreamShader source:` markers, with the GLSL spellings 1.x
// accepted rewritten, the lifted UE.* calls of a GraphFunction replaced by
// their inputs (L8), and for a void function the first `out` declared before
// and returned after (L9).
//
// lifted names the inputs the same for every call (funcCall), so the text
// is made once per function and every call's Custom node shares it.
func (c *compiler) customCode(f *funcInfo, lifted map[*syntax.CallExpr]string) string {
	if f.codeDone {
		return f.code
	}
	d := f.decl
	body := d.Body
	if len(lifted) > 0 {
		body = replaceCalls(d, lifted)
	}
	body = rewriteIdents(body)
	marker := c.markerPath(d.Pos.File)
	line := d.BodyPos.Line
	if line == 0 {
		line = d.Pos.Line
	}
	var sb strings.Builder
	var primary *paramInfo
	if f.ret.In1x().Kind == front.Void && len(f.outs) > 0 {
		primary = f.outs[0]
		ht := hlslType(primary.t)
		sb.WriteString(ht + " " + primary.name + " = (" + ht + ")0;\n")
	}
	front.WriteMarkedSource(&sb, marker, f.name, line, body)
	if primary != nil {
		sb.WriteString("return " + primary.name + ";\n")
	}
	f.code, f.codeDone = sb.String(), true
	return f.code
}

// replaceCalls swaps each lifted call's text for its input name, padded with
// spaces to the call's length so that columns after it stay put. The calls
// are the outermost ones of the body (syntax's liftCalls), so their texts
// do not overlap and the body is rebuilt in one pass: rebuilding it for
// each call, and finding each call's offset from the body's start, made n
// calls cost n².
func replaceCalls(d *syntax.FunctionDecl, lifted map[*syntax.CallExpr]string) string {
	body := d.Body
	type span struct {
		from, to int
		name     string
	}
	at := newLineIndex(body, d.BodyPos.Line, d.BodyPos.Col)
	var spans []span
	for call, name := range lifted {
		from := at.offset(call.Pos.Line, call.Pos.Col)
		to := at.offset(call.RParen.Line, call.RParen.Col)
		if from < 0 || to < from || to+1 > len(body) {
			continue
		}
		spans = append(spans, span{from, to + 1, name})
	}
	slices.SortFunc(spans, func(a, b span) int { return cmp.Compare(a.from, b.from) })
	var sb strings.Builder
	sb.Grow(len(body))
	prev := 0
	for _, s := range spans {
		sb.WriteString(body[prev:s.from])
		sb.WriteString(s.name)
		if n := s.to - s.from; len(s.name) < n {
			sb.WriteString(strings.Repeat(" ", n-len(s.name)))
		}
		prev = s.to
	}
	sb.WriteString(body[prev:])
	return sb.String()
}

// lineIndex turns a (line, col) position into a byte offset of a text that
// starts at (line0, col0); columns count bytes, lines end at '\n'.
type lineIndex struct {
	line0, col0 int
	starts      []int // byte offset of each line's start
	text        string
}

func newLineIndex(text string, line0, col0 int) lineIndex {
	x := lineIndex{line0: line0, col0: col0, starts: []int{0}, text: text}
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			x.starts = append(x.starts, i+1)
		}
	}
	return x
}

// offset is where (line, col) falls, -1 if outside the text: a column
// may stand on the line's '\n', or just past the end of the last line.
func (x lineIndex) offset(line, col int) int {
	k := line - x.line0
	if k < 0 || k >= len(x.starts) {
		return -1
	}
	first := 1
	if k == 0 {
		first = x.col0
	}
	end := len(x.text) // the '\n' ending line k, or the end of the text
	if k+1 < len(x.starts) {
		end = x.starts[k+1] - 1
	}
	if c := col - first; c >= 0 && x.starts[k]+c <= end {
		return x.starts[k] + c
	}
	return -1
}

var identRewrites = map[string]string{
	"vec2": "float2", "vec3": "float3", "vec4": "float4",
	"ivec2": "int2", "ivec3": "int3", "ivec4": "int4",
	"uvec2": "uint2", "uvec3": "uint3", "uvec4": "uint4",
	"bvec2": "bool2", "bvec3": "bool3", "bvec4": "bool4",
}

// rewriteIdents rewrites whole identifiers outside comments and strings.
func rewriteIdents(s string) string {
	var sb strings.Builder
	i := 0
	for i < len(s) {
		ch := s[i]
		switch {
		case ch == '/' && i+1 < len(s) && s[i+1] == '/':
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				j = len(s) - i
			}
			sb.WriteString(s[i : i+j])
			i += j
		case ch == '/' && i+1 < len(s) && s[i+1] == '*':
			j := strings.Index(s[i+2:], "*/")
			end := len(s)
			if j >= 0 {
				end = i + 2 + j + 2
			}
			sb.WriteString(s[i:end])
			i = end
		case ch == '"':
			j := i + 1
			for j < len(s) && s[j] != '"' && s[j] != '\n' {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			if j < len(s) {
				j++
			}
			if j > len(s) {
				j = len(s)
			}
			sb.WriteString(s[i:j])
			i = j
		case front.IsIdentStart(ch):
			j := i
			for j < len(s) && isIdentPart(s[j]) {
				j++
			}
			w := s[i:j]
			if r, ok := identRewrites[w]; ok {
				w = r
			}
			sb.WriteString(w)
			i = j
		case ch >= '0' && ch <= '9':
			j := i
			for j < len(s) && (isIdentPart(s[j]) || s[j] == '.') {
				j++
			}
			sb.WriteString(s[i:j])
			i = j
		default:
			sb.WriteByte(ch)
			i++
		}
	}
	return sb.String()
}

func isIdentPart(c byte) bool { return front.IsIdentStart(c) || c >= '0' && c <= '9' }
