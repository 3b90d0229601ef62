package view

import (
	"embed"
	"encoding/base64"
	"fmt"
	"regexp"
	"strings"
	"sync"
)

// The built files of ueblueprint (npm, MIT), unchanged; ueblueprint/VERSION
// says where they come from.
//
//go:embed ueblueprint/ueblueprint.js ueblueprint/ueb-style.min.css ueblueprint/*.woff2 ueblueprint/LICENSE ueblueprint/VERSION
var vendored embed.FS

// UEBlueprintVersion is the version of the vendored ueblueprint.
const UEBlueprintVersion = "3.0.0"

var (
	inlineOnce    sync.Once
	inlineCSS     string
	inlineJS      string
	inlineLegal   string
	errVendored   error
	fontURL       = regexp.MustCompile(`url\("\.\./font/([A-Za-z0-9_.-]+\.woff2)"\)`)
	otherURL      = regexp.MustCompile(`url\(\s*["']?([^"')]*)`)
	unsafeInStyle = regexp.MustCompile(`(?i)</style`)
)

// inlined returns the stylesheet with its fonts as data: URIs, the script,
// and the licence text, ready to sit inside <style> and <script> elements.
// The vendored files are checked rather than trusted: an update that loads
// another file, or text that would end the element early, is an error, not
// a page that quietly needs the network.
func inlined() (css, js, legal string, err error) {
	inlineOnce.Do(func() {
		inlineCSS, inlineJS, inlineLegal, errVendored = loadVendored()
	})
	return inlineCSS, inlineJS, inlineLegal, errVendored
}

func loadVendored() (css, js, legal string, err error) {
	read := func(name string) string {
		if err != nil {
			return ""
		}
		var b []byte
		b, err = vendored.ReadFile("ueblueprint/" + name)
		return string(b)
	}
	css, js, legal = read("ueb-style.min.css"), read("ueblueprint.js"), read("LICENSE")
	if err != nil {
		return "", "", "", err
	}
	css = fontURL.ReplaceAllStringFunc(css, func(m string) string {
		name := fontURL.FindStringSubmatch(m)[1]
		font, ferr := vendored.ReadFile("ueblueprint/" + name)
		if ferr != nil {
			err = fmt.Errorf("view: the stylesheet loads %s, which is not vendored", name)
			return m
		}
		return `url("data:font/woff2;base64,` + base64.StdEncoding.EncodeToString(font) + `")`
	})
	if err != nil {
		return "", "", "", err
	}
	for _, m := range otherURL.FindAllStringSubmatch(css, -1) {
		if !strings.HasPrefix(m[1], "data:") {
			return "", "", "", fmt.Errorf("view: the stylesheet refers to %q, which a page cannot load offline", m[1])
		}
	}
	if !inlineableScript(js) || unsafeInStyle.MatchString(css) {
		return "", "", "", fmt.Errorf("view: the vendored files hold text that would end an inline element")
	}
	return css, js, legal, nil
}

// inlineableScript says whether js can sit between <script> and </script>
// and end only there. By the HTML parser's script-data states: "</script"
// anywhere ends it; after "<!--", a "<script" before the next "-->" enters
// the double-escaped state, where the next "</script" no longer ends it.
// ueblueprint has both "<!--" (a regular expression) and "<Script" (a JSDoc
// type), but never in that order within one comment-like stretch.
func inlineableScript(js string) bool {
	low := strings.ToLower(js)
	if strings.Contains(low, "</script") {
		return false
	}
	for rest := low; ; {
		i := strings.Index(rest, "<!--")
		if i < 0 {
			return true
		}
		rest = rest[i+len("<!--"):]
		end := strings.Index(rest, "-->")
		if end < 0 {
			end = len(rest)
		}
		if strings.Contains(rest[:end], "<script") {
			return false
		}
		rest = rest[end:]
	}
}
