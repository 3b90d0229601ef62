package reduce

import (
	"bytes"
	"strings"
	"testing"
)

const sample = `// a comment; with a semicolon
Shader(Name="M_X")
{
    Properties = {
        float A = 0.5;
        vec3 T = vec3(1.0, 0.5, 0.2);
    }
    Outputs = {
        vec3 Color;
        Base.EmissiveColor = Color;
    }
    Graph = {
        float s1 = (A - 0.5) * sin(A);
        vec3 v2 = T.zyx /* ; */ + vec3(s1, "x;" == 1, 2.0);
        float m3 = 0.0;
        if (s1 > 0.5) {
            m3 = s1 / s1;
        } else if (s1 < 0.0) {
            m3 = -s1;
        } else {
            m3 = 1.0;
        }
        Color = v2 * m3;
    }
}
`

// TestUnits: every statement, property and output line is one unit whose
// text is exactly that construct with its own line.
func TestUnits(t *testing.T) {
	us := units("x.dsm", []byte(sample))
	var got []string
	for _, u := range us {
		got = append(got, strings.TrimSpace(sample[u.start:u.end]))
	}
	want := []string{
		"", // the whole Shader block, checked below
		"float A = 0.5;",
		"vec3 T = vec3(1.0, 0.5, 0.2);",
		"vec3 Color;",
		"Base.EmissiveColor = Color;",
		"float s1 = (A - 0.5) * sin(A);",
		`vec3 v2 = T.zyx /* ; */ + vec3(s1, "x;" == 1, 2.0);`,
		"float m3 = 0.0;",
		"if (s1 > 0.5) {",
		"m3 = s1 / s1;",
		"if (s1 < 0.0) {",
		"m3 = -s1;",
		"m3 = 1.0;",
		"Color = v2 * m3;",
	}
	if len(got) < 2 || !strings.HasPrefix(got[0], "Shader(") || !strings.HasSuffix(got[0], "}") {
		t.Fatalf("units: %q", got)
	}
	if !strings.HasPrefix(got[8], want[8]) || !strings.HasSuffix(got[8], "m3 = 1.0;\n        }") {
		t.Errorf("if unit: %q", got[8])
	}
	for i, w := range want {
		if i == 0 || i == 8 || i == 10 || i >= len(got) {
			continue
		}
		if got[i] != w {
			t.Errorf("unit %d = %q, want %q", i, got[i], w)
		}
	}
	// Deleting a statement leaves no blank line behind.
	out := without([]byte(sample), us, []int{5})
	if bytes.Contains(out, []byte("s1 = (A")) || bytes.Contains(out, []byte("{\n\n")) {
		t.Errorf("deleting s1:\n%s", out)
	}
	if n := CountStatements("x.dsm", []byte(sample)); n != 9 {
		t.Errorf("CountStatements = %d, want 9", n)
	}
}

// TestExprCandidates: replacements cover whole expressions exactly.
func TestExprCandidates(t *testing.T) {
	cs := exprCandidates("x.dsm", []byte(sample))
	has := func(from, to string) bool {
		for _, c := range cs {
			if sample[c.at.start:c.at.end] == from && string(c.with) == to {
				return true
			}
		}
		return false
	}
	for _, c := range [][2]string{
		{"(A - 0.5) * sin(A)", "(A - 0.5)"},
		{"(A - 0.5) * sin(A)", "sin(A)"},
		{"(A - 0.5)", "A - 0.5"},
		{"sin(A)", "A"},
		{`T.zyx /* ; */ + vec3(s1, "x;" == 1, 2.0)`, "T.zyx"},
		{"T.zyx", "T"},
		{"s1 / s1", "1"},
		{"-s1", "s1"},
		{"v2 * m3", "m3"},
		{"if (s1 > 0.5) {\n            m3 = s1 / s1;\n        } else if (s1 < 0.0) {\n            m3 = -s1;\n        } else {\n            m3 = 1.0;\n        }", "m3 = s1 / s1;"},
		{"if (s1 < 0.0) {\n            m3 = -s1;\n        } else {\n            m3 = 1.0;\n        }", "m3 = 1.0;"},
	} {
		if !has(c[0], c[1]) {
			t.Errorf("no candidate %q → %q", c[0], c[1])
		}
	}
}

// TestDdminFindsPair: on a condition needing two statements the reducer
// keeps those two and only what they need to compile with no diagnostic
// the input lacks: the local the arm reads and the output's assignment.
func TestDdminFindsPair(t *testing.T) {
	cond := func(src []byte) bool {
		return bytes.Contains(src, []byte("float m3 = 0.0;")) && bytes.Contains(src, []byte("m3 = -s1;"))
	}
	small, st, err := Reduce([]byte(sample), cond, Options{Path: "x.dsm"})
	if err != nil {
		t.Fatal(err)
	}
	// the declaration and the arm (both ifs unwrapped), s1's declaration
	// and Color's assignment
	if st.StmtsAfter != 4 || !cond(small) {
		t.Errorf("%d statements left:\n%s", st.StmtsAfter, small)
	}
	if _, ds := compile("x.dsm", small); len(ds.Items) > 0 {
		t.Errorf("the witness does not compile cleanly:\n%s\n%s", ds.String(), small)
	}
	if _, _, err := Reduce([]byte(sample), func([]byte) bool { return false }, Options{Path: "x.dsm"}); err == nil {
		t.Error("a condition false on the input was accepted")
	}
}
