package syntax

import (
	"reflect"
	"strings"
	"testing"

	"reuselab/diag"
)

// twoWalkChecks is what Parse ran before checkTree merged the walks: the
// height walk (reverse source order, first node too deep) and then the
// call checks in Inspect's order. checkTree must give the same list.
func twoWalkChecks(f *File) diag.List {
	var l diag.List
	type item struct {
		n     Node
		depth int
	}
	var stack []item
	for _, d := range f.Decls {
		stack = append(stack, item{d, 1})
	}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if it.n == nil || isNilNode(it.n) {
			continue
		}
		if it.depth > maxHeight {
			l.Errorf(it.n.Position(), "DSH2151", "expression nested too deeply: more than %d levels (split it into statements)", maxHeight)
			break
		}
		for _, k := range children(nil, it.n) {
			stack = append(stack, item{k, it.depth + 1})
		}
	}
	for _, d := range f.Decls {
		Inspect(d, func(n Node) bool {
			if c, ok := n.(*CallExpr); ok {
				checkCall(c, &l)
			}
			return true
		})
	}
	return l
}

// Two trees too tall in one file, and calls with shorthand errors before,
// between and inside them: the one walk reports the same height error (the
// later tree's) and the same call errors in the same order as two walks.
func TestCheckTreeMatchesTheTwoWalks(t *testing.T) {
	inner := "(X" + strings.Repeat(" + X", maxChain-1) + ")"
	tall := inner + strings.Repeat(" + X", maxChain-1) + " + " + inner
	bad := `UE.SceneTexture(Foo = 1) + SampleTexture2D(T, UV, 3) + Sin(X, OutputIndex = 1.5)`
	src := graphOf("A = " + bad + ";\nB = " + tall + ";\nC = " + bad + ";\nD = Cos(" + tall + ", Output = 1 + 2);\nE = " + bad + ";")
	f, _ := Parse("two.dsm", src)
	want := twoWalkChecks(f)
	var got diag.List
	checkTree(f, &got)
	if !strings.Contains(want.String(), "nested too deeply") || len(want.Items) < 8 {
		t.Fatalf("the reference found too little to compare: %s", want.String())
	}
	if !reflect.DeepEqual(got.Items, want.Items) {
		t.Errorf("checkTree:\n%s\ntwo walks:\n%s", got.String(), want.String())
	}
}

// Without a tall tree the one walk only checks calls, in source order.
func TestCheckTreeCallOrder(t *testing.T) {
	f, _ := Parse("calls.dsm", graphOf(`A = UE.SceneTexture(Foo = 1) + Sin(UE.SceneTexture(X), OutputIndex = -1); B = SampleTexture2D(T);`))
	var got diag.List
	checkTree(f, &got)
	want := twoWalkChecks(f)
	if len(got.Items) != 4 || !reflect.DeepEqual(got.Items, want.Items) {
		t.Errorf("checkTree:\n%s\ntwo walks:\n%s", got.String(), want.String())
	}
}
