package images

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// enginePatterns exercise the matcher beyond what the catalogue uses today.
var enginePatterns = []string{
	`a`, `ab|a|`, `(?:a|ab)c`, `(?:a?){2,3}`, `[a-c0-9]{0,2}x?`, `(?:(?:ab|a)(?:bc|c)){1,2}`, `1\.(?:2|23)\.?3`,
	`(?:)`, `x(?:y|)z`, `[5-8](?:\.[0-9](?:\.[0-9]{1,2})?)?`,
}

// patternTags are tags to try: the catalogue's, version-like strings
// around every boundary of the patterns, words, and odd characters.
func patternTags() []string {
	tags := []string{"", ".", "..", "-", "a", "ab", "abc", "ac", "abbc", "x", "xz", "xyz", "xyyz", "aa", "aaa", "aaaa",
		"1.23", "1.2.3", "1.23.3", "1.223", "é", "1.16\n", "1.16 ", "1\xff",
		"mainline", "mainlinex", "stable-alpine", "perl", "edge", "jammy", "noble", "focal", "glibc", "musl", "uclibc",
		"latest", "sometag", "alpine"}
	for _, c := range catalogue {
		for _, t := range c.tags {
			tags = append(tags, t.tag)
		}
	}
	suffixes := []string{"", "-alpine", "-perl", "-alpine-slim", "-bookworm", "-bullseye", "-glibc", "-musl", "-uclibc",
		"-alpine-", "alpine", "-"}
	for major := 0; major <= 30; major++ {
		m := fmt.Sprint(major)
		for _, minor := range []string{"", "0", "4", "04", "7", "9", "10", "19", "20", "23", "24", "29", "30", "37", "38", "161", "x"} {
			v := m
			if minor != "" {
				v += "." + minor
			}
			for _, patch := range []string{"", ".0", ".9", ".12", ".123", ".", ".a"} {
				if minor == "" && patch != "" {
					continue
				}
				for _, s := range suffixes {
					tags = append(tags, v+patch+s)
				}
			}
		}
	}
	return tags
}

func allPatterns() []string {
	ps := append([]string{}, enginePatterns...)
	for _, c := range catalogue {
		if c.pattern != "" {
			ps = append(ps, c.pattern)
		}
	}
	return ps
}

func TestTagPatternMatchesRegexp(t *testing.T) {
	tags := patternTags()
	for _, p := range allPatterns() {
		re, tp := regexp.MustCompile(`^(?:`+p+`)$`), compileTagPattern(p)
		for _, tag := range tags {
			if got, want := tp.MatchString(tag), re.MatchString(tag); got != want {
				t.Fatalf("pattern %q on %q: %v, the regexp says %v", p, tag, got, want)
			}
		}
	}
}

func FuzzTagPattern(f *testing.F) {
	ps := allPatterns()
	res, tps := make([]*regexp.Regexp, len(ps)), make([]tagPattern, len(ps))
	for i, p := range ps {
		res[i], tps[i] = regexp.MustCompile(`^(?:`+p+`)$`), compileTagPattern(p)
	}
	for i, tag := range patternTags() {
		if i%97 == 0 { // a sample: the table test tries them all
			f.Add(uint8(i), tag)
		}
	}
	f.Fuzz(func(t *testing.T, i uint8, tag string) {
		k := int(i) % len(ps)
		if got, want := tps[k].MatchString(tag), res[k].MatchString(tag); got != want {
			t.Fatalf("pattern %q on %q: %v, the regexp says %v", ps[k], tag, got, want)
		}
	})
}

func TestTagPatternRejectsOtherSyntax(t *testing.T) {
	for _, p := range []string{`a*`, `a+`, `.`, `^a`, `a$`, `(a)`, `(?:a`, `a)`, `[^a]`, `[a`, `[\d]`, `\d`, `a{2}`,
		`a{,2}`, `a{1,}`, `a{3,2}`, `a??`, `a?{1,2}`, `[]`, `[a-]`} {
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "tag pattern") {
					t.Errorf("compileTagPattern(%q) did not panic with a tag pattern error: %v", p, r)
				}
			}()
			compileTagPattern(p)
		}()
	}
}
