package api

import "strings"

// SplitImageReference matches s against the reference grammar of
// github.com/distribution/reference (its anchored ReferenceRegexp,
// name[:tag][@digest]) and returns the three parts, "" for an absent tag or
// digest. It is a hand-written matcher, so the wasm build does not carry the
// regexp package; imageref_test.go checks it against the regular expression.
//
// The grammar makes the split unambiguous: no part may contain '@', so the
// digest follows the only '@'; the tag may not contain '/' and the name has
// ':' only in a registry host (which a '/' follows), so a ':' after the last
// '/' starts the tag.
func SplitImageReference(s string) (name, tag, digest string, ok bool) {
	name = s
	if i := strings.IndexByte(s, '@'); i >= 0 {
		name, digest = s[:i], s[i+1:]
		if !isRefDigest(digest) {
			return "", "", "", false
		}
	}
	if i := strings.LastIndexByte(name, ':'); i >= 0 && i > strings.LastIndexByte(name, '/') {
		name, tag = name[:i], name[i+1:]
		if !isRefTag(tag) {
			return "", "", "", false
		}
	}
	if !isRefName(name) {
		return "", "", "", false
	}
	return name, tag, digest, true
}

// IsImageID reports whether s is a bare image ID, 64 lowercase hex digits
// (^[a-f0-9]{64}$), which reference parsing rejects as a name.
func IsImageID(s string) bool { return len(s) == 64 && isLowerHex(s) }

// isLowerHex reports whether s is all [a-f0-9] (true for "").
func isLowerHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// isRefName matches (?:domain/)?path-component(?:/path-component)*.
func isRefName(s string) bool {
	comps := strings.Split(s, "/")
	for _, c := range comps[1:] {
		if !isRefPathComponent(c) {
			return false
		}
	}
	return isRefPathComponent(comps[0]) || len(comps) > 1 && isRefDomain(comps[0])
}

// isRefPathComponent matches [a-z0-9]+(?:(?:[._]|__|[-]+)[a-z0-9]+)*:
// lowercase alphanumeric runs joined by ".", "_", "__" or dashes.
func isRefPathComponent(s string) bool {
	i := 0
	for {
		start := i
		for i < len(s) && (s[i] >= 'a' && s[i] <= 'z' || s[i] >= '0' && s[i] <= '9') {
			i++
		}
		if i == start {
			return false // an empty run: at the start, the end or between separators
		}
		if i == len(s) {
			return true
		}
		start = i
		for i < len(s) && (s[i] == '.' || s[i] == '_' || s[i] == '-') {
			i++
		}
		switch sep := s[start:i]; {
		case sep == "." || sep == "_" || sep == "__":
		case sep != "" && strings.Trim(sep, "-") == "":
		default:
			return false
		}
	}
}

// isRefDomain matches the registry host with an optional port:
// (?:domain-component(?:\.domain-component)*|\[[a-fA-F0-9:]+\])(?::[0-9]+)?.
func isRefDomain(s string) bool {
	host, port, hasPort := s, "", false
	if strings.HasPrefix(s, "[") {
		end := strings.IndexByte(s, ']')
		if end < 0 {
			return false
		}
		host = s[1:end]
		if host == "" || strings.Trim(host, "0123456789abcdefABCDEF:") != "" {
			return false
		}
		rest := s[end+1:]
		if rest != "" {
			port, hasPort = strings.CutPrefix(rest, ":")
			if !hasPort {
				return false
			}
		}
	} else {
		host, port, hasPort = strings.Cut(s, ":")
		for _, c := range strings.Split(host, ".") {
			if !isRefDomainComponent(c) {
				return false
			}
		}
	}
	return !hasPort || port != "" && strings.Trim(port, "0123456789") == ""
}

// isRefDomainComponent matches [a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9].
func isRefDomainComponent(s string) bool {
	if s == "" || s[0] == '-' || s[len(s)-1] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isAlnum(s[i]) && s[i] != '-' {
			return false
		}
	}
	return true
}

// isRefTag matches [\w][\w.-]{0,127}.
func isRefTag(s string) bool {
	if s == "" || len(s) > 128 || s[0] == '.' || s[0] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isAlnum(c) && c != '_' && c != '.' && c != '-' {
			return false
		}
	}
	return true
}

// isRefDigest matches
// [A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*[:][[:xdigit:]]{32,}.
func isRefDigest(s string) bool {
	algo, hex, ok := strings.Cut(s, ":")
	if !ok || len(hex) < 32 || strings.Trim(hex, "0123456789abcdefABCDEF") != "" {
		return false
	}
	// Each component of the algorithm starts with a letter; separators are
	// single characters between components.
	atStart := true
	for i := 0; i < len(algo); i++ {
		switch c := algo[i]; {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			atStart = false
		case c >= '0' && c <= '9':
			if atStart {
				return false
			}
		case c == '-' || c == '_' || c == '+' || c == '.':
			if atStart {
				return false
			}
			atStart = true
		default:
			return false
		}
	}
	return !atStart
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
