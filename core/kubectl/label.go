package kubectl

// runLabel is `kubectl label` (staging/src/k8s.io/kubectl/pkg/cmd/label/
// label.go): "labeled", "unlabeled" (a removal without --overwrite) or
// "not labeled" (nothing changed); an existing label keeps its value
// unless --overwrite.
func runLabel(e *env, c *command, fs *flagSet, args []string) error {
	return e.labelOrAnnotate(fs, args, "label")
}
