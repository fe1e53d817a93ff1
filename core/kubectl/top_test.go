package kubectl

import (
	"strings"
	"testing"
)

// A kind cluster runs no metrics-server: kubectl top checks its arguments,
// then finds no metrics.k8s.io API in discovery.
func TestTop(t *testing.T) {
	s := newSession(t, nil)
	// The long description is top.go's topLong as the markdown renderer
	// lays it out: paragraphs after a space, list items after "  *  ".
	long := helpTexts["kubectl top"].long
	for _, part := range []string{
		"Display resource (CPU/memory) usage.\n\n This command provides a view of recent resource consumption for nodes and pods. It fetches metrics",
		" for this command to work.\n\n The metrics shown are",
		"\n\n When to use this command:\n\n  *  For on-the-fly spot-checks of resource usage (e.g. identify which pods are consuming",
		"on your nodes)\n  *  Understand current resource consumption patterns\n  *  Validate",
		"scaling decisions.\n\n It is not intended",
	} {
		if !strings.Contains(long, part) {
			t.Errorf("kubectl top's long description lacks %q", part)
		}
	}
	topHelp := long + "\n\n" +
		"Available Commands:\n" +
		"  node          Display resource (CPU/memory) usage of nodes\n" +
		"  pod           Display resource (CPU/memory) usage of pods\n\n" +
		"Usage:\n  kubectl top [flags] [options]\n\n" +
		"Use \"kubectl top <command> --help\" for more information about a given command.\n" +
		"Use \"kubectl options\" for a list of global command-line options (applies to all commands).\n"
	for _, tc := range []struct {
		line, stdout, stderr string
		code                 int
	}{
		{"kubectl top pod", "", "error: Metrics API not available\n", 1},
		{"kubectl top pods web -n kube-system", "", "error: Metrics API not available\n", 1},
		{"kubectl top po -A --containers --sort-by=memory", "", "error: Metrics API not available\n", 1},
		{"kubectl top node", "", "error: Metrics API not available\n", 1},
		{"kubectl top nodes node-1 --sort-by=cpu", "", "error: Metrics API not available\n", 1},
		{"kubectl top no -l kubernetes.io/os=linux", "", "error: Metrics API not available\n", 1},
		{"kubectl top pod a b", "", "error: pod [NAME | -l label]\nSee 'kubectl top pod -h' for help and examples\n", 1},
		{"kubectl top node a b", "", "error: node [NAME | -l label]\nSee 'kubectl top node -h' for help and examples\n", 1},
		{"kubectl top pod --sort-by=disk", "", "error: --sort-by accepts only cpu or memory\n", 1},
		{"kubectl top node --sort-by=disk", "", "error: --sort-by accepts only cpu or memory\n", 1},
		{"kubectl top pod web -l app=web", "", "error: only one of NAME or selector can be provided\n", 1},
		{"kubectl top pod web --field-selector=status.phase=Running", "", "error: only one of NAME or selector can be provided\n", 1},
		{"kubectl top node node-1 -l a=b", "", "error: only one of NAME or --selector can be provided\n", 1},
		{"kubectl top pod -l a=b=c", "", "error: found '=', expected: ',' or 'end of string'\n", 1},
		{"kubectl top", "", topHelp, 1},
	} {
		r := s.run(tc.line)
		if r.Stdout != tc.stdout || r.Stderr != tc.stderr || r.ExitCode != tc.code {
			t.Errorf("$ %s\n got stdout %q stderr %q (exit %d)\nwant stdout %q stderr %q (exit %d)",
				tc.line, r.Stdout, r.Stderr, r.ExitCode, tc.stdout, tc.stderr, tc.code)
		}
	}
}

// kubectl top pod --help and kubectl top node --help: their Long,
// Example, aliases and Use lines. (kubectl top's help is in TestTop.)
func TestTopHelp(t *testing.T) {
	checkHelp(t, []helpCase{
		{"kubectl top pod --help",
			"Display resource (CPU/memory) usage of pods.\n\n The 'top pod' command allows you to see the resource consumption of pods.\n\n" +
				" Due to the metrics pipeline delay, they may be unavailable for a few minutes since pod creation.\n\nAliases:\npod, pods, po\n\nExamples:\n" +
				"  # Show metrics for all pods in the default namespace\n  kubectl top pod\n  \n",
			[]string{"  kubectl top pod -l name=myLabel\n\nUsage:\n  kubectl top pod [NAME | -l label] [options]\n"}},
		{"kubectl top node --help",
			"Display resource (CPU/memory) usage of nodes.\n\n The top-node command allows you to see the resource consumption of nodes.\n\nAliases:\nnode, nodes, no\n\nExamples:\n" +
				"  # Show metrics for all nodes\n  kubectl top node\n  \n  # Show metrics for a given node\n  kubectl top node NODE_NAME\n\n",
			[]string{"Usage:\n  kubectl top node [NAME | -l label] [options]\n"}},
		{"kubectl top --help", "Display resource (CPU/memory) usage.\n\n This command provides a view of recent resource consumption",
			[]string{"Available Commands:\n  node ", "Usage:\n  kubectl top [flags] [options]\n"}},
	})
}
