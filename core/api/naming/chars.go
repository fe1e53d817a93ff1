package naming

// Byte classes shared by the format scanners. Upstream's regexes are ASCII
// only, so scanning bytes (not runes) is exact: any non-ASCII byte is simply
// outside every class.

func isLowerAlnum(c byte) bool { return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' }

func isAlnum(c byte) bool { return isLowerAlnum(c) || 'A' <= c && c <= 'Z' }

func isLowerAlpha(c byte) bool { return 'a' <= c && c <= 'z' }
