package legacy

import (
	"os"
	"reuselab/internal/shared"
	"strconv"
	"strings"
	"testing"

	"reuselab/bench/gen"
	"reuselab/compiler/front"
	"reuselab/ir"
)

// ifCases are Graph bodies that stress what an if restores and merges:
// names an arm declares outside itself (L26) in one arm, both or a nested
// one, changes only a nested if makes, an else-if chain, a receiver
// declared in an arm, and a value that is bad in one arm.
var ifCases = []string{
	`float a = Gain; float b = 0.0;
	if (Gain > 0.5) { b = a; x = Gain; } else { a = 2.0; y = Gain; }
	Rough = a + b + x + y;`,
	`float a = 0.0; float c = 1.0;
	if (Gain > 0.1) { if (Gain > 0.2) { a = 1.0; n1 = 2.0; } else { c = 3.0; } z = a; } else { if (Gain < 0.3) { c = a; } }
	Rough = a + c + z + n1;`,
	`float a = 0.0; float b = 0.0; float c = 0.0;
	if (Gain > 0.9) { c = 1.0; } else if (Gain > 0.5) { b = 2.0; } else if (Gain > 0.2) { a = 3.0; c = b; } else { q = a; }
	Rough = a + b + c + q;`,
	`float a = Gain;
	if (Gain > 0.5) { p = 1.0; a = p; } else { p = 2.0; }
	if (Gain > 0.7) { p = a; }
	Rough = p + a;`,
	`float a = Gain; float b = Gain;
	if (Gain > 0.5) { a = Undeclared; } else { b = a * 2.0; }
	Rough = a + b;`,
	`float a = 0.0;
	if (Gain > 0.5) { if (Gain > 0.6) { if (Gain > 0.7) { deep = 1.0; a = deep; } } }
	if (Gain > 0.1) { a = a + 1.0; } else { deep = a; }
	Rough = a + deep;`,
	`vec3 v = vec3(0.0, 0.0, 0.0); float s = 0.0;
	if (Gain > 0.5) { v.x = Gain; s = v.y; } else { v = vec3(1.0, 2.0, 3.0); }
	Rough = s + v.z;`,
	`float A = Gain; float b = 0.0;
	if (Gain > 0.5) { a = 3.0; b = A; } else { B = 1.0; }
	Rough = A + b;`,
}

func ifCaseSource(body string) string {
	return "Shader(Name=\"Gen/If\")\n{\n    Properties = {\n        float Gain = 1.0;\n    }\n" +
		"    Outputs = {\n        float Rough;\n        Base.Roughness = Rough;\n    }\n" +
		"    Graph = {\n" + body + "\n    }\n}\n"
}

// compileBothWays compiles src as /mem/T.dsm with the if change log and
// with every visible variable snapshotted; it returns what differs ("" if
// nothing), comparing the IR dump and every diagnostic.
func compileBothWays(path string, read func(string) ([]byte, error)) string {
	out := func(every bool) string {
		m, ds := compileFile(path, front.Options{ReadFile: read}, every)
		s := ds.String()
		if m != nil {
			s += ir.Dump(m)
		}
		return s
	}
	logged, every := out(false), out(true)
	if logged == every {
		return ""
	}
	la, ea := strings.Split(logged, "\n"), strings.Split(every, "\n")
	for i := range min(len(la), len(ea)) {
		if la[i] != ea[i] {
			return "first difference at line " + strconv.Itoa(i+1) + ":\n  log:  " + la[i] + "\n  full: " + ea[i]
		}
	}
	return "one output is a prefix of the other"
}

func memRead(files map[string]string) func(string) ([]byte, error) {
	return func(p string) ([]byte, error) {
		if s, ok := files[p]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	}
}

// The change log restores and merges exactly what snapshotting every
// visible variable did: the same nodes in the same order and the same
// diagnostics, over the cases above, generated programs full of ifs and
// every 1.x source of the corpus.
func TestIfChangeLogMatchesFullSnapshot(t *testing.T) {
	merged := 0
	check := func(name, src string) {
		t.Helper()
		read := memRead(map[string]string{"/mem/T.dsm": src})
		if diff := compileBothWays("/mem/T.dsm", read); diff != "" {
			t.Errorf("%s: %s", name, diff)
		}
		m, _ := CompileFile("/mem/T.dsm", front.Options{ReadFile: read})
		if m != nil && strings.Contains(ir.Dump(m), "Compare(") {
			merged++
		}
	}
	for i, body := range ifCases {
		check("case "+strconv.Itoa(i), ifCaseSource(body))
	}
	for seed := range uint64(40) {
		src, _ := gen.Program(gen.Config{Nodes: 400, Seed: seed, DupRate: 0.3, Branches: 12})
		check("gen seed "+strconv.Itoa(int(seed)), src)
	}
	if merged < 40 {
		t.Errorf("only %d sources merged an if: the comparison proves little", merged)
	}
	if testing.Short() {
		return
	}
	if _, err := os.Stat(corpusDir); err != nil {
		t.Logf("corpus %s absent: only the generated sources compared", corpusDir)
		return
	}
	for _, f := range shared.SourceFiles(corpusDir) {
		if diff := compileBothWays(f, os.ReadFile); diff != "" {
			t.Errorf("%s: %s", f, diff)
		}
	}
}
