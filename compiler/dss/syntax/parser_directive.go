package syntax

import "strings"

// Directives: `#include`, `#pragma material/layout/instance/…`; region
// lines are read by regionDirective.

func (p *parser) directive(t Token) {
	if _, _, ok := p.regionDirective(t); ok {
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
