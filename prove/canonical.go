package prove

import (
	"regexp"
	"strconv"
	"strings"
)

// The cache keys a formula by what the solver is asked, not by how it was
// written: canonicalText keeps only the definitions and side conditions
// the claim reaches (a float64 cross-check, a lane the claim does not
// read, an application of a function it never meets), then renames what
// is left in order of appearance. Lane k of a float4 claim and the same
// scalar claim, or x*1 = x at widths 1 to 4, are then one key. Dropping
// what the claim does not reach changes no answer: every side condition
// is satisfiable on its own (0-or-1 leaves, square roots, Ackermann's
// equalities), so one that mentions none of the claim's names constrains
// nothing it reads.

var formulaName = regexp.MustCompile(`\b[tvur][0-9]+\b`)

func canonicalText(f *formula, differ string) string {
	type def struct {
		name, line string
		refs       []string
	}
	var defs []def
	index := map[string]int{}
	for _, line := range strings.Split(strings.TrimRight(f.b.String(), "\n"), "\n") {
		fields := strings.Fields(line)
		if len(fields) < 2 {
			continue
		}
		names := formulaName.FindAllString(line, -1)
		if len(names) == 0 {
			continue
		}
		index[fields[1]] = len(defs)
		defs = append(defs, def{name: fields[1], line: line, refs: names[1:]})
	}
	assertRefs := make([][]string, len(f.asserts))
	byName := map[string][]int{} // name → the asserts mentioning it
	for i, a := range f.asserts {
		assertRefs[i] = formulaName.FindAllString(a, -1)
		for _, n := range assertRefs[i] {
			byName[n] = append(byName[n], i)
		}
	}
	reached := map[string]bool{}
	keptAssert := make([]bool, len(f.asserts))
	work := formulaName.FindAllString(differ, -1)
	for len(work) > 0 {
		n := work[len(work)-1]
		work = work[:len(work)-1]
		if reached[n] {
			continue
		}
		reached[n] = true
		if i, ok := index[n]; ok {
			work = append(work, defs[i].refs...)
		}
		for _, i := range byName[n] {
			if !keptAssert[i] {
				keptAssert[i] = true
				work = append(work, assertRefs[i]...)
			}
		}
	}
	var b strings.Builder
	for _, d := range defs {
		if reached[d.name] {
			b.WriteString(d.line)
			b.WriteByte('\n')
		}
	}
	for i, a := range f.asserts {
		if keptAssert[i] {
			b.WriteString("(assert " + a + ")\n")
		}
	}
	b.WriteString("(assert " + differ + ")\n")
	renamed := map[string]string{}
	count := map[byte]int{}
	return formulaName.ReplaceAllStringFunc(b.String(), func(n string) string {
		if r, ok := renamed[n]; ok {
			return r
		}
		r := n[:1] + strconv.Itoa(count[n[0]])
		count[n[0]]++
		renamed[n] = r
		return r
	})
}
