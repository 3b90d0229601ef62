// Package readmeregion is how the commands that measure what README.md
// quotes (internal/readmefigures, internal/perftable) rewrite their part of
// it: the text between a begin and an end marker, each there exactly once,
// and nothing else.
package readmeregion

import (
	"errors"
	"os"
	"strings"
)

// Markers are a region's begin and end lines.
type Markers struct{ Begin, End string }

// Split cuts text around the one region m marks.
func (m Markers) Split(text string) (before, after string, err error) {
	i, j := strings.Index(text, m.Begin), strings.Index(text, m.End)
	if i < 0 || j < i || strings.Count(text, m.Begin) != 1 || strings.Count(text, m.End) != 1 {
		return "", "", errors.New("want exactly one " + m.Begin + " … " + m.End + " region")
	}
	return text[:i], text[j+len(m.End):], nil
}

// Check reads path and says whether it has the one region, before a
// command spends minutes measuring what goes in it.
func (m Markers) Check(path string) error {
	text, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if _, _, err := m.Split(string(text)); err != nil {
		return errors.New(path + ": " + err.Error())
	}
	return nil
}

// Rewrite puts body between the markers of the file at path (as it is
// now, not as Check read it).
func (m Markers) Rewrite(path, body string) error {
	text, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	before, after, err := m.Split(string(text))
	if err != nil {
		return errors.New(path + ": " + err.Error())
	}
	return os.WriteFile(path, []byte(before+m.Begin+"\n"+body+m.End+after), 0o644)
}
