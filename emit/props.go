package emit

import (
	"strings"

	"reuselab/ir"
)

// num prints a number as the IR dump does (%.9g, no trailing zeros): the
// engine's text import reads "2" into a float and "0.5" into an int-free
// property alike, so one spelling serves T3D, JSON and the table.
func num(v float64) string { return ir.FormatNumber(v) }

// color prints an FLinearColor: (R=…,G=…,B=…,A=…).
func color(c []float64) string {
	return "(R=" + num(c[0]) + ",G=" + num(c[1]) + ",B=" + num(c[2]) + ",A=" + num(c[3]) + ")"
}

func boolText(b bool) string {
	if b {
		return "True"
	}
	return "False"
}

// enumPrefix is the C++ prefix of an enum property's values: the IR keeps
// the catalog's short spelling ("Normal"), the engine's text import wants
// the enumerator ("SAMPLERTYPE_Normal"). Keyed by class then property; ""
// matches any class.
var enumPrefix = map[string]map[string]string{
	"": {
		"SamplerType":               "SAMPLERTYPE_",
		"SceneTextureId":            "PPI_",
		"MipValueMode":              "TMVM_",
		"SamplerSource":             "SSM_",
		"OutputType":                "CMOT_",
		"InputType":                 "FunctionInput_",
		"WorldPositionShaderOffset": "WPT_",
	},
	"Transform":         {"TransformSourceType": "TRANSFORMSOURCE_", "TransformType": "TRANSFORM_"},
	"TransformPosition": {"TransformSourceType": "TRANSFORMPOSSOURCE_", "TransformType": "TRANSFORMPOSSOURCE_"},
}

// engineProp converts one IR property of a node of class to engine text.
func engineProp(class string, p ir.Prop) Prop {
	v := p.Value
	switch v.Kind {
	case ir.KindBool:
		return Prop{Name: p.Name, Value: boolText(v.Bool)}
	case ir.KindNumber:
		return Prop{Name: p.Name, Value: v.String()}
	case ir.KindTuple:
		if len(v.Nums) == 1 {
			return Prop{Name: p.Name, Value: num(v.Nums[0])}
		}
		parts := make([]string, len(v.Nums))
		for i, x := range v.Nums {
			parts[i] = num(x)
		}
		return Prop{Name: p.Name, Value: "(" + strings.Join(parts, ",") + ")"}
	}
	pre, ok := enumPrefix[class][p.Name]
	if !ok {
		pre, ok = enumPrefix[""][p.Name]
	}
	if ok && isIdent(v.Str) {
		val := strings.TrimPrefix(v.Str, pre)
		if pre == "CMOT_" {
			val = customOutputType(val)
		}
		return Prop{Name: p.Name, Value: pre + val}
	}
	return Prop{Name: p.Name, Value: v.Str, Quoted: true}
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !(c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// assetPath turns the IR's asset text into an object path the editor
// resolves: `Path(Game, "Functions/MF_X")` → `/Game/Functions/MF_X.MF_X`;
// a package path gets its object name appended. Anything else is kept.
func assetPath(s string) string {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "Path(") && strings.HasSuffix(s, ")") {
		inner := s[len("Path(") : len(s)-1]
		root, rest, ok := strings.Cut(inner, ",")
		if ok {
			rest = strings.Trim(strings.TrimSpace(rest), `"`)
			// Roots: Game → /Game, Engine → /Engine, Plugins.X → /X (a
			// plugin's content mounts under its own name).
			root = strings.TrimSpace(root)
			if p, ok := strings.CutPrefix(root, "Plugins."); ok {
				root = p
			}
			s = "/" + root + "/" + strings.TrimPrefix(rest, "/")
		}
	}
	if strings.HasPrefix(s, "/") && !strings.Contains(s[strings.LastIndexByte(s, '/'):], ".") {
		s += "." + s[strings.LastIndexByte(s, '/')+1:]
	}
	return s
}

// customOutputType spells a Custom node's output type as ECustomMaterialOutputType
// does (1.x sources write "float4", "Float3", "CMOT_Float1").
func customOutputType(s string) string {
	switch strings.ToLower(s) {
	case "float", "float1":
		return "Float1"
	case "float2", "float3", "float4":
		return "Float" + s[len(s)-1:]
	case "materialattributes":
		return "MaterialAttributes"
	}
	return s
}
