package main

import (
	"flag"
	"fmt"
	"io"
	"reflect"
	"strings"
)

// printFlags is the flag list of -h, in the spelling of the synopses:
// `--name` (`-v` for a one-letter flag), where flag.PrintDefaults writes
// `-name`. Both spellings parse; the help shows the one people type. An
// alias (two names bound to one variable, as bench's --pack-timeout is to
// --timeout) is listed once, under the name that is not "the same as"
// another, with its other names beside it.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	aliases := map[string][]string{} // main name → its other names
	isAlias := map[string]bool{}
	var all []*flag.Flag
	fs.VisitAll(func(f *flag.Flag) { all = append(all, f) })
	for i, f := range all {
		if isAlias[f.Name] {
			continue
		}
		group := []*flag.Flag{f}
		for _, g := range all[i+1:] {
			if sameVariable(f.Value, g.Value) {
				group = append(group, g)
			}
		}
		main := group[0]
		for _, g := range group {
			if !strings.HasPrefix(g.Usage, "the same as --") {
				main = g
				break
			}
		}
		for _, g := range group {
			if g != main {
				aliases[main.Name] = append(aliases[main.Name], g.Name)
				isAlias[g.Name] = true
			}
		}
	}
	for _, f := range all {
		if isAlias[f.Name] {
			continue
		}
		var b strings.Builder
		b.WriteString("  " + dashed(f.Name))
		for _, a := range aliases[f.Name] {
			b.WriteString(", " + dashed(a))
		}
		typ, usage := flag.UnquoteUsage(f)
		if typ != "" {
			b.WriteString(" " + typ)
		}
		// as flag.PrintDefaults: a short flag's usage on its line
		if b.Len() <= 4 {
			b.WriteString("\t")
		} else {
			b.WriteString("\n    \t")
		}
		b.WriteString(strings.ReplaceAll(usage, "\n", "\n    \t"))
		if !isZeroDefault(f) {
			if s, ok := getValue(f).(string); ok {
				fmt.Fprintf(&b, " (default %q)", s)
			} else {
				fmt.Fprintf(&b, " (default %v)", f.DefValue)
			}
		}
		fmt.Fprintln(w, b.String())
	}
}

// dashed is a flag's name as the synopses write it.
func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// sameVariable reports whether two flags set one variable: flag's own
// values are pointers to it, so aliases hold equal pointers.
func sameVariable(a, b flag.Value) bool {
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	return va.Kind() == reflect.Pointer && vb.Kind() == reflect.Pointer &&
		va.Type() == vb.Type() && va.Pointer() == vb.Pointer()
}

func getValue(f *flag.Flag) any {
	if g, ok := f.Value.(flag.Getter); ok {
		return g.Get()
	}
	return nil
}

// isZeroDefault reports whether the default is the zero value of the
// flag's type (flag.PrintDefaults leaves it out too). The zero is asked for
// its String only behind a pointer, as every Value of package flag and of
// this command that is a pointer says its zero without dereferencing
// anything more; a Value that is no pointer (flag.Func's, flag.TextVar's,
// whose zero String would call through a nil interface) has a zero
// default only when it is empty.
func isZeroDefault(f *flag.Flag) bool {
	t := reflect.TypeOf(f.Value)
	if t.Kind() != reflect.Pointer {
		return f.DefValue == ""
	}
	return f.DefValue == reflect.New(t.Elem()).Interface().(flag.Value).String()
}
