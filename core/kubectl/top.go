package kubectl

import (
	"errors"

	"github.com/kubeplay/kubeplay/core/api/labels"
)

// topCommand is NewCmdTop (staging/src/k8s.io/kubectl/pkg/cmd/top) with
// its node and pod subcommands. The playground's cluster, like a fresh
// kind cluster, runs no metrics-server, so the discovery check of
// RunTopNode and RunTopPod (SupportedMetricsAPIVersionAvailable: no
// metrics.k8s.io/v1beta1 group) fails after the arguments are checked.
func topCommand() *command {
	top := &command{name: "top", short: "Display resource (CPU/memory) usage"}
	top.add(
		&command{name: "node", aliases: []string{"nodes", "no"}, short: "Display resource (CPU/memory) usage of nodes", run: runTopNode,
			usage: "kubectl top node [NAME | -l label] [options]",
			flags: flags(selectorFlag,
				flagDef{name: "sort-by", kind: kindString},
				flagDef{name: "no-headers", kind: kindBool},
				flagDef{name: "show-capacity", kind: kindBool},
				flagDef{name: "use-protocol-buffers", kind: kindBool, def: "true"})},
		&command{name: "pod", aliases: []string{"pods", "po"}, short: "Display resource (CPU/memory) usage of pods", run: runTopPod,
			usage: "kubectl top pod [NAME | -l label] [options]",
			flags: flags(selectorFlag, fieldSelFlag, allNSFlag,
				flagDef{name: "sort-by", kind: kindString},
				flagDef{name: "containers", kind: kindBool},
				flagDef{name: "no-headers", kind: kindBool},
				flagDef{name: "sum", kind: kindBool},
				flagDef{name: "use-protocol-buffers", kind: kindBool, def: "true"})},
	)
	return top
}

// errMetricsUnavailable is RunTopNode's and RunTopPod's error when the
// server offers no metrics API.
var errMetricsUnavailable = errors.New("Metrics API not available")

// runTopNode is TopNodeOptions' Complete, Validate and RunTopNode up to
// the metrics API check.
func runTopNode(e *env, c *command, fs *flagSet, args []string) error {
	if len(args) > 1 {
		return usageErrorf(c, "%s", "node [NAME | -l label]")
	}
	if err := validateTopSortBy(fs); err != nil {
		return err
	}
	if len(args) == 1 && fs.string("selector") != "" {
		return errors.New("only one of NAME or --selector can be provided")
	}
	if err := parseTopSelector(fs); err != nil {
		return err
	}
	return errMetricsUnavailable
}

// runTopPod is TopPodOptions' Complete, Validate and RunTopPod up to the
// metrics API check.
func runTopPod(e *env, c *command, fs *flagSet, args []string) error {
	if len(args) > 1 {
		return usageErrorf(c, "%s", "pod [NAME | -l label]")
	}
	if err := validateTopSortBy(fs); err != nil {
		return err
	}
	if len(args) == 1 && (fs.string("selector") != "" || fs.string("field-selector") != "") {
		return errors.New("only one of NAME or selector can be provided")
	}
	if err := parseTopSelector(fs); err != nil {
		return err
	}
	return errMetricsUnavailable
}

func validateTopSortBy(fs *flagSet) error {
	if s := fs.string("sort-by"); s != "" && s != "cpu" && s != "memory" {
		return errors.New("--sort-by accepts only cpu or memory")
	}
	return nil
}

// parseTopSelector is RunTop*'s labels.Parse of -l, which comes before
// the discovery call.
func parseTopSelector(fs *flagSet) error {
	if s := fs.string("selector"); s != "" {
		if _, err := labels.Parse(s); err != nil {
			return err
		}
	}
	return nil
}
