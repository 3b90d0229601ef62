//go:build unix

package legacy

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"reuselab/compiler/front"
	"reuselab/internal/cputime"
)

// Sources of one 1.x shape at any size, for the front end's scaling
// benchmarks: each repeats one construct n times, the way a generated or
// hostile source would, so that a walk quadratic in the construct shows
// as time per statement growing with n. Each returns the root file's text
// and any further files (imports) by name.
type dsmShape struct {
	name string
	src  func(n int) (string, map[string]string)
}

// shader is a Shader with the given Properties, Settings and Outputs lines
// and Graph statements, each written by its function (nil: a default).
func shader(props, settings, outputs, graph func(b *strings.Builder)) string {
	var b strings.Builder
	b.WriteString("Shader(Name=\"Gen/Scale\")\n{\n    Properties = {\n        float Gain = 1.0;\n")
	if props != nil {
		props(&b)
	}
	b.WriteString("    }\n    Settings = {\n        Domain = \"Surface\";\n")
	if settings != nil {
		settings(&b)
	}
	b.WriteString("    }\n    Outputs = {\n        float Rough;\n        Base.Roughness = Rough;\n")
	if outputs != nil {
		outputs(&b)
	}
	b.WriteString("    }\n    Graph = {\n")
	graph(&b)
	b.WriteString("        Rough = Gain;\n    }\n}\n")
	return b.String()
}

func graphOnly(graph func(b *strings.Builder, n int)) func(int) (string, map[string]string) {
	return func(n int) (string, map[string]string) {
		return shader(nil, nil, nil, func(b *strings.Builder) { graph(b, n) }), nil
	}
}

// undeclaredAssignments is n assignments to names nobody declares (L26
// declares each): lookupFold scanned every declaration for each.
func undeclaredAssignments(n int) string {
	return shader(nil, nil, nil, func(b *strings.Builder) {
		for i := range n {
			fmt.Fprintf(b, "        a%d = Gain;\n", i)
		}
	})
}

// caseVariant is the i-th spelling of "variantname" that differs only in
// case (bit k of i upper-cases letter k).
func caseVariant(i int) string {
	r := []byte("variantnameabcdefghijk")
	for k := range r {
		if i&(1<<k) != 0 {
			r[k] -= 'a' - 'A'
		}
	}
	return string(r)
}

var dsmShapes = []dsmShape{
	{"undeclared", func(n int) (string, map[string]string) { return undeclaredAssignments(n), nil }},
	{"statements", graphOnly(func(b *strings.Builder, n int) {
		for range n {
			b.WriteString("        Rough = Gain;\n")
		}
	})},
	{"locals", graphOnly(func(b *strings.Builder, n int) {
		for i := range n {
			fmt.Fprintf(b, "        float v%d = Gain;\n", i)
		}
	})},
	// Locals then ifs: every if saw every local.
	{"locals-ifs", graphOnly(func(b *strings.Builder, n int) {
		for i := range n / 2 {
			fmt.Fprintf(b, "        float v%d = Gain;\n", i)
		}
		for i := range n / 2 {
			fmt.Fprintf(b, "        if (Gain > 0.5) { v%d = 1.0; }\n", i)
		}
	})},
	// Deep scopes: ifs nested 50 deep, repeated, a local in the innermost.
	{"nested-ifs", graphOnly(func(b *strings.Builder, n int) {
		const depth = 50
		for i := range n / depth {
			b.WriteString(strings.Repeat("if (Gain > 0.5) { ", depth))
			fmt.Fprintf(b, "float d%d = Gain; Rough = d%d;", i, i)
			b.WriteString(strings.Repeat(" }", depth))
			b.WriteString("\n")
		}
	})},
	// Names differing only in case, then reads of spellings nobody
	// declared: each read counts the declarations that match (DSH4200).
	{"case-variants", graphOnly(func(b *strings.Builder, n int) {
		for i := range n / 2 {
			fmt.Fprintf(b, "        float %s = Gain;\n", caseVariant(2*i))
		}
		for i := range n / 2 {
			fmt.Fprintf(b, "        Rough = %s;\n", caseVariant(2*i+1))
		}
	})},
	{"properties", func(n int) (string, map[string]string) {
		return shader(func(b *strings.Builder) {
			for i := range n / 2 {
				fmt.Fprintf(b, "        float P%d = 1.0;\n", i)
			}
		}, nil, nil, func(b *strings.Builder) {
			for i := range n / 2 {
				fmt.Fprintf(b, "        Rough = P%d;\n", i)
			}
		}), nil
	}},
	// Properties read in a case they are not declared in (DSH5275).
	{"property-folds", func(n int) (string, map[string]string) {
		return shader(func(b *strings.Builder) {
			for i := range n / 2 {
				fmt.Fprintf(b, "        float Prop%d = 1.0;\n", i)
			}
		}, nil, nil, func(b *strings.Builder) {
			for i := range n / 2 {
				fmt.Fprintf(b, "        Rough = PROP%d;\n", i)
			}
		}), nil
	}},
	{"settings", func(n int) (string, map[string]string) {
		return shader(nil, func(b *strings.Builder) {
			for i := range n {
				fmt.Fprintf(b, "        Key%d = \"v\";\n", i)
			}
		}, nil, func(*strings.Builder) {}), nil
	}},
	{"outputs", func(n int) (string, map[string]string) {
		return shader(nil, nil, func(b *strings.Builder) {
			for i := range n / 2 {
				fmt.Fprintf(b, "        float O%d;\n", i)
			}
		}, func(b *strings.Builder) {
			for i := range n / 2 {
				fmt.Fprintf(b, "        O%d = Gain;\n", i)
			}
		}), nil
	}},
	// Functions (Custom nodes), each called once.
	{"functions", func(n int) (string, map[string]string) {
		var b strings.Builder
		for i := range n / 2 {
			fmt.Fprintf(&b, "Function float F%d(in float x)\n{\n    return x;\n}\n", i)
		}
		b.WriteString(shader(nil, nil, nil, func(b *strings.Builder) {
			for i := range n / 2 {
				fmt.Fprintf(b, "        Rough = F%d(Gain);\n", i)
			}
		}))
		return b.String(), nil
	}},
	// Imported headers, each with one function the shader calls.
	{"imports", func(n int) (string, map[string]string) {
		files := map[string]string{}
		var b strings.Builder
		for i := range n / 2 {
			name := fmt.Sprintf("I%d.dsh", i)
			files[name] = fmt.Sprintf("Function float I%d(in float x)\n{\n    return x;\n}\n", i)
			fmt.Fprintf(&b, "import \"%s\"\n", name)
		}
		b.WriteString(shader(nil, nil, nil, func(b *strings.Builder) {
			for i := range n / 2 {
				fmt.Fprintf(b, "        Rough = I%d(Gain);\n", i)
			}
		}))
		return b.String(), files
	}},
	// Calls of functions nobody declares, among many that are declared:
	// each looks for a declaration matching it ignoring case.
	{"unknown-calls", func(n int) (string, map[string]string) {
		var b strings.Builder
		for i := range n / 2 {
			fmt.Fprintf(&b, "Function float F%d(in float x)\n{\n    return x;\n}\n", i)
		}
		b.WriteString(shader(nil, nil, nil, func(b *strings.Builder) {
			for i := range n / 2 {
				fmt.Fprintf(b, "        Rough = Nope%d(Gain);\n", i)
			}
		}))
		return b.String(), nil
	}},
	// A function with many inputs, called with each named.
	{"named-inputs", func(n int) (string, map[string]string) {
		var b strings.Builder
		b.WriteString("Function float Wide(")
		for i := range n / 2 {
			fmt.Fprintf(&b, "in float p%d, ", i)
		}
		b.WriteString("in float last)\n{\n    return last;\n}\n")
		b.WriteString(shader(nil, nil, nil, func(b *strings.Builder) {
			b.WriteString("        Rough = Wide(")
			for i := range n / 2 {
				fmt.Fprintf(b, "p%d = Gain, ", i)
			}
			b.WriteString("last = Gain);\n")
		}))
		return b.String(), nil
	}},
	// A GraphFunction whose body makes many `UE.` calls, each lifted out
	// of the HLSL text into an input (L8), called twice.
	{"lifted-calls", func(n int) (string, map[string]string) {
		var b strings.Builder
		b.WriteString("GraphFunction float Many(in float g)\n{\n    float s = g;\n")
		for range n {
			b.WriteString("    s += UE.Time();\n")
		}
		b.WriteString("    return s;\n}\n")
		b.WriteString(shader(nil, nil, nil, func(b *strings.Builder) {
			b.WriteString("        Rough = Many(Gain) + Many(Gain);\n")
		}))
		return b.String(), nil
	}},
	// Long expressions, each under the parser's chain limit.
	{"long-expressions", graphOnly(func(b *strings.Builder, n int) {
		const length = 1000
		for range n / length {
			b.WriteString("        Rough = Gain")
			b.WriteString(strings.Repeat(" + Gain", length-1))
			b.WriteString(";\n")
		}
	})},
}

// compileDSMText compiles root as /mem/T.dsm beside files in /mem.
func compileDSMText(root string, files map[string]string) {
	read := func(p string) ([]byte, error) {
		if p == "/mem/T.dsm" {
			return []byte(root), nil
		}
		if s, ok := files[strings.TrimPrefix(p, "/mem/")]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	}
	CompileFile("/mem/T.dsm", front.Options{Root: "/mem", ReadFile: read})
}

// BenchmarkCheckUndeclared is `check` on n undeclared assignments: linear,
// so cpu-ns/assignment stays flat from 10k to 450k.
func BenchmarkCheckUndeclared(b *testing.B) {
	for _, n := range []int{10_000, 450_000} {
		b.Run(fmt.Sprintf("%dk", n/1000), func(b *testing.B) {
			benchDSM(b, undeclaredAssignments(n), nil, n, "assignment")
		})
	}
}

// BenchmarkDSMScaling runs every shape at 10k, 100k and 1M statements
// (one size: -bench 'DSMScaling/.*/1M' -benchtime 1x): ns/stmt and B/stmt
// that grow with n mark a superlinear walk.
func BenchmarkDSMScaling(b *testing.B) {
	for _, sh := range dsmShapes {
		for _, n := range []int{10_000, 100_000, 1_000_000} {
			b.Run(fmt.Sprintf("%s/%s", sh.name, cputime.SizeName(n)), func(b *testing.B) {
				root, files := sh.src(n)
				benchDSM(b, root, files, n, "stmt")
			})
		}
	}
}

// benchDSM reports, besides ns/op, the time per statement in wall and in
// CPU time (the steadier one on a shared machine).
func benchDSM(b *testing.B, root string, files map[string]string, n int, unit string) {
	b.ReportAllocs()
	b.SetBytes(int64(len(root)))
	cputime.PerUnit(b, n, unit, func() { compileDSMText(root, files) })
}
