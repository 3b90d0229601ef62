package dss

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"reuselab/compiler/dss/syntax"
	"reuselab/compiler/front"
)

// customBodyByRebuild is the body rewrite customCode makes, done the way
// it first was: each call's text replaced in place, or, when its input's
// name is longer, the body rebuilt and the later offsets moved.
func customBodyByRebuild(f *funcInfo, raw string, lifted []syntax.LiftedCall) (string, []syntax.LiftedCall) {
	lifted = append([]syntax.LiftedCall(nil), lifted...)
	body := []byte(raw)
	for k, lc := range lifted {
		name := front.LiftedInputName(f.d.Name, k)
		seg := body[lc.Start:lc.End]
		rep := append([]byte(nil), name...)
		for i := len(name); i < len(seg); i++ {
			if seg[i] == '\n' || seg[i] == '\r' {
				rep = append(rep, seg[i])
			} else {
				rep = append(rep, ' ')
			}
		}
		if len(rep) == len(seg) {
			copy(body[lc.Start:lc.End], rep)
			continue
		}
		nb := append(append(append([]byte(nil), body[:lc.Start]...), rep...), body[lc.End:]...)
		for j := k + 1; j < len(lifted); j++ {
			lifted[j].Start += len(rep) - len(seg)
			lifted[j].End += len(rep) - len(seg)
		}
		body = nb
	}
	return string(body), lifted
}

// customCode rewrites a @custom body in one pass to what rebuilding it
// for each call made: calls shorter and longer than their inputs' names,
// calls across line breaks, nested and commented calls, for function
// names of every length.
func TestCustomCodeMatchesRebuild(t *testing.T) {
	calls := []string{"UE.Time()", "UE.Time(\n)", "UE.LinearInterpolate(A = 0.0, B = g,\n    Alpha = 0.5)", "UE.Sine(UE.Time())", "/* UE.Time() */ 1", "UE.A()"}
	rng := rand.New(rand.NewPCG(28, 5))
	for round := range 60 {
		var body strings.Builder
		body.WriteString("\n    float s = g;\n")
		for range rng.IntN(8) {
			fmt.Fprintf(&body, "    s += %s;\n", calls[rng.IntN(len(calls))])
		}
		body.WriteString("    return s;\n")
		name := strings.Repeat("F", 1+round%12)
		src := "/// @custom\nfloat " + name + "(float g)\n{" + body.String() + "}\n"
		p, ds := syntax.Parse("/mem/T.dss", src)
		if ds.HasErrors() {
			t.Fatalf("%s\n%s", src, ds.String())
		}
		fd := p.Decls[0].(*syntax.FuncDecl)
		f := &funcInfo{d: fd, file: &srcFile{path: "/mem/T.dss", p: p}, ret: tFloat}
		c := &compiler{rootPath: "/mem/T.dss"}
		code, lifted := c.customCode(f)
		want, wantLifted := customBodyByRebuild(f, fd.Raw, syntax.FindLiftedCalls(p.Src, fd.RawOpen, fd.Raw))
		want = strings.ReplaceAll(strings.ReplaceAll(want, "\r\n", "\n"), "\r", "\n")
		if !strings.Contains(code, want) {
			t.Errorf("%s: code\n%s\ndoes not hold the rebuilt body\n%s", name, code, want)
		}
		if offsets(lifted) != offsets(wantLifted) {
			t.Errorf("%s: lifted calls at %s, want %s", name, offsets(lifted), offsets(wantLifted))
		}
		if again, _ := c.customCode(f); again != code {
			t.Errorf("%s: a second call made other code", name)
		}
	}
}

func offsets(lcs []syntax.LiftedCall) string {
	var b strings.Builder
	for _, lc := range lcs {
		fmt.Fprintf(&b, "%d-%d ", lc.Start, lc.End)
	}
	return b.String()
}
