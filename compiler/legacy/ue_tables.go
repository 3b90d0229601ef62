package legacy

import (
	"strings"

	"reuselab/diag"
	"reuselab/ir"
)

// shorthand is a 1.x registered `UE.X` name: its class and the arguments it
// keeps, mapped to the class's names (LANGUAGE-2.0 §2.6).
type shorthand struct {
	class string
	args  map[string]string // 1.x name → pin/property name
	lits  map[string]bool   // arguments that must be literals
	fixed map[string]string // properties the shorthand always writes
}

var noArgs = map[string]string{}

var shorthands = map[string]shorthand{
	"TexCoord": {class: "TextureCoordinate", args: map[string]string{"Index": "CoordinateIndex", "UTiling": "UTiling",
		"VTiling": "VTiling", "UnMirrorU": "UnMirrorU", "UnMirrorV": "UnMirrorV"}, lits: map[string]bool{"Index": true}},
	"Time":                    {class: "Time", args: map[string]string{"Period": "Period", "IgnorePause": "bIgnorePause"}},
	"Panner":                  {class: "Panner", args: map[string]string{"Coordinate": "Coordinate", "Time": "Time", "Speed": "Speed", "SpeedX": "SpeedX", "SpeedY": "SpeedY", "FractionalPart": "bFractionalPart"}},
	"WorldPosition":           {class: "WorldPosition", args: noArgs},
	"TranslatedWorldPosition": {class: "WorldPosition", args: noArgs, fixed: map[string]string{"WorldPositionShaderOffset": "CameraRelative"}},
	"ObjectPositionWS":        {class: "ObjectPositionWS", args: noArgs},
	"ObjectPosition":          {class: "ObjectPositionWS", args: noArgs},
	"CameraVectorWS":          {class: "CameraVectorWS", args: noArgs},
	"CameraVector":            {class: "CameraVectorWS", args: noArgs},
	"CameraPosition":          {class: "CameraPositionWS", args: noArgs},
	"VertexNormalWS":          {class: "VertexNormalWS", args: noArgs},
	"VertexTangentWS":         {class: "VertexTangentWS", args: noArgs},
	"PixelNormalWS":           {class: "PixelNormalWS", args: noArgs},
	"ReflectionVector":        {class: "ReflectionVectorWS", args: noArgs},
	"ObjectBounds":            {class: "ObjectBounds", args: noArgs},
	"ObjectRadius":            {class: "ObjectRadius", args: noArgs},
	"ScreenPosition":          {class: "ScreenPosition", args: noArgs},
	"ViewportUV":              {class: "ScreenPosition", args: noArgs},
	"VertexColor":             {class: "VertexColor", args: noArgs},
	"PixelDepth":              {class: "PixelDepth", args: noArgs},
	"SceneDepth":              {class: "SceneDepth", args: noArgs},
	"SceneColor":              {class: "SceneColor", args: noArgs},
	"TwoSidedSign":            {class: "TwoSidedSign", args: noArgs},
	"PerInstanceRandom":       {class: "PerInstanceRandom", args: noArgs},
	"PerInstanceFadeAmount":   {class: "PerInstanceFadeAmount", args: noArgs},
	"CollectionParam":         {class: "CollectionParameter", args: map[string]string{"Collection": "Collection", "Asset": "Collection", "Parameter": "ParameterName", "ParameterName": "ParameterName"}},
	"CollectionParameter":     {class: "CollectionParameter", args: map[string]string{"Collection": "Collection", "Asset": "Collection", "Parameter": "ParameterName", "ParameterName": "ParameterName"}},
	"TransformVector":         {class: "Transform", args: map[string]string{"Input": "Input", "Source": "TransformSourceType", "Destination": "TransformType"}},
	"TransformPosition":       {class: "TransformPosition", args: map[string]string{"Input": "Input", "Source": "TransformSourceType", "Destination": "TransformType"}},
}

// enumKey normalises an enum spelling for L12: case, an `Enum::` or
// `PREFIX_` head, and `_ - : . /` and spaces are ignored.
func enumKey(s string) string {
	var sb strings.Builder
	for _, c := range strings.ToLower(s) {
		switch c {
		case '_', '-', ':', '.', '/', ' ':
			continue
		}
		sb.WriteRune(c)
	}
	return sb.String()
}

// legacySpaces are the 1.x transform-space spellings (the front end already
// said DSH5278 for them).
var legacySpaces = map[string]string{
	"camerarelativeworld": "TranslatedWorld", "absoluteworld": "World", "particle": "Instance",
	"tangent": "Tangent", "local": "Local", "world": "World", "view": "View", "camera": "Camera",
	"instance": "Instance", "translatedworld": "TranslatedWorld", "periodicworld": "PeriodicWorld",
	"firstperson": "FirstPerson", "particleworld": "ParticleWorld",
}

func (b *builder) enumValue(p *ir.CatalogProp, text string, pos diag.Pos) string {
	if len(p.Enum) == 0 {
		return text
	}
	if p.Name == "TransformSourceType" || p.Name == "TransformType" {
		if v, ok := legacySpaces[strings.ToLower(text)]; ok {
			return v
		}
	}
	for _, v := range p.Enum {
		if v == text {
			return v
		}
	}
	k := enumKey(text)
	for _, v := range p.Enum {
		ev := enumKey(v)
		if k == ev || strings.HasSuffix(k, ev) && (strings.Contains(text, "_") || strings.Contains(text, "::")) {
			b.warnf(pos, "DSH5278", "%s is read as %s", text, v)
			return v
		}
	}
	return text
}
