package emit

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

func tableOf(t *testing.T, a *Asset) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteTable(&b, []*Asset{a}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// generatedRows is the "Generated nodes" listing, one string per line.
func generatedRows(out string) []string {
	listing := strings.SplitN(strings.SplitN(out, "Generated nodes:\n\n", 2)[1], "\n\n", 2)[0]
	return strings.Split(strings.TrimRight(listing, "\n"), "\n")
}

// One node reading many inputs has a long key; it used to pad every row of
// the asset to its length (516 characters on a real material). Short rows
// now stay short, and the long key wraps under its column with nothing
// lost.
func TestTableLongKeyDoesNotPadOtherRows(t *testing.T) {
	a := &Asset{Kind: "Material", Name: "M_Wide"}
	var reads []Input
	for i := range 12 {
		a.Nodes = append(a.Nodes, AssetNode{ID: i, Class: "ScalarParameter", Role: RoleValue,
			Props: []Prop{{Name: "ParameterName", Value: fmt.Sprintf("LongParameterName%02d", i)}}, Names: []string{fmt.Sprintf("P%d", i)}})
		reads = append(reads, Input{Pin: fmt.Sprintf("In%d", i), From: i})
	}
	a.Nodes = append(a.Nodes, AssetNode{ID: 12, Class: "CustomOutput", Role: RoleValue, Inputs: reads, Names: []string{"Wide"}})
	rows := generatedRows(tableOf(t, a))
	for _, r := range rows[:12] {
		if n := utf8.RuneCountInString(r); n > len("ScalarParameter")+2+keyColumn+len("  -> P10") {
			t.Errorf("a short row is %d runes long, padded to the long key: %q", n, r)
		}
	}
	for _, r := range rows {
		if n := utf8.RuneCountInString(r); n > 120 {
			t.Errorf("row of %d runes: %q", n, r)
		}
	}
	wide := strings.Join(rows[12:], "\n")
	if !strings.HasPrefix(rows[12], "CustomOutput") || !strings.Contains(rows[12], "-> Wide") {
		t.Errorf("the wide node's first line lacks its class or names: %q", rows[12])
	}
	for i := range 12 {
		if want := fmt.Sprintf("In%d=LongParameterName%02d", i, i); !strings.Contains(wide, want) {
			t.Errorf("the wrapped key lost %q:\n%s", want, wide)
		}
	}
	if len(rows) < 14 {
		t.Errorf("the long key did not wrap:\n%s", wide)
	}
}

// lerp(Bottom.BaseColor, Top.BaseColor, Alpha) reads two
// BreakMaterialAttributes that are both named BaseColor: the labels said
// BaseColor.basecolor for both. Each is now BaseColor#ID, and its row shows
// the same BaseColor#ID, so every label leads to one row.
func TestTableLabelsNameOneNode(t *testing.T) {
	a := &Asset{Kind: "MaterialLayerBlend", Name: "LB_Overlay", Nodes: []AssetNode{
		{ID: 0, Class: "FunctionInput", Role: RoleValue, Props: []Prop{{Name: "InputName", Value: "Bottom"}}, Names: []string{"Bottom"}},
		{ID: 1, Class: "FunctionInput", Role: RoleValue, Props: []Prop{{Name: "InputName", Value: "Top"}}, Names: []string{"Top"}},
		{ID: 2, Class: "BreakMaterialAttributes", Role: RoleValue, Inputs: []Input{{Pin: "MaterialAttributes", From: 0}}, Names: []string{"BaseColor"}, Outs: []string{"BaseColor", "Roughness"}},
		{ID: 3, Class: "BreakMaterialAttributes", Role: RoleValue, Inputs: []Input{{Pin: "MaterialAttributes", From: 1}}, Names: []string{"BaseColor"}, Outs: []string{"BaseColor", "Roughness"}},
		{ID: 4, Class: "ScalarParameter", Role: RoleValue, Props: []Prop{{Name: "ParameterName", Value: "Alpha"}}, Names: []string{"Alpha"}},
		{ID: 5, Class: "LinearInterpolate", Role: RoleValue, Inputs: []Input{{Pin: "A", From: 2}, {Pin: "B", From: 3}, {Pin: "Alpha", From: 4}}, Names: []string{"Mixed"}},
		{ID: 6, Class: "LinearInterpolate", Role: RoleValue, Inputs: []Input{{Pin: "A", From: 2, OutputIndex: 1}, {Pin: "B", From: 3, OutputIndex: 1}, {Pin: "Alpha", From: 4}}, Names: []string{"Roughness"}},
	}}
	out := tableOf(t, a)
	rows := generatedRows(out)
	for _, want := range []string{"A=BaseColor#2.basecolor B=BaseColor#3.basecolor Alpha=Alpha", "A=BaseColor#2.roughness B=BaseColor#3.roughness"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	for i, id := range map[int]string{2: "BaseColor#2", 3: "BaseColor#3"} {
		if !strings.HasSuffix(rows[i], "-> "+id) {
			t.Errorf("row %d should name itself %s: %q", i, id, rows[i])
		}
	}
	// A name that labels one node only is left alone.
	if strings.Contains(out, "Alpha#") || strings.Contains(out, "Bottom#") || !strings.HasSuffix(rows[4], "-> Alpha") {
		t.Errorf("an unshared name got an id:\n%s", out)
	}
}
