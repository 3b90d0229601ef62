//go:build unix

package dss_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"reuselab/compiler/dss"
	"reuselab/internal/cputime"
)

// Sources of one shape at any size, for the front end's scaling
// benchmarks: each repeats one construct n times, the way a generated or
// hostile source would, so that a walk that is quadratic in the construct
// shows as time per statement growing with n. Each returns the root
// file's text and any further files (includes) by name.
type dssShape struct {
	name string
	src  func(n int) (string, map[string]string)
}

func oneFile(f func(n int) string) func(int) (string, map[string]string) {
	return func(n int) (string, map[string]string) { return f(n), nil }
}

// entry wraps statements in the material entry, after a uniform U.
func entry(body func(b *strings.Builder)) string {
	var b strings.Builder
	b.WriteString("uniform float U = 0.5;\nexport void M(inout material m)\n{\n")
	body(&b)
	b.WriteString("}\n")
	return b.String()
}

// helperChain is n helpers each calling the one before it, and an entry
// calling the last: findRecursion's walk was quadratic in n.
func helperChain(n int) string {
	var b strings.Builder
	b.WriteString("uniform float U = 0.5;\nfloat H0(float x) { return x + 1.0; }\n")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "float H%d(float x) { return H%d(x) * 0.5; }\n", i, i-1)
	}
	fmt.Fprintf(&b, "export void M(inout material m)\n{\n    m.Opacity = H%d(U);\n}\n", n-1)
	return b.String()
}

var dssShapes = []dssShape{
	{"helper-chain", oneFile(helperChain)},
	{"statements", oneFile(func(n int) string {
		return entry(func(b *strings.Builder) {
			for range n {
				b.WriteString("    m.Opacity = U;\n")
			}
		})
	})},
	{"locals", oneFile(func(n int) string {
		return entry(func(b *strings.Builder) {
			for i := range n {
				fmt.Fprintf(b, "    float v%d = U;\n", i)
			}
			b.WriteString("    m.Opacity = v0;\n")
		})
	})},
	// Locals then ifs: every if snapshots what its arms may change.
	{"locals-ifs", oneFile(func(n int) string {
		return entry(func(b *strings.Builder) {
			for i := range n / 2 {
				fmt.Fprintf(b, "    float v%d = U;\n", i)
			}
			for i := range n / 2 {
				fmt.Fprintf(b, "    if (U > 0.5) { v%d = 1.0; }\n", i)
			}
			b.WriteString("    m.Opacity = v0;\n")
		})
	})},
	// Deep scopes: blocks nested to the parser's limit, repeated.
	{"nested-blocks", oneFile(func(n int) string {
		return entry(func(b *strings.Builder) {
			const depth = 60
			for i := range n / depth {
				b.WriteString(strings.Repeat("{ ", depth))
				fmt.Fprintf(b, "float d%d = U; m.Opacity = d%d;", i, i)
				b.WriteString(strings.Repeat(" }", depth))
				b.WriteString("\n")
			}
		})
	})},
	// Independent helpers, each called once from the entry.
	{"many-helpers", oneFile(func(n int) string {
		var b strings.Builder
		b.WriteString("uniform float U = 0.5;\n")
		for i := range n / 2 {
			fmt.Fprintf(&b, "float F%d(float x) { return x * %d.0; }\n", i, i)
		}
		b.WriteString("export void M(inout material m)\n{\n")
		for i := range n / 2 {
			fmt.Fprintf(&b, "    m.Opacity = F%d(U);\n", i)
		}
		b.WriteString("}\n")
		return b.String()
	})},
	{"uniforms", oneFile(func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "/// @group G%d\nuniform float U%d = 0.5;\n", i%16, i)
		}
		b.WriteString("export void M(inout material m)\n{\n    m.Opacity = U0;\n}\n")
		return b.String()
	})},
	// Every uniform read once: each read makes its Parameter.
	{"uniform-reads", oneFile(func(n int) string {
		var b strings.Builder
		for i := range n / 2 {
			fmt.Fprintf(&b, "uniform float U%d = 0.5;\n", i)
		}
		b.WriteString("export void M(inout material m)\n{\n")
		for i := range n / 2 {
			fmt.Fprintf(&b, "    m.Opacity = U%d;\n", i)
		}
		b.WriteString("}\n")
		return b.String()
	})},
	// A helper with many parameters, called with all of them.
	{"many-params", oneFile(func(n int) string {
		var b strings.Builder
		b.WriteString("uniform float U = 0.5;\nfloat Wide(")
		for i := range n {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "float p%d", i)
		}
		b.WriteString(") { return p0; }\nexport void M(inout material m)\n{\n    m.Opacity = Wide(")
		for i := range n {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString("U")
		}
		b.WriteString(");\n}\n")
		return b.String()
	})},
	// A helper with many parameters, called with each named.
	{"named-args", oneFile(func(n int) string {
		var b strings.Builder
		b.WriteString("uniform float U = 0.5;\nfloat Wide(")
		for i := range n / 2 {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "float p%d", i)
		}
		b.WriteString(") { return p0; }\nexport void M(inout material m)\n{\n    m.Opacity = Wide(")
		for i := range n / 2 {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "p%d = U", i)
		}
		b.WriteString(");\n}\n")
		return b.String()
	})},
	// Extern declarations each replaced by a definition further on.
	{"extern-definitions", oneFile(func(n int) string {
		var b strings.Builder
		b.WriteString("uniform float U = 0.5;\n")
		for i := range n / 2 {
			fmt.Fprintf(&b, "extern float E%d(float x);\n", i)
		}
		for i := range n / 2 {
			fmt.Fprintf(&b, "float E%d(float x) { return x; }\n", i)
		}
		b.WriteString("export void M(inout material m)\n{\n    m.Opacity = E0(U);\n}\n")
		return b.String()
	})},
	// A helper with many bool parameters, each made a static pin.
	{"static-params", oneFile(func(n int) string {
		var b strings.Builder
		b.WriteString("uniform float U = 0.5;\n")
		for i := range n / 2 {
			fmt.Fprintf(&b, "/// @static s%d\n", i)
		}
		b.WriteString("float Wide(")
		for i := range n / 2 {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "bool s%d", i)
		}
		b.WriteString(") { return 1; }\nexport void M(inout material m)\n{\n    m.Opacity = U;\n}\n")
		return b.String()
	})},
	// A @custom function whose body makes many `UE.` calls, each lifted
	// out of the HLSL text into a node.
	{"lifted-calls", oneFile(func(n int) string {
		var b strings.Builder
		b.WriteString("uniform float U = 0.5;\n/// @custom\nfloat Many(float g)\n{\n    float s = g;\n")
		for range n {
			b.WriteString("    s += UE.Time();\n")
		}
		b.WriteString("    return s;\n}\nexport void M(inout material m)\n{\n    m.Opacity = Many(U);\n}\n")
		return b.String()
	})},
	// Long expressions, each under the parser's chain limit.
	{"long-expressions", oneFile(func(n int) string {
		return entry(func(b *strings.Builder) {
			const length = 1000
			for range n / length {
				b.WriteString("    m.Opacity = U")
				b.WriteString(strings.Repeat(" + U", length-1))
				b.WriteString(";\n")
			}
		})
	})},
	{"loops", oneFile(func(n int) string {
		return entry(func(b *strings.Builder) {
			b.WriteString("    float s = U;\n")
			for range n {
				b.WriteString("    for (int i = 0; i < 1; i++) { s = s + U; }\n")
			}
			b.WriteString("    m.Opacity = s;\n")
		})
	})},
	// Many included headers, each declaring one helper the root calls.
	{"includes", func(n int) (string, map[string]string) {
		files := map[string]string{}
		var b strings.Builder
		for i := range n / 2 {
			name := fmt.Sprintf("I%d.dsh", i)
			files[name] = fmt.Sprintf("float I%d(float x) { return x; }\n", i)
			fmt.Fprintf(&b, "#include \"%s\"\n", name)
		}
		b.WriteString("uniform float U = 0.5;\nexport void M(inout material m)\n{\n")
		for i := range n / 2 {
			fmt.Fprintf(&b, "    m.Opacity = I%d(U);\n", i)
		}
		b.WriteString("}\n")
		return b.String(), files
	}},
}

// compileDSSText compiles root as /mem/T.dss beside files in /mem.
func compileDSSText(root string, files map[string]string) {
	read := func(p string) ([]byte, error) {
		if p == "/mem/T.dss" {
			return []byte(root), nil
		}
		if s, ok := files[strings.TrimPrefix(p, "/mem/")]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	}
	dss.CompileFile("/mem/T.dss", dss.Options{ReadFile: read})
}

// BenchmarkCheckHelperChain is `check` on n chained helpers: linear, so
// 100k costs about ten times 10k (ns/helper flat).
func BenchmarkCheckHelperChain(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		b.Run(fmt.Sprintf("%dk", n/1000), func(b *testing.B) {
			benchShape(b, helperChain(n), nil, n, "helper")
		})
	}
}

// BenchmarkDSSScaling runs every shape at 10k, 100k and 1M statements
// (run one size with -bench 'DSSScaling/.*/1M' -benchtime 1x): ns/stmt and
// B/stmt that grow with n mark a superlinear walk.
func BenchmarkDSSScaling(b *testing.B) {
	for _, sh := range dssShapes {
		for _, n := range []int{10_000, 100_000, 1_000_000} {
			b.Run(fmt.Sprintf("%s/%s", sh.name, cputime.SizeName(n)), func(b *testing.B) {
				root, files := sh.src(n)
				benchShape(b, root, files, n, "stmt")
			})
		}
	}
}

// benchShape reports, besides ns/op, the time per statement in wall and in
// CPU time (user+system of the whole process, GC included): on a shared
// machine the CPU figure is the steadier one.
func benchShape(b *testing.B, root string, files map[string]string, n int, unit string) {
	b.ReportAllocs()
	b.SetBytes(int64(len(root)))
	cputime.PerUnit(b, n, unit, func() { compileDSSText(root, files) })
}
