package scenario

// Suggest returns the candidate closest to s when it is a plausible typo of
// it (at most two edits), or "". The lesson format (core/lesson) words its
// "did you mean" the way the script's unknown verbs do.
func Suggest(s string, candidates []string) string { return suggest(s, candidates) }
