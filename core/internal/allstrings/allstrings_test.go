package allstrings

import (
	"slices"
	"testing"
)

func TestEachVisitsEveryStringOnce(t *testing.T) {
	var got []string
	Each("ab", 2, func(s string) { got = append(got, s) })
	want := []string{"", "a", "aa", "ab", "b", "ba", "bb"}
	if !slices.Equal(got, want) {
		t.Fatalf("visited %q, want %q", got, want)
	}
}
