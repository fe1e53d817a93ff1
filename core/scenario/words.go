package scenario

import "strings"

// filenames returns the files a kubectl command line reads with -f or
// --filename (in every spelling: -f F, -fF, -f=F, --filename F,
// --filename=F, and comma-separated lists). `kubectl logs -f` (follow) reads no file, "-" is standard
// input, and words after "--" belong to the container.
func filenames(words []string) []string {
	var files []string
loop:
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch {
		case w == "--":
			break loop
		case w == "logs" || w == "attach":
			return nil
		case w == "-f" || w == "--filename":
			if i+1 < len(words) {
				files = append(files, words[i+1])
				i++
			}
		case strings.HasPrefix(w, "--filename="):
			files = append(files, strings.TrimPrefix(w, "--filename="))
		case strings.HasPrefix(w, "-f=") && len(w) > 3:
			files = append(files, w[3:])
		case strings.HasPrefix(w, "-f") && len(w) > 2 && w[2] != '-':
			files = append(files, w[2:])
		}
	}
	// -f is a string slice flag: commas separate names too.
	var out []string
	for _, f := range files {
		for _, name := range strings.Split(f, ",") {
			if name != "-" && name != "" {
				out = append(out, name)
			}
		}
	}
	return out
}
