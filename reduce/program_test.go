package reduce

import (
	"bytes"
	"strings"
	"testing"
)

const aliasSample = `Shader(Name="M_Alias")
{
    Properties = {
        float A = 0.5;
        float B = 0.25;
        float Unused = 1.0;
    }

    Outputs = {
        float Alpha;
        float Spare;
        Base.Opacity = Alpha;
    }

    Graph = {
        float ab = A - B;
        float twice = ab;
        float dead = A * 3.0;
        float later = 0.0;
        if (dead > 0.5) {
            later = dead;
        }
        float m = 0.0;
        m = B - A;
        Spare = 1.0;
        Alpha = twice * twice + m;
    }
}
`

// TestDeadCode: what the bound output does not read goes, the if whose
// every statement is dead with it, the unread property and the unbound
// output too; what it reads stays, and the result compiles cleanly.
func TestDeadCode(t *testing.T) {
	out := string(deadCode("x.dsm", []byte(aliasSample)))
	for _, gone := range []string{"dead", "later", "Unused", "Spare"} {
		if strings.Contains(out, gone) {
			t.Errorf("%s kept:\n%s", gone, out)
		}
	}
	for _, kept := range []string{"float ab = A - B;", "float twice = ab;", "m = B - A;", "float Alpha;", "float A = 0.5;"} {
		if !strings.Contains(out, kept) {
			t.Errorf("%q deleted:\n%s", kept, out)
		}
	}
	if _, ds := compile("x.dsm", []byte(out)); len(ds.Items) > 0 {
		t.Errorf("does not compile cleanly:\n%s\n%s", ds.String(), out)
	}
	if again := deadCode("x.dsm", []byte(out)); string(again) != out {
		t.Errorf("a second pass found more dead code:\n%s", again)
	}
}

// TestInlineAndJoinEdits: an alias read twice is inlined when it is a name,
// a local read once is inlined in parentheses, a local declared and then
// assigned once is joined; a local written twice otherwise is left alone.
func TestInlineAndJoinEdits(t *testing.T) {
	src := deadCode("x.dsm", []byte(aliasSample))
	got := map[string]string{}
	for _, e := range inlineEdits("x.dsm", src) {
		got[e.what] = string(e.out)
	}
	if out, ok := got["twice = ab"]; !ok || !strings.Contains(out, "Alpha = ab * ab + m;") || strings.Contains(out, "twice") {
		t.Errorf("twice not inlined as a name: %v", got)
	}
	if out, ok := got["ab = (A - B)"]; !ok || !strings.Contains(out, "float twice = (A - B);") {
		t.Errorf("ab not inlined in parentheses: %v", got)
	}
	for k := range got {
		if strings.HasPrefix(k, "m ") {
			t.Errorf("m, written twice, inlined: %s", k)
		}
	}
	joins := joinEdits("x.dsm", src)
	if len(joins) != 1 || joins[0].key != "join m" || !strings.Contains(string(joins[0].out), "float m = B - A;") ||
		strings.Contains(string(joins[0].out), "float m = 0.0;") {
		t.Fatalf("join: %+v", joins)
	}
	for _, e := range append(inlineEdits("x.dsm", src), joins...) {
		if _, ds := compile("x.dsm", e.out); len(ds.Items) > 0 {
			t.Errorf("%s: does not compile cleanly:\n%s\n%s", e.key, ds.String(), e.out)
		}
	}
}

// TestRefusesNewDiagnostics: a condition that only needs `A - B` in the
// text would take a file without the Outputs declaration (an implicit
// declaration, DSH5292) or without the assignment (an unassigned output);
// the reducer refuses both, untested, and keeps a file that compiles.
func TestRefusesNewDiagnostics(t *testing.T) {
	cond := func(src []byte) bool { return bytes.Contains(src, []byte("A - B")) }
	small, st, err := Reduce([]byte(aliasSample), cond, Options{Path: "x.dsm"})
	if err != nil {
		t.Fatal(err)
	}
	if _, ds := compile("x.dsm", small); len(ds.Items) > 0 {
		t.Fatalf("the witness has diagnostics the input lacked:\n%s\n%s", ds.String(), small)
	}
	if !bytes.Contains(small, []byte("float Alpha;")) || st.StmtsAfter != 1 || st.Refused == 0 {
		t.Errorf("%d statements, %d refused:\n%s", st.StmtsAfter, st.Refused, small)
	}
}

// TestHitLimit: a budget too small to finish is reported, with the best
// file so far, which still meets the condition.
func TestHitLimit(t *testing.T) {
	cond := func(src []byte) bool { return bytes.Contains(src, []byte("A - B")) }
	small, st, err := Reduce([]byte(aliasSample), cond, Options{Path: "x.dsm", MaxTests: 3})
	if err != nil {
		t.Fatal(err)
	}
	if !st.HitLimit || st.Tests != 3 || !cond(small) || len(small) >= len(aliasSample) {
		t.Errorf("hit limit %v after %d tests, %d → %d bytes", st.HitLimit, st.Tests, len(aliasSample), len(small))
	}
	if _, st, _ := Reduce([]byte(aliasSample), cond, Options{Path: "x.dsm"}); st.HitLimit {
		t.Errorf("the default budget reported as hit after %d tests", st.Tests)
	}
}

// TestDeadCodeFunctionBlock: in a function block the output pins are what
// the block is for: their assignments stay, with what they read, and only
// the local nothing reads goes; an input pin is never cut.
func TestDeadCodeFunctionBlock(t *testing.T) {
	src := []byte(`ShaderFunction(Name="MF_Mix")
{
    Inputs = {
        float A;
        float B = 0.5;
    }

    Outputs = {
        float Out;
    }

    Graph = {
        float t = A * B;
        float dead = A + 1.0;
        Out = t + B;
    }
}
`)
	out := string(deadCode("f.dsm", src))
	if strings.Contains(out, "dead") || !strings.Contains(out, "Out = t + B;") || !strings.Contains(out, "float t = A * B;") {
		t.Errorf("dead code of a function block:\n%s", out)
	}
	if _, ds := compile("f.dsm", []byte(out)); len(ds.Items) > 0 {
		t.Errorf("does not compile cleanly:\n%s\n%s", ds.String(), out)
	}
	for _, e := range cutEdits("f.dsm", src) {
		if strings.HasPrefix(e.what, "A ") || strings.HasPrefix(e.what, "B ") || strings.HasPrefix(e.what, "Out ") {
			t.Errorf("a pin cut: %s", e.what)
		}
	}
}
