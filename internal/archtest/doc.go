// Package archtest holds no code: its test checks that imports flow the
// way ARCHITECTURE.md draws them (../shared/design/ARCHITECTURE.md and the
// README's layout table), so a new import that points back up the page
// fails the build's tests instead of waiting for a reader to notice.
package archtest
