package manifest

import (
	"strings"
	"testing"
)

func TestJSONDepth(t *testing.T) {
	for text, want := range map[string]int{
		`1`:                      0,
		`{}`:                     1,
		`{"a":[1,{"b":[]}]}`:     4,
		`{"a":"[[[[{{"}`:         1, // brackets in strings do not count
		`{"a":"\"[[["}`:          1, // nor after an escaped quote
		`[[],[],[]]`:             2,
		strings.Repeat("[", 500): 500,
	} {
		if got := JSONDepth([]byte(text)); got != want {
			t.Errorf("JSONDepth(%.40s) = %d, want %d", text, got, want)
		}
	}
}
