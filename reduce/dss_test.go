package reduce

import (
	"bytes"
	"strings"
	"testing"

	"reuselab/bench/gen"
)

const dssSample = `#pragma region Inputs
/// @group Gains
/// @desc a gain
uniform float G = 0.5;
#pragma endregion

struct S { float a; float b; };

/// Mixes.
float Mix(float a, float b)
{
    return a * b; // ; in a comment
}

export void M(inout material m)
{
    float3 c = {G, G, 1};
    if (G > 0.5) {
        c = c * 2;
    } else if (G > 0.25) {
        c = c + 1;
    } else
        c = c - 1;
    for (int i = 0; i < 2; i++) { c += Mix(G, i); }
    do { c.x = 1; } while (false);
    m.BaseColor = c;
}
`

// TestDSSUnits: a .dss splits into its statements and declarations at
// every depth, else arms, doc blocks (alone and with what they document)
// and directives; an initializer list is not a block.
func TestDSSUnits(t *testing.T) {
	us := units("x.dss", []byte(dssSample))
	got := map[string]bool{}
	for _, u := range us {
		got[strings.TrimSpace(dssSample[u.start:u.end])] = true
	}
	want := []string{
		"#pragma region Inputs",
		"#pragma endregion",
		"/// @group Gains\n/// @desc a gain",
		"/// @group Gains\n/// @desc a gain\nuniform float G = 0.5;",
		"uniform float G = 0.5;",
		"struct S { float a; float b; };",
		"float a;",
		"return a * b; // ; in a comment",
		"/// Mixes.\nfloat Mix(float a, float b)\n{\n    return a * b; // ; in a comment\n}",
		"float3 c = {G, G, 1};",
		"c = c * 2;",
		"c = c + 1;",
		"c = c - 1;",
		"else\n        c = c - 1;",
		"c += Mix(G, i);",
		"do { c.x = 1; } while (false);",
		"c.x = 1;",
		"m.BaseColor = c;",
	}
	for _, w := range want {
		if !got[w] {
			t.Errorf("no unit %q", w)
		}
	}
	var ifUnit, fnUnit bool
	for u := range got {
		ifUnit = ifUnit || strings.HasPrefix(u, "if (G > 0.5) {") && strings.HasSuffix(u, "c = c - 1;")
		fnUnit = fnUnit || strings.HasPrefix(u, "export void M(") && strings.HasSuffix(u, "}")
		if strings.HasPrefix(u, "G, G") {
			t.Errorf("an initializer list was split: %q", u)
		}
	}
	if !ifUnit || !fnUnit {
		t.Errorf("whole if chain %v, whole function %v: %v", ifUnit, fnUnit, got)
	}
	// Deleting a statement leaves no blank line behind.
	for i, u := range us {
		if strings.TrimSpace(dssSample[u.start:u.end]) == "m.BaseColor = c;" {
			out := without([]byte(dssSample), us, []int{i})
			if bytes.Contains(out, []byte("BaseColor")) || bytes.Contains(out, []byte("false);\n\n}")) {
				t.Errorf("deleting the sink write:\n%s", out)
			}
		}
	}
	// The statements inside braces: Mix's return, the five of M, the two
	// braced arms', the loop body's, the do body's and the struct's two
	// fields.
	if n := CountStatements("x.dss", []byte(dssSample)); n != 12 {
		t.Errorf("CountStatements = %d, want 12", n)
	}
}

// TestReduceDSSToWitness: a generated .dss with one `discard;` among its
// statements reduces, under diag:DSH4362, to the export with that statement
// and little else, and the witness still raises the code.
func TestReduceDSSToWitness(t *testing.T) {
	src, _ := gen.Program(gen.Config{Nodes: 400, Seed: 5, DupRate: 0.3, Branches: 4, Lang: "dss"})
	body := strings.Index(src, "export void ")
	at := strings.Index(src[body:], "{\n")
	if body < 0 || at < 0 {
		t.Fatalf("no export in the generated program:\n%s", src)
	}
	at += body + 2
	// Deep in the body, inside a block, so that only the statement units
	// (not the whole function) can isolate it.
	lines := strings.SplitAfter(src[at:], "\n")
	mid := len(lines) / 2
	bad := strings.Join(lines[:mid], "") + "    if (1 > 0) {\n        discard;\n    }\n" + strings.Join(lines[mid:], "")
	src = src[:at] + bad
	path := "M_Gen.dss"
	cond, err := ParseCondition("diag:DSH4362", Env{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	if !cond([]byte(src)) {
		t.Fatalf("the input does not raise DSH4362:\n%s", src)
	}
	small, st, err := Reduce([]byte(src), cond, Options{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	if !cond(small) {
		t.Fatalf("the witness lost DSH4362:\n%s", small)
	}
	if !bytes.Contains(small, []byte("discard;")) || st.StmtsAfter > 2 || len(small)*20 > len(src) {
		t.Errorf("witness not small: %d → %d bytes, %d → %d statements:\n%s", len(src), len(small), st.StmtsBefore, st.StmtsAfter, small)
	}
	if bytes.HasPrefix(small, []byte("\n")) || bytes.Contains(small, []byte("\n\n\n")) {
		t.Errorf("the witness keeps the blank lines of what was deleted:\n%q", small)
	}
	if st.StmtsBefore < 20 {
		t.Errorf("the input counts %d statements: the count does not see .dss", st.StmtsBefore)
	}
}

// FuzzDSSUnits: any text splits without a panic into units inside the
// text, and deleting all of them at once yields a text no longer than it.
func FuzzDSSUnits(f *testing.F) {
	f.Add(dssSample)
	f.Add("if (a) { b; } else if (c) d; else { e; }\n")
	f.Add("/// @custom\nfloat F() { #x\n }}}{{{ /* ")
	f.Fuzz(func(t *testing.T, src string) {
		us := units("f.dss", []byte(src))
		all := make([]int, len(us))
		for i, u := range us {
			if u.start < 0 || u.end > len(src) || u.start >= u.end {
				t.Fatalf("unit %d %v outside %d bytes", i, u, len(src))
			}
			all[i] = i
		}
		if out := without([]byte(src), us, all); len(out) > len(src) {
			t.Fatalf("deleting every unit grew the text")
		}
		_ = CountStatements("f.dss", []byte(src))
	})
}
