package kubectl

import (
	"errors"

	"github.com/kubeplay/kubeplay/core/api/labels"
)

func init() {
	// NewCmdTop's topLong: paragraphs and a list. It has no Example.
	helpTexts["kubectl top"] = helpText{
		long: "Display resource (CPU/memory) usage.\n\n" +
			" This command provides a view of recent resource consumption for nodes and pods. It fetches metrics from the Metrics Server, which aggregates this data from the kubelet on each node. The Metrics Server must be installed and running in the cluster for this command to work.\n\n" +
			" The metrics shown are specifically optimized for Kubernetes autoscaling decisions, such as those made by the Horizontal Pod Autoscaler (HPA) and Vertical Pod Autoscaler (VPA). Because of this, the values may not match those from standard OS tools like 'top', as the metrics are designed to provide a stable signal for autoscalers rather than for pinpoint accuracy.\n\n" +
			" When to use this command:\n\n" +
			"  *  For on-the-fly spot-checks of resource usage (e.g. identify which pods are consuming the most resources at a glance, or get a quick sense of the load on your nodes)\n" +
			"  *  Understand current resource consumption patterns\n" +
			"  *  Validate the behavior of your HPA or VPA configurations by seeing the metrics they use for scaling decisions.\n\n" +
			" It is not intended to be a replacement for full-featured monitoring solutions. Its primary design goal is to provide a low-overhead signal for autoscalers, not to be a perfectly accurate monitoring tool. For high-accuracy reporting, historical analysis, dashboarding, or alerting, you should use a dedicated monitoring solution.",
	}
	// NewCmdTopPod's and NewCmdTopNode's topPodLong, topPodExample,
	// topNodeLong and topNodeExample, as the templater normalises them
	// (see helpText); their Use lines are the commands' usage.
	helpTexts["kubectl top pod"] = helpText{
		long: "Display resource (CPU/memory) usage of pods.\n\n" +
			" The 'top pod' command allows you to see the resource consumption of pods.\n\n" +
			" Due to the metrics pipeline delay, they may be unavailable for a few minutes since pod creation.",
		example: "  # Show metrics for all pods in the default namespace\n" +
			"  kubectl top pod\n" +
			"  \n" +
			"  # Show metrics for all pods in the given namespace\n" +
			"  kubectl top pod --namespace=NAMESPACE\n" +
			"  \n" +
			"  # Show metrics for a given pod and its containers\n" +
			"  kubectl top pod POD_NAME --containers\n" +
			"  \n" +
			"  # Show metrics for the pods defined by label name=myLabel\n" +
			"  kubectl top pod -l name=myLabel",
	}
	helpTexts["kubectl top node"] = helpText{
		long: "Display resource (CPU/memory) usage of nodes.\n\n" +
			" The top-node command allows you to see the resource consumption of nodes.",
		example: "  # Show metrics for all nodes\n" +
			"  kubectl top node\n" +
			"  \n" +
			"  # Show metrics for a given node\n" +
			"  kubectl top node NODE_NAME",
	}
}

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
