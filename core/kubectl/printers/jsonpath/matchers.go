package jsonpath

import "strings"

// Hand-written matchers for upstream's three regular expressions, so the
// wasm build does not carry the regexp package; matchers_test.go checks
// them against the expressions.

// dictKey matches dictKeyRex, ^'([^']*)'$, and returns the group.
func dictKey(s string) (string, bool) {
	if len(s) < 2 || s[0] != '\'' || s[len(s)-1] != '\'' || strings.Contains(s[1:len(s)-1], "'") {
		return "", false
	}
	return s[1 : len(s)-1], true
}

// sliceOperator matches sliceOperatorRex, ^(-?[\d]*)(:-?[\d]*)?(:-?[\d]*)?$,
// and returns the three groups ("" for one that did not take part).
func sliceOperator(s string) ([3]string, bool) {
	var groups [3]string
	i := 0
	for k := range groups {
		start := i
		if k > 0 {
			if i == len(s) || s[i] != ':' {
				break
			}
			i++
		}
		if i < len(s) && s[i] == '-' {
			i++
		}
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		groups[k] = s[start:i]
	}
	return groups, i == len(s)
}

const filterOperatorChars = "!<>="

// filterParts matches filterRex, ^([^!<>=]+)([!<>=]+)(.+?)$, and returns
// the three groups: the left side up to the first operator character, the
// run of operator characters (less its last one when nothing follows it,
// as the right side may not be empty), and the right side, which may not
// hold a newline ('.' does not match one).
func filterParts(s string) ([3]string, bool) {
	i := strings.IndexAny(s, filterOperatorChars)
	if i <= 0 {
		return [3]string{}, false
	}
	j := i
	for j < len(s) && strings.IndexByte(filterOperatorChars, s[j]) >= 0 {
		j++
	}
	if j == len(s) {
		j--
	}
	if j == i || strings.Contains(s[j:], "\n") {
		return [3]string{}, false
	}
	return [3]string{s[:i], s[i:j], s[j:]}, true
}
