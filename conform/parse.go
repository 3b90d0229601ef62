package conform

import (
	"fmt"
	"sort"
	"strings"

	"reuselab/compiler/legacy/syntax"
	"reuselab/sourcefile"
)

// The `parse` entry point (upstream's Parse/ goldens): the 1.x front end
// reads a `.dsm`/`.dsf`/`.dsh` and the golden pins what the parsed
// definition holds (GOLDENS.md: `definition{…}`). Only the keys written
// are compared.

type parseDefinition struct {
	Name                  *string           `json:"name"`
	OutputDeclarations    *int              `json:"outputDeclarations"`
	Outputs               *int              `json:"outputs"`
	MaterialFunctions     *int              `json:"materialFunctions"`
	VirtualFunctions      *int              `json:"virtualFunctions"`
	CodeNotEmpty          *bool             `json:"codeNotEmpty"`
	Settings              map[string]string `json:"settings"`
	MaterialFunction0Kind *string           `json:"materialFunction0Kind"`
}

// DefinitionSummary is what a 1.x file's parsed definition holds: its
// material (the first Shader block) and its function blocks.
type DefinitionSummary struct {
	Name                  string
	OutputDeclarations    int // `Type Name;` in the Shader's Outputs
	Outputs               int // bindings: `Base.X = …` and every `Pin[i] = …`
	MaterialFunctions     int // ShaderFunction, ShaderLayer, ShaderLayerBlend blocks
	VirtualFunctions      int
	MaterialFunction0Kind string // the first function block's keyword, canonically spelled
	CodeNotEmpty          bool   // a Graph of the Shader or a function block holds a statement
	Settings              map[string]string
	shaderSeen            bool
}

func summariseDefinition(u *syntax.Unit) DefinitionSummary {
	s := DefinitionSummary{Settings: map[string]string{}}
	if u == nil || u.Main == nil {
		return s
	}
	for _, d := range u.Main.Decls {
		b, ok := d.(*syntax.BlockDecl)
		if !ok {
			continue
		}
		switch b.Kind {
		case syntax.BlockVirtualFunction:
			s.VirtualFunctions++
			continue
		case syntax.BlockShaderFunction, syntax.BlockShaderLayer, syntax.BlockShaderLayerBlend:
			if s.MaterialFunctions == 0 {
				s.MaterialFunction0Kind = b.Kind.String()
				if !s.shaderSeen {
					s.Name = b.Name()
				}
			}
			s.MaterialFunctions++
			s.CodeNotEmpty = s.CodeNotEmpty || hasGraphCode(b)
			continue
		}
		if s.shaderSeen {
			continue
		}
		s.shaderSeen = true
		s.Name = b.Name()
		for _, sec := range b.SectionsOf(syntax.SecSettings) {
			for _, st := range sec.Settings {
				s.Settings[st.Key] = st.Value
			}
		}
		for _, sec := range b.SectionsOf(syntax.SecOutputs) {
			for _, it := range sec.Outputs {
				switch it := it.(type) {
				case *syntax.OutputDecl:
					s.OutputDeclarations++
				case *syntax.OutputBinding:
					s.Outputs++
				case *syntax.ExprOutput:
					s.Outputs += len(it.Pins)
				}
			}
		}
		s.CodeNotEmpty = s.CodeNotEmpty || hasGraphCode(b)
	}
	return s
}

func hasGraphCode(b *syntax.BlockDecl) bool {
	for _, sec := range b.SectionsOf(syntax.SecGraph) {
		if len(sec.Stmts) > 0 {
			return true
		}
	}
	return false
}

func (want parseDefinition) compare(s DefinitionSummary) []string {
	var out []string
	num := func(key string, w *int, got int) {
		if w != nil && *w != got {
			out = append(out, fmt.Sprintf("definition.%s %d, want %d", key, got, *w))
		}
	}
	if want.Name != nil && *want.Name != s.Name {
		out = append(out, fmt.Sprintf("definition.name %q, want %q", s.Name, *want.Name))
	}
	num("outputDeclarations", want.OutputDeclarations, s.OutputDeclarations)
	num("outputs", want.Outputs, s.Outputs)
	num("materialFunctions", want.MaterialFunctions, s.MaterialFunctions)
	num("virtualFunctions", want.VirtualFunctions, s.VirtualFunctions)
	if want.MaterialFunction0Kind != nil && *want.MaterialFunction0Kind != s.MaterialFunction0Kind {
		out = append(out, fmt.Sprintf("definition.materialFunction0Kind %q, want %q", s.MaterialFunction0Kind, *want.MaterialFunction0Kind))
	}
	if want.CodeNotEmpty != nil && *want.CodeNotEmpty != s.CodeNotEmpty {
		out = append(out, fmt.Sprintf("definition.codeNotEmpty %v, want %v", s.CodeNotEmpty, *want.CodeNotEmpty))
	}
	keys := make([]string, 0, len(want.Settings))
	for k := range want.Settings {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		got, ok := lookupFold(s.Settings, k)
		if !ok || got != want.Settings[k] {
			out = append(out, fmt.Sprintf("definition.settings.%s %q, want %q", k, got, want.Settings[k]))
		}
	}
	return out
}

// lookupFold finds a setting by key without regard to case, as 1.x reads
// setting names.
func lookupFold(m map[string]string, key string) (string, bool) {
	if v, ok := m[key]; ok {
		return v, true
	}
	for k, v := range m {
		if strings.EqualFold(k, key) {
			return v, true
		}
	}
	return "", false
}

// runParse runs one `parse` golden whose source is r.Source.
func runParse(r *Result, gd Golden, golden, root string) {
	r.Figure = "parse"
	var extra struct {
		Definition *parseDefinition `json:"definition"`
	}
	if err := readExtra(golden, root, &extra); err != nil {
		r.Status, r.Detail = Fail, fmt.Sprintf("%s: cannot read the golden: %v", sourcefile.Code(err), err)
		return
	}
	u, ds := syntax.Load(r.Source, syntax.LoadOptions{})
	problems := codeProblems(r, gd, ds)
	if !strings.EqualFold(gd.Outcome, "error") && extra.Definition != nil {
		problems = append(problems, extra.Definition.compare(summariseDefinition(u))...)
	}
	finish(r, problems, "")
}
