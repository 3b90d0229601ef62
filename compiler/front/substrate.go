package front

import "reuselab/ir"

// Substrate sugar (LANGUAGE-DSS §3.14), as far as both front ends lower it
// the same way: the classes operators over Substrate values become, and the
// virtual arguments of a BSDF with the conversions that feed its real pins.
// Class names are the Substrate namespace's short names (Substrate.Add);
// the 1.x front end maps them to its engine classes (SubstrateAdd).

// SubstrateOperator is the class an operator over Substrate values lowers
// to (S1) and its pins, in operand order.
type SubstrateOperator struct {
	Class string
	Pins  []string
}

var (
	// SubstrateSum is a + b over two Substrate values.
	SubstrateSum = SubstrateOperator{Class: "Add", Pins: []string{"A", "B"}}
	// SubstrateWeight is a Substrate value times a scalar, on either side:
	// the Substrate value first.
	SubstrateWeight = SubstrateOperator{Class: "Weight", Pins: []string{"A", "Weight"}}
	// SubstrateMix is lerp(a, b, t) over two Substrate values.
	SubstrateMix = SubstrateOperator{Class: "HorizontalMixing", Pins: []string{"Background", "Foreground", "Mix"}}
)

// SubstrateFamily is one family of a BSDF's virtual arguments (S3): names
// a call may give that are not pins of the class, converted into the pins
// they feed.
type SubstrateFamily struct {
	Args      []string // the virtual argument names, in the conversion's input order
	Widths    []int    // their float widths
	Convert   string   // the conversion class; "" when the front end computes the feed (IOR)
	Feeds     []string // the BSDF pins it feeds, in the conversion's output order
	Conflicts []string // arguments it may not be combined with (DSH5295)
}

// The families in the order the 2.0 front end applies them.
const (
	FamilyMetalness = iota
	FamilyHaziness
	FamilyTransmittance
	FamilyIOR
)

// SubstrateFamilies are the virtual-argument families, indexed by the
// Family constants. The 1.x front end knows the Metalness and IOR ones
// (its Slab sugar); the 2.0 front end all.
var SubstrateFamilies = []SubstrateFamily{
	FamilyMetalness: {Args: []string{"BaseColor", "Metallic", "Specular"}, Widths: []int{3, 1, 1}, Convert: "MetalnessToDiffuseAlbedoF0",
		Feeds: []string{"DiffuseAlbedo", "F0"}, Conflicts: []string{"DiffuseAlbedo", "F0", "IOR"}},
	FamilyHaziness: {Args: []string{"Haziness"}, Widths: []int{1}, Convert: "HazinessToSecondaryRoughness",
		Feeds: []string{"SecondRoughness", "SecondRoughnessWeight"}, Conflicts: []string{"SecondRoughness", "SecondRoughnessWeight"}},
	FamilyTransmittance: {Args: []string{"Transmittance", "Thickness"}, Widths: []int{3, 1}, Convert: "TransmittanceToMFP",
		Feeds: []string{"SSSMFP"}, Conflicts: []string{"SSSMFP"}},
	FamilyIOR: {Args: []string{"IOR"}, Widths: []int{1}, Feeds: []string{"F0"}, Conflicts: []string{"F0", "Specular", "Metallic", "BaseColor"}},
}

// F0FromIOR is the reflectance at normal incidence of a constant index of
// refraction, ((n-1)/(n+1))². The 2.0 front end guards n = -1 (0, as the
// graph's Divide would give); the 1.x front end never did, and an IOR of -1
// stays infinite there.
func F0FromIOR(n float64, d Dialect) float64 {
	if d == Dialect2 && n == -1 {
		return 0
	}
	r := (n - 1) / (n + 1)
	return r * r
}

// Connect is the operator's pins fed by refs, in operand order.
func (o SubstrateOperator) Connect(refs ...ir.Ref) []ir.Pin {
	pins := make([]ir.Pin, len(refs))
	for i, r := range refs {
		pins[i] = ir.Pin{Name: o.Pins[i], Ref: r}
	}
	return pins
}
