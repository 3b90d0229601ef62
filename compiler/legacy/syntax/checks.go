package syntax

import (
	"strings"

	"reuselab/diag"
)

// checkCall runs the checks of the 1.x call shorthands the front end
// rewrites (LANGUAGE-2.0 §2.6, DSH5250–5265) on one call: output
// selectors, the SampleTexture2D / UE.SceneTexture /
// UE.StaticSwitchParameter shapes, and the 1.x transform space names
// (DSH5278). checkTree calls it for every call of a file.
func checkCall(c *CallExpr, l *diag.List) {
	name := CalleeName(c.Fun)
	var output, index *Arg
	for _, a := range c.Args {
		switch {
		case strings.EqualFold(a.Name, "Output"), strings.EqualFold(a.Name, "OutputName"):
			output = a
		case strings.EqualFold(a.Name, "OutputIndex"):
			index = a
		}
	}
	if output != nil || index != nil {
		sel := output
		if sel == nil {
			sel = index
		}
		switch {
		case isCtorName(name):
			l.Errorf(sel.Pos, "DSH5253", "constructor '%s' has no outputs to select", name)
		case output != nil && index != nil:
			l.Errorf(index.Pos, "DSH5252", "one selector per call: '%s' and 'OutputIndex' both given", output.Name)
		}
		if index != nil {
			if v, ok := index.Value.(*NumberLit); !ok || v.Value != float64(int(v.Value)) || v.Kind == NumFloat && strings.ContainsAny(v.Raw, ".eE") {
				l.Errorf(index.Value.Position(), "DSH5250", "'OutputIndex' is a whole number of zero or more")
			}
		}
		if output != nil {
			switch output.Value.(type) {
			case *StringLit, *Ident:
			default:
				l.Errorf(output.Value.Position(), "DSH5251", "'%s' names an output: a string or a name", output.Name)
			}
		}
	}
	switch name {
	case "SampleTexture2D":
		ok := len(c.Args) == 2
		for _, a := range c.Args {
			if a.Name != "" {
				ok = false
			}
		}
		if !ok {
			l.Errorf(c.Pos, "DSH5256", "'SampleTexture2D' takes a texture and coordinates: SampleTexture2D(Tex, UV)")
		}
	case "UE.SceneTexture":
		if len(c.Args) != 1 || !strings.EqualFold(c.Args[0].Name, "Id") {
			l.Errorf(c.Pos, "DSH5255", "'UE.SceneTexture' takes exactly 'Id = …'")
		}
	case "UE.StaticSwitchParameter":
		checkStaticSwitch(c, l)
	case "UE.TransformVector", "UE.TransformPosition":
		for _, a := range c.Args {
			if !strings.EqualFold(a.Name, "Source") && !strings.EqualFold(a.Name, "Destination") {
				continue
			}
			v, ok := textValue(a.Value)
			if ok && !engineSpaces[v] {
				l.Warnf(a.Value.Position(), "DSH5278", "transform space '%s' is a 1.x spelling; the engine's name is used", v)
			}
		}
	}
}

var engineSpaces = map[string]bool{
	"Tangent": true, "Local": true, "World": true, "View": true, "Camera": true, "Instance": true,
	"TranslatedWorld": true, "PeriodicWorld": true, "FirstPersonTranslatedWorld": true, "ParticleWorld": true,
	"MeshParticle": true,
}

func isCtorName(name string) bool {
	_, ok := ctorWidth(name)
	return ok
}

func checkStaticSwitch(c *CallExpr, l *diag.List) {
	arg := func(names ...string) *Arg {
		for _, n := range names {
			if a := NamedArg(c.Args, n); a != nil {
				return a
			}
		}
		return nil
	}
	if a := arg("Name"); a == nil {
		l.Errorf(c.Pos, "DSH5257", "'UE.StaticSwitchParameter' needs Name = \"…\"")
	} else if _, ok := textValue(a.Value); !ok {
		l.Errorf(a.Value.Position(), "DSH5257", "the static switch Name is a string")
	}
	if arg("True", "A") == nil || arg("False", "B") == nil {
		l.Errorf(c.Pos, "DSH5258", "a static switch is called with both inputs (True = …, False = …)")
	}
	if a := arg("Default"); a != nil {
		if _, ok := a.Value.(*BoolLit); !ok {
			l.Errorf(a.Value.Position(), "DSH5263", "'Default' is true or false")
		}
	}
	if a := arg("SortPriority"); a != nil {
		if _, ok := intValue(a.Value); !ok {
			l.Errorf(a.Value.Position(), "DSH5264", "'SortPriority' is a whole number")
		}
	}
}
