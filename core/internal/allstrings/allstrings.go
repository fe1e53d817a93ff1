// Package allstrings enumerates every short string over an alphabet, for
// the tests that prove a hand-written matcher equal to the regular
// expression it replaced (the wasm links no regexp package).
package allstrings

// Each calls f with every string of at most maxLen bytes taken from
// alphabet, depth first: "", then "a", "aa", ... before "b".
func Each(alphabet string, maxLen int, f func(string)) {
	var walk func(prefix string, n int)
	walk = func(prefix string, n int) {
		f(prefix)
		for i := 0; n > 0 && i < len(alphabet); i++ {
			walk(prefix+alphabet[i:i+1], n-1)
		}
	}
	walk("", maxLen)
}
