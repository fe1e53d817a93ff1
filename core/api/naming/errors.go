package naming

import "strconv"

// MaxLenError explains a "string too long" failure. Models
// content.MaxLenError: upstream counts bytes (len), and since the content
// package took these helpers over its message says so.
func MaxLenError(length int) string {
	return "must be no more than " + strconv.Itoa(length) + " bytes"
}

// RegexError explains a failed format check: the human rule, then the
// examples and the regex. Models validation.RegexError, including its quirk
// of a double space before each "or" ("'a',  or 'b'"), which users see in
// real API server messages.
func RegexError(msg string, re string, examples ...string) string {
	if len(examples) == 0 {
		return msg + " (regex used for validation is '" + re + "')"
	}
	msg += " (e.g. "
	for i, ex := range examples {
		if i > 0 {
			msg += " or "
		}
		msg += "'" + ex + "', "
	}
	return msg + "regex used for validation is '" + re + "')"
}

// EmptyError explains a "must not be empty" failure (validation.EmptyError).
func EmptyError() string {
	return "must be non-empty"
}

// InclusiveRangeError explains a numeric "must be between" failure
// (validation.InclusiveRangeError).
func InclusiveRangeError(lo, hi int) string {
	return "must be between " + strconv.Itoa(lo) + " and " + strconv.Itoa(hi) + ", inclusive"
}
