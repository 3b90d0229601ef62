package compiler

import (
	"strconv"
	"strings"

	"reuselab/compiler/syntax"
)

// customCode is a Function's Custom node `Code`: the body between the
// `// Begin/End DreamShader source:` markers, with the GLSL spellings 1.x
// accepted rewritten, the lifted UE.* calls of a GraphFunction replaced by
// their inputs (L8), and for a void function the first `out` declared before
// and returned after (L9).
func (c *compiler) customCode(f *funcInfo, lifted map[*syntax.CallExpr]string) string {
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
	if f.ret.k == kVoid && len(f.outs) > 0 {
		primary = f.outs[0]
		ht := hlslType(primary.t)
		sb.WriteString(ht + " " + primary.name + " = (" + ht + ")0;\n")
	}
	sb.WriteString("// Begin DreamShader source: " + marker + "\n")
	sb.WriteString("// DreamShader custom: " + f.name + " line " + strconv.Itoa(line) + "\n")
	sb.WriteString(body)
	if !strings.HasSuffix(body, "\n") {
		sb.WriteString("\n")
	}
	sb.WriteString("// End DreamShader source: " + marker + "\n")
	if primary != nil {
		sb.WriteString("return " + primary.name + ";\n")
	}
	return sb.String()
}

// replaceCalls swaps each lifted call's text for its input name, padded with
// spaces to the call's length so that columns after it stay put.
func replaceCalls(d *syntax.FunctionDecl, lifted map[*syntax.CallExpr]string) string {
	body := d.Body
	type span struct {
		from, to int
		name     string
	}
	var spans []span
	for call, name := range lifted {
		from := offsetIn(body, d.BodyPos.Line, d.BodyPos.Col, call.Pos.Line, call.Pos.Col)
		to := offsetIn(body, d.BodyPos.Line, d.BodyPos.Col, call.RParen.Line, call.RParen.Col)
		if from < 0 || to < from {
			continue
		}
		spans = append(spans, span{from, to + 1, name})
	}
	// Replace back to front so that earlier offsets stay valid.
	for i := 0; i < len(spans); i++ {
		for j := i + 1; j < len(spans); j++ {
			if spans[j].from > spans[i].from {
				spans[i], spans[j] = spans[j], spans[i]
			}
		}
	}
	for _, s := range spans {
		if s.to > len(body) {
			continue
		}
		repl := s.name
		if n := s.to - s.from; len(repl) < n {
			repl += strings.Repeat(" ", n-len(repl))
		}
		body = body[:s.from] + repl + body[s.to:]
	}
	return body
}

// offsetIn finds the byte offset of (line, col) in text that starts at
// (line0, col0); -1 if outside.
func offsetIn(text string, line0, col0, line, col int) int {
	l, c := line0, col0
	for i := 0; i <= len(text); i++ {
		if l == line && c == col {
			return i
		}
		if i == len(text) {
			break
		}
		if text[i] == '\n' {
			l++
			c = 1
		} else {
			c++
		}
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
		case isIdentStart(ch):
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

func isIdentStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isIdentPart(c byte) bool  { return isIdentStart(c) || c >= '0' && c <= '9' }
