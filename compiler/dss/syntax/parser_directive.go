package syntax

import (
	"path/filepath"
	"strings"

	"reuselab/diag"
)

// Directives: `#include`, `#pragma material/layout/instance/…`; region
// lines are read by regionDirective.

func (p *parser) directive(t Token) {
	if _, _, ok := p.regionDirective(t); ok {
		p.out.RegionMarks++
		return
	}
	if rest, ok := cutWord(t.Text, "include"); ok {
		path := strings.TrimSpace(rest)
		if len(path) < 2 || path[0] != '"' || path[len(path)-1] != '"' {
			p.errorf(t.Pos, "DSH3203", "#include needs a double-quoted path")
			return
		}
		p.out.Decls = append(p.out.Decls, &IncludeDecl{Pos: t.Pos, Path: path[1 : len(path)-1]})
		return
	}
	if rest, ok := cutWord(t.Text, "pragma"); ok {
		p.pragma(t, strings.TrimSpace(rest))
		return
	}
	word := t.Text
	if k := strings.IndexAny(word, " \t("); k >= 0 {
		word = word[:k]
	}
	p.errorf(t.Pos, "DSH3201", "unknown directive '#%s'", word)
}

func (p *parser) pragma(t Token, rest string) {
	name := rest
	args := ""
	if k := strings.IndexAny(rest, " \t("); k >= 0 {
		name = rest[:k]
		args = strings.TrimSpace(rest[k:])
	}
	pd := &PragmaDecl{Pos: t.Pos, Name: name, Text: rest}
	if strings.HasPrefix(args, "(") {
		if !strings.HasSuffix(args, ")") {
			p.errorf(t.Pos, "DSH3202", "#pragma %s: missing ')'", name)
		} else {
			args = args[1 : len(args)-1]
		}
		for _, a := range splitArgs(args) {
			a = strings.TrimSpace(a)
			if a == "" {
				continue
			}
			k, v, hasEq := strings.Cut(a, "=")
			pa := PragmaArg{Pos: t.Pos}
			if keyedPragmas[name] {
				p.checkKeyedArg(t, name, a, strings.TrimSpace(v), hasEq)
			}
			if hasEq {
				pa.Key = strings.TrimSpace(k)
				pa.Value = unquote(strings.TrimSpace(v))
			} else {
				pa.Value = unquote(a)
			}
			pd.Args = append(pd.Args, pa)
		}
	}
	p.out.Pragmas = append(p.out.Pragmas, pd)
	p.out.Decls = append(p.out.Decls, pd)
}

func splitArgs(s string) []string {
	var out []string
	inStr := false
	depth := 0
	start := 0
	for k := 0; k < len(s); k++ {
		switch s[k] {
		case '"':
			inStr = !inStr
		case '(':
			if !inStr {
				depth++
			}
		case ')':
			if !inStr {
				depth--
			}
		case ',':
			if !inStr && depth == 0 {
				out = append(out, s[start:k])
				start = k + 1
			}
		}
	}
	return append(out, s[start:])
}

func unquote(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return s[1 : len(s)-1]
	}
	return s
}

// keyedPragmas take only `Key = Value` arguments (a bare word is refused
// before the binder sees it); `#pragma layout` also takes bare words.
var keyedPragmas = map[string]bool{"material": true, "instance": true, "pipeline": true}

// checkKeyedArg reports an argument of a keyed pragma that is not `Key =
// Value`: positional, without a value, or with a `|` list that ends in
// no name.
func (p *parser) checkKeyedArg(t Token, name, arg, value string, hasEq bool) {
	switch {
	case !hasEq:
		p.errorf(t.Pos, "DSH3202", "Malformed '#pragma %s': '%s' needs a value: write '%s = ...'.", name, arg, arg)
	case value == "":
		p.errorf(t.Pos, "DSH3202", "Malformed '#pragma %s': expected a value after '%s ='.", name, strings.TrimSpace(strings.TrimSuffix(arg, "=")))
	case !strings.HasPrefix(value, `"`) && strings.Contains(value, "|"):
		for _, part := range strings.Split(value, "|") {
			if strings.TrimSpace(part) == "" {
				p.errorf(t.Pos, "DSH3202", "Malformed '#pragma %s': a '|' in '%s' is not followed by a name.", name, arg)
				return
			}
		}
	}
}

// ParseLang is upstream's 2.0 parser entry (ParseDreamShaderLang, the
// `lang` goldens): a `.dss`, `.dsh`, `.dsi` or `.dsp` is parsed; a 1.x
// `.dsm`/`.dsf` is answered with one DSH2199, never lexed, because its
// syntax is not the 2.0 parser's (its front end is package legacy/syntax).
// Upstream's newest parser hands such a file to the legacy parser
// (DSH2241 here); the only golden of the case still expects DSH2199.
func ParseLang(path, src string) (*Parsed, diag.List) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".dsm", ".dsf":
		var ds diag.List
		ds.Errorf(diag.Pos{File: path, Line: 1, Col: 1}, "DSH2199", "%s is a DreamShader 1.x source: the 2.0 parser does not read it (compile it with the 1.x front end)", filepath.Base(path))
		return &Parsed{File: &File{Path: path, Src: src}}, ds
	}
	return Parse(path, src)
}
